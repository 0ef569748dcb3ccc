// Create project's required skills are entered like every other list (ui/ChipListField): Enter
// adds a skill and never creates the project; what is still typed when Create project is pressed
// is taken too, comma-separated.
import { screen, within } from '@testing-library/react';

import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { CreateProjectForm } from './CreateProjectForm';
import { createSubmitted } from './projectsSlice';

function renderForm() {
  const store = createStoreWithoutSagas();
  const rendered = renderWithProviders(<CreateProjectForm onClose={() => undefined} />, { store });
  const submitted = () => store.actions.filter(createSubmitted.match).map((action) => action.payload);
  return { ...rendered, submitted };
}

const chosen = () =>
  within(screen.getByRole('list', { name: 'Chosen skills' }))
    .getAllByRole('listitem')
    .map((chip) => chip.firstChild?.textContent);

describe('CreateProjectForm: required skills', () => {
  it('Enter in the skill field adds the skill as a chip and does not create the project', async () => {
    const { user, submitted } = renderForm();
    await user.type(screen.getByLabelText('Title', { exact: true }), 'Trail map');
    await user.type(screen.getByLabelText('Add required skills'), 'React{Enter}');
    expect(chosen()).toEqual(['React']);
    expect(screen.getByRole('group', { name: 'Required skills (1 of 10)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add required skills'), 'Docker, Rust{Enter}');
    expect(chosen()).toEqual(['React', 'Docker', 'Rust']);
    expect(submitted()).toEqual([]);
    expect(screen.getByLabelText('Add required skills')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(submitted()).toEqual([
      expect.objectContaining({ title: 'Trail map', requiredSkills: ['React', 'Docker', 'Rust'] }),
    ]);
  });

  it('Create project takes the skills still typed, comma-separated', async () => {
    const { user, submitted } = renderForm();
    await user.type(screen.getByLabelText('Title', { exact: true }), 'Trail map');
    await user.type(screen.getByLabelText('Add required skills'), 'Go{Enter}');
    await user.type(screen.getByLabelText('Add required skills'), 'React, Docker');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(submitted()).toEqual([expect.objectContaining({ requiredSkills: ['Go', 'React', 'Docker'] })]);
  });

  it('without any skill, the field is in error and has the focus; nothing is sent', async () => {
    const { user, submitted } = renderForm();
    await user.type(screen.getByLabelText('Title', { exact: true }), 'Trail map');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('List 1-10 required skills.')).toBeInTheDocument();
    const input = screen.getByLabelText('Add required skills');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(input).toHaveFocus();
    expect(submitted()).toEqual([]);
  });

  it('refuses a skill that is too long or already listed, on the field', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText('Add required skills');
    await user.type(input, `${'x'.repeat(31)}{Enter}`);
    expect(screen.getByText('Each skill must be at most 30 characters.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'React{Enter}react{Enter}');
    expect(screen.getByText('react is already listed.')).toBeInTheDocument();
    expect(chosen()).toEqual(['React']);
  });
});
