import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { MarkdownEditor } from './MarkdownEditor';

function Harness({ initial = '', error = null }: { initial?: string; error?: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <form aria-label="New comment">
      <MarkdownEditor
        label="Write a comment"
        name="body"
        value={value}
        onChange={setValue}
        maxLength={20}
        error={error}
      />
    </form>
  );
}

test("the textarea has the caller's label and name, and a character count of the trimmed text", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const textarea = screen.getByLabelText('Write a comment');
  expect(textarea.tagName).toBe('TEXTAREA');
  expect(textarea).toHaveAttribute('name', 'body');
  expect(textarea).toHaveAccessibleDescription('0 / 20 characters');
  await user.type(textarea, '  hello  ');
  expect(textarea).toHaveAccessibleDescription('5 / 20 characters');
  await user.type(textarea, 'x'.repeat(20));
  expect(screen.getByText('27 / 20 characters')).toHaveClass('field__count--over');
});

test('an error marks the textarea invalid and is announced', () => {
  render(<Harness initial="text" error="A comment can be at most 20 characters" />);
  const textarea = screen.getByLabelText('Write a comment');
  expect(textarea).toHaveAttribute('aria-invalid', 'true');
  expect(textarea).toHaveAccessibleDescription('4 / 20 characters A comment can be at most 20 characters');
  expect(screen.getByRole('alert')).toHaveTextContent('A comment can be at most 20 characters');
});

test('Write and Preview are tabs: Preview renders the Markdown with the same renderer', async () => {
  const user = userEvent.setup();
  render(<Harness initial={'Some **bold** text\n\n```ts\nconst x = 1;\n```'} />);
  const tablist = screen.getByRole('tablist', { name: 'Write or preview' });
  const [write, preview] = within(tablist).getAllByRole('tab');
  expect(write).toHaveAccessibleName('Write');
  expect(preview).toHaveAccessibleName('Preview');
  expect(write).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Write' })).toContainElement(screen.getByLabelText('Write a comment'));

  await user.click(preview!);
  expect(preview).toHaveAttribute('aria-selected', 'true');
  expect(write).toHaveAttribute('aria-selected', 'false');
  const panel = screen.getByRole('tabpanel', { name: 'Preview' });
  expect(preview).toHaveAttribute('aria-controls', panel.id);
  await waitFor(() => expect(within(panel).getByText('bold').tagName).toBe('STRONG'));
  await waitFor(() => expect(panel.querySelector('pre code .hljs-keyword')).toHaveTextContent('const'));
  expect(within(panel).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  // The textarea keeps its text while hidden.
  expect(screen.queryByRole('tabpanel', { name: 'Write' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Write a comment')).toHaveValue('Some **bold** text\n\n```ts\nconst x = 1;\n```');
});

test('an empty preview says so', async () => {
  const user = userEvent.setup();
  render(<Harness initial="   " />);
  await user.click(screen.getByRole('tab', { name: 'Preview' }));
  expect(screen.getByRole('tabpanel', { name: 'Preview' })).toHaveTextContent('Nothing to preview');
});

test('the tabs work from the keyboard: one tab stop, arrows, Home and End move and select', async () => {
  const user = userEvent.setup();
  render(<Harness initial="_hi_" />);
  const write = screen.getByRole('tab', { name: 'Write' });
  const preview = screen.getByRole('tab', { name: 'Preview' });
  expect(write).toHaveAttribute('tabindex', '0');
  expect(preview).toHaveAttribute('tabindex', '-1');

  await user.tab();
  expect(write).toHaveFocus();
  // The next Tab leaves the tab list for the panel's textarea.
  await user.tab();
  expect(screen.getByLabelText('Write a comment')).toHaveFocus();
  await user.tab({ shift: true });
  expect(write).toHaveFocus();

  await user.keyboard('{ArrowRight}');
  expect(preview).toHaveFocus();
  expect(preview).toHaveAttribute('aria-selected', 'true');
  expect(preview).toHaveAttribute('tabindex', '0');
  expect(write).toHaveAttribute('tabindex', '-1');
  await waitFor(() =>
    expect(within(screen.getByRole('tabpanel', { name: 'Preview' })).getByText('hi').tagName).toBe('EM'),
  );
  // The preview panel is the next stop, so its content can be read and scrolled.
  await user.tab();
  expect(screen.getByRole('tabpanel', { name: 'Preview' })).toHaveFocus();
  await user.tab({ shift: true });

  await user.keyboard('{ArrowRight}');
  expect(write).toHaveFocus();
  expect(write).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowLeft}');
  expect(preview).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Home}');
  expect(write).toHaveFocus();
  expect(write).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{End}');
  expect(preview).toHaveFocus();
  expect(preview).toHaveAttribute('aria-selected', 'true');
  // Other keys leave the selection alone.
  await user.keyboard('{ArrowDown}');
  expect(preview).toHaveAttribute('aria-selected', 'true');
});
