import { screen, within } from '@testing-library/react';

import type { UserProfile } from '../../domain/profileTypes';
import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { signedInRootState } from '../../test/signedInState';
import { NotificationsBell } from './NotificationsBell';
import { opened } from './notificationsSlice';

function setup(profile: Partial<UserProfile>) {
  const store = createStoreWithoutSagas(signedInRootState({ uid: 'me', email: null, displayName: 'Mia' }, {}, profile));
  const { user } = renderWithProviders(
    <>
      <button type="button">elsewhere</button>
      <NotificationsBell />
    </>,
    { store },
  );
  return { store, actions: store.actions, user };
}

const accepted = (id: string, name: string, createdAt: string, read = false) => ({
  id,
  type: 'friendRequestAccepted' as const,
  message: `${name} accepted your friend request`,
  senderId: id,
  senderName: name,
  senderPhoto: null,
  read,
  createdAt,
});

it('shows the unread count, lists unread notifications newest first, and dispatches notifications/opened', async () => {
  const { actions, user } = setup({
    friendRequests: [
      {
        requestId: 'r_1',
        senderId: 'r',
        senderName: 'Rae',
        senderPhoto: null,
        status: 'pending',
        createdAt: '2026-11-22T09:00:00.000Z',
      },
    ],
    notifications: {
      x: accepted('x', 'Xan', '2026-11-22T09:30:00.000Z'),
      y: accepted('y', 'Yu', '2026-11-22T08:00:00.000Z', true),
    },
    hasNewNotification: true,
  });
  const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  await user.click(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  expect(actions).toContainEqual(opened());
  const panel = screen.getByRole('region', { name: 'Notifications' });
  expect(panel).toHaveFocus();
  expect(
    within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    expect.stringContaining('Xan accepted your friend request'),
    expect.stringContaining('Rae sent you a friend request'),
  ]);
});

it('Escape closes the panel and returns focus to the button', async () => {
  const { user } = setup({});
  const bell = screen.getByRole('button', { name: /^Notifications/ });
  expect(bell).toHaveAccessibleName('Notifications');
  await user.click(bell);
  expect(screen.getByText(/all caught up/)).toBeVisible();
  await user.keyboard('{Escape}');
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  expect(bell).toHaveFocus();
  expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
});

it('renders the list only while the panel is open', async () => {
  const { user } = setup({
    notifications: {
      x: accepted('x', 'Xan', '2026-11-22T09:30:00.000Z'),
      w: accepted('w', 'Wen', '2026-10-01T09:30:00.000Z'),
    },
  });
  const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
  const panel = document.getElementById(bell.getAttribute('aria-controls') ?? '')!;
  expect(panel).not.toBeVisible();
  expect(within(panel).queryAllByRole('listitem', { hidden: true })).toEqual([]);
  expect(within(panel).queryByText(/all caught up/)).not.toBeInTheDocument();

  await user.click(bell);
  expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
  await user.click(bell);
  expect(panel).not.toBeVisible();
  expect(within(panel).queryAllByRole('listitem', { hidden: true })).toEqual([]);
});
