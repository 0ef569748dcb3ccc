import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import type { ChipListFieldProps } from './ChipListField';
import { chipDraftItems, ChipListField } from './ChipListField';

/** The field's texts, as a skills field would say them. */
const SKILL_TEXTS = {
  legend: 'Skills',
  addLabel: 'Add a skill',
  addButtonText: 'Add skill',
  itemsLabel: 'Your skills',
  emptyText: 'No skills yet.',
} satisfies Partial<ChipListFieldProps>;

type HarnessProps = Partial<
  Pick<ChipListFieldProps, 'validate' | 'focusOnInvalid' | 'announceError' | 'suggestions' | 'readOnly'>
> & {
  initial?: string[];
  max?: number;
};

function Harness({ initial = [], max = 3, ...rest }: HarnessProps) {
  const [items, setItems] = useState<string[]>(initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <form onSubmit={() => (document.body.dataset.submitted = 'yes')}>
      <ChipListField
        {...SKILL_TEXTS}
        items={items}
        onChange={setItems}
        max={max}
        hint="Up to three."
        error={error}
        onErrorChange={setError}
        {...rest}
      />
    </form>
  );
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Your skills' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

describe('ChipListField', () => {
  afterEach(() => {
    delete document.body.dataset.submitted;
  });

  it('adds a trimmed item with the button and with Enter, without submitting the form', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('No skills yet.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Skills (0 of 3)' })).toBeInTheDocument();

    const input = screen.getByLabelText('Add a skill');
    await user.type(input, '  Rust ');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(chips()).toEqual(['Rust×']);
    expect(input).toHaveValue('');

    await user.type(input, 'Go{Enter}');
    expect(chips()).toEqual(['Rust×', 'Go×']);
    expect(input).toHaveValue('');
    expect(document.body.dataset.submitted).toBeUndefined();
    expect(screen.getByRole('group', { name: 'Skills (2 of 3)' })).toBeInTheDocument();
  });

  it('refuses a duplicate case-insensitively and shows the error on the field', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['React']} />);
    const input = screen.getByLabelText('Add a skill');
    await user.type(input, 'react{Enter}');
    expect(chips()).toEqual(['React×']);
    expect(screen.getByText('react is already in the list.')).toHaveClass('field__error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('react');

    // Typing clears the error.
    await user.type(input, 'x');
    expect(screen.queryByText('react is already in the list.')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an item once max is reached, with the form validator when given', async () => {
    const user = userEvent.setup();
    const validate = (item: string, items: readonly string[]) => (items.length >= 2 ? `No room for ${item}.` : null);
    render(<Harness initial={['Go', 'Rust']} max={2} validate={validate} announceError />);
    await user.type(screen.getByLabelText('Add a skill'), 'Zig{Enter}');
    expect(chips()).toEqual(['Go×', 'Rust×']);
    expect(screen.getByRole('alert')).toHaveTextContent('No room for Zig.');
  });

  it('refuses an item once max is reached with the default checks', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Go', 'Rust']} max={2} />);
    await user.type(screen.getByLabelText('Add a skill'), 'Zig');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(chips()).toEqual(['Go×', 'Rust×']);
    expect(screen.getByText('You can add up to 2.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('returns focus to the input after a refused add only when asked to', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(screen.getByRole('button', { name: 'Add skill' })).toHaveFocus();
    unmount();

    render(<Harness focusOnInvalid />);
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(screen.getByText('Enter a value.')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a skill')).toHaveFocus();
  });

  it('removes a chip and returns focus to the input', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Go', 'Rust']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Go' }));
    expect(chips()).toEqual(['Rust×']);
    expect(screen.getByLabelText('Add a skill')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Rust' }));
    expect(screen.queryByRole('list', { name: 'Your skills' })).not.toBeInTheDocument();
    expect(screen.getByText('No skills yet.')).toBeInTheDocument();
  });

  it('offers only the suggestions not chosen yet', () => {
    const { container } = render(<Harness initial={['react']} suggestions={['React', 'Go']} />);
    const options = [...container.querySelectorAll('datalist option')].map((option) => option.getAttribute('value'));
    expect(options).toEqual(['Go']);
    expect(screen.getByLabelText('Add a skill')).toHaveAttribute('list', container.querySelector('datalist')?.id);
  });
});

describe('ChipListField: several items, the draft, read-only', () => {
  it('adds each item of a comma-separated draft, skipping empty pieces, without submitting', async () => {
    const user = userEvent.setup();
    render(<Harness max={5} />);
    await user.type(screen.getByLabelText('Add a skill'), 'Rust, Go,, Zig,{Enter}');
    expect(chips()).toEqual(['Rust×', 'Go×', 'Zig×']);
    expect(screen.getByLabelText('Add a skill')).toHaveValue('');
    expect(document.body.dataset.submitted).toBeUndefined();
  });

  it('stops at the first refused item: those before it are added, it and the rest stay typed', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Go']} max={5} />);
    await user.type(screen.getByLabelText('Add a skill'), 'Rust, go, Zig{Enter}');
    expect(chips()).toEqual(['Go×', 'Rust×']);
    expect(screen.getByLabelText('Add a skill')).toHaveValue('go, Zig');
    expect(screen.getByText('go is already in the list.')).toBeInTheDocument();
  });

  it('only commas count as an empty draft', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Add a skill'), ' , {Enter}');
    expect(screen.getByText('Enter a value.')).toBeInTheDocument();
    expect(screen.getByText('No skills yet.')).toBeInTheDocument();
  });

  it('lets the form hold the draft, to take what is still typed', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Controlled() {
      const [items, setItems] = useState<string[]>([]);
      const [draft, setDraft] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            seen.push([...items, ...chipDraftItems(draft)].join('|'));
          }}
        >
          <ChipListField
            {...SKILL_TEXTS}
            items={items}
            onChange={setItems}
            max={5}
            onErrorChange={() => undefined}
            draft={draft}
            onDraftChange={setDraft}
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Controlled />);
    await user.type(screen.getByLabelText('Add a skill'), 'Rust{Enter}Go, Zig');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(seen).toEqual(['Rust|Go|Zig']);
  });

  it('changes nothing while read-only', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Go']} readOnly />);
    expect(screen.getByLabelText('Add a skill')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Add skill' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Go' })).toBeDisabled();
    await user.type(screen.getByLabelText('Add a skill'), '{Enter}');
    expect(chips()).toEqual(['Go×']);
  });

  it('chipDraftItems: the items of a draft, trimmed, without empty ones', () => {
    expect(chipDraftItems(' React, Docker ,, ')).toEqual(['React', 'Docker']);
    expect(chipDraftItems('')).toEqual([]);
    expect(chipDraftItems('a b', (text) => text.toUpperCase().trim())).toEqual(['A B']);
  });
});
