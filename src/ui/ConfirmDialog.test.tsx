import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { ConfirmDialog } from './ConfirmDialog';

function Harness({ safeChoiceFirst = false, onConfirm }: { safeChoiceFirst?: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <ConfirmDialog
      title="Delete this post?"
      confirmLabel="Delete post"
      safeChoiceFirst={safeChoiceFirst}
      onConfirm={onConfirm}
      onClose={() => setOpen(false)}
    >
      This cannot be undone.
    </ConfirmDialog>
  ) : null;
}

test('confirming runs the action once and closes the dialog', async () => {
  const onConfirm = jest.fn();
  render(<Harness onConfirm={onConfirm} />);
  expect(screen.getByRole('dialog', { name: 'Delete this post?' })).toHaveTextContent('This cannot be undone.');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Delete post' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('cancelling closes it without the action', async () => {
  const onConfirm = jest.fn();
  render(<Harness onConfirm={onConfirm} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onConfirm).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the dangerous choice comes first unless the safe one is asked first, and the first gets the focus', () => {
  const { unmount } = render(<Harness onConfirm={jest.fn()} />);
  expect(screen.getByRole('button', { name: 'Delete post' })).toHaveFocus();
  unmount();
  render(<Harness safeChoiceFirst onConfirm={jest.fn()} />);
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
});
