import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { profileCompleteness } from './dashboardLogic';
import { ProfileCompletenessMeter } from './ProfileCompletenessMeter';

function renderMeter(profile: { photoURL: string | null; bio: string; skills: string[] }) {
  render(
    <MemoryRouter>
      <ProfileCompletenessMeter completeness={profileCompleteness(profile)} />
    </MemoryRouter>,
  );
}

it('shows how complete the profile is, with each missing item as a link to the profile', () => {
  renderMeter({ photoURL: null, bio: 'Rust and coffee', skills: ['Rust'] });
  const meter = screen.getByRole('progressbar', { name: 'Profile completeness' });
  expect(meter).toHaveAttribute('value', '1');
  expect(meter).toHaveAttribute('max', '3');
  expect(meter).toHaveAttribute('aria-valuetext', '1 of 3 done');
  const missing = screen.getByRole('list', { name: 'To complete your profile' });
  expect(missing.querySelectorAll('a')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile');
  expect(screen.getByRole('link', { name: 'List at least 3 skills (you have 1)' })).toHaveAttribute('href', '/profile');
  expect(screen.queryByRole('link', { name: /bio/ })).not.toBeInTheDocument();
});

it('says so when the profile is complete', () => {
  renderMeter({ photoURL: 'https://example.test/me.png', bio: 'Hi', skills: ['Rust', 'Go', 'C'] });
  expect(screen.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('value', '3');
  expect(screen.queryByRole('list', { name: 'To complete your profile' })).not.toBeInTheDocument();
  expect(screen.getByText(/Your profile is complete/)).toBeInTheDocument();
});
