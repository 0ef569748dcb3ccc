import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';

import { limitAnnouncement, limitBand } from './characterLimit';
import { TextField } from './TextField';

function Bio({ error, countTrimmed }: { error?: string; countTrimmed?: boolean }) {
  const [bio, setBio] = useState('');
  return (
    <TextField
      multiline
      rows={3}
      label="Bio"
      value={bio}
      charLimit={20}
      countTrimmed={countTrimmed}
      hint="A line about you."
      error={error}
      onChange={(event) => setBio(event.target.value)}
    />
  );
}

const liveRegion = () => document.querySelector('[aria-live="polite"]');

test('the textarea variant is labelled and described by its hint, count and error, in that order', () => {
  render(<Bio error="Too long." />);
  const bio = screen.getByRole('textbox', { name: 'Bio' });
  expect(bio.tagName).toBe('TEXTAREA');
  expect(bio).toHaveAttribute('rows', '3');
  expect(bio).toHaveAttribute('aria-invalid', 'true');
  expect(bio).toHaveAccessibleDescription('A line about you. 0 / 20 characters Too long.');
});

test('the count follows the text and is marked once the text passes the limit', async () => {
  const user = userEvent.setup();
  render(<Bio />);
  const bio = screen.getByRole('textbox', { name: 'Bio' });
  await user.type(bio, 'x'.repeat(20));
  expect(screen.getByText('20 / 20 characters')).not.toHaveClass('field__count--over');
  await user.type(bio, 'x');
  expect(screen.getByText('21 / 20 characters')).toHaveClass('field__count--over');
  expect(bio).toHaveAccessibleDescription(expect.stringContaining('21 / 20 characters'));
});

test('a trimmed count leaves out the spaces around the text', async () => {
  const user = userEvent.setup();
  render(<Bio countTrimmed />);
  await user.type(screen.getByRole('textbox', { name: 'Bio' }), '  hi  ');
  expect(screen.getByText('2 / 20 characters')).toBeInTheDocument();
});

test('screen readers hear the count near the limit and past it, not on every keystroke', async () => {
  const user = userEvent.setup();
  render(<Bio />);
  const bio = screen.getByRole('textbox', { name: 'Bio' });
  const region = liveRegion();
  expect(region).toHaveAttribute('aria-atomic', 'true');

  const heard: string[] = [];
  const observer = new MutationObserver(() => heard.push(region?.textContent ?? ''));
  observer.observe(region!, { childList: true, characterData: true, subtree: true });

  await user.type(bio, 'x'.repeat(17));
  expect(region).toHaveTextContent(/^$/);
  await user.type(bio, 'x');
  expect(region).toHaveTextContent('2 characters left.');
  await user.type(bio, 'xx');
  // Still the words said on entering the band: typing on near the limit says nothing new.
  expect(region).toHaveTextContent('2 characters left.');
  await user.type(bio, 'x');
  expect(region).toHaveTextContent('1 character over the limit of 20.');
  await user.type(bio, 'xx');
  expect(region).toHaveTextContent('1 character over the limit of 20.');
  await user.type(bio, '{Backspace}{Backspace}{Backspace}');
  expect(region).toHaveTextContent('0 characters left.');
  await user.clear(bio);
  expect(region).toHaveTextContent(/^$/);
  await new Promise((resolve) => setTimeout(resolve, 0));
  observer.disconnect();

  expect(heard.filter(Boolean)).toEqual([
    '2 characters left.',
    '1 character over the limit of 20.',
    '0 characters left.',
  ]);
});

test('a field without a limit has no count and no live region; the input variant takes a ref', () => {
  const ref = createRef<HTMLInputElement>();
  render(<TextField label="Name" hint="Your name." inputRef={ref} defaultValue="Ada" />);
  const name = screen.getByRole('textbox', { name: 'Name' });
  expect(name).toBe(ref.current);
  expect(name.tagName).toBe('INPUT');
  expect(name).toHaveAccessibleDescription('Your name.');
  expect(liveRegion()).toBeNull();
  expect(screen.queryByText(/characters/)).toBeNull();
});

test('bands and announcements', () => {
  expect(limitBand(89, 100)).toBe('under');
  expect(limitBand(90, 100)).toBe('near');
  expect(limitBand(100, 100)).toBe('near');
  expect(limitBand(101, 100)).toBe('over');
  expect(limitAnnouncement(50, 100)).toBe('');
  expect(limitAnnouncement(1990, 2000)).toBe('10 characters left.');
  expect(limitAnnouncement(3500, 2000)).toBe('1,500 characters over the limit of 2,000.');
});
