import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { writeFileSync } from 'node:fs';

import type { LoadedState } from '../../app/rootReducer';
import type { FriendEntry, UserProfile } from '../../domain/profileTypes';
import {
  initialFriendsState,
  operationFinished,
  pendingRemovalsStuck,
  sentRequestsCheckRequested,
  staleRequestsCleanedUp,
  staleRequestsCleanupFailed,
} from '../../test/featureInternals';
import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { signedInRootState } from '../../test/signedInState';
import { acceptRequested, cancelRequested, declineRequested, removeRequested } from '../friends';
import DashboardPage from './DashboardPage';

function setup(
  profile: Partial<UserProfile>,
  friends: FriendEntry[] = [],
  listStatus: LoadedState['friends']['listStatus'] = 'ready',
) {
  const store = createStoreWithoutSagas({
    ...signedInRootState({ uid: 'me', email: null, displayName: 'Mia' }, {}, profile),
    friends: { ...initialFriendsState, friends, listStatus },
  });
  const { user } = renderWithProviders(<DashboardPage />, { store });
  return { store, actions: store.actions, user };
}

const friend = (id: string, displayName: string): FriendEntry => ({
  id,
  displayName,
  photoURL: null,
  addedAt: '2026-11-22T10:00:00.000Z',
});
const incoming = (senderId: string, senderName: string, createdAt: string) => ({
  requestId: `${senderId}_1`,
  senderId,
  senderName,
  senderPhoto: null,
  status: 'pending' as const,
  createdAt,
});
/** The signed-in user's (me) pending request to Cy. */
const SENT_TO_CY = {
  requestId: 'me_1',
  receiverId: 'c',
  receiverName: 'Cy',
  receiverPhoto: null,
  status: 'pending' as const,
  createdAt: '2026-11-22T09:00:00.000Z',
};

it('greets the user and says what to do next when everything is empty', () => {
  setup({});
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText(/Mia\./)).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: /explore people|find people/i }).length).toBeGreaterThanOrEqual(2);
  expect(screen.getByText(/No friends yet/)).toBeInTheDocument();
});

it('accepts and declines incoming requests, newest first', async () => {
  const { actions, user } = setup({
    friendRequests: [
      incoming('a', 'Ann', '2026-11-22T09:00:00.000Z'),
      incoming('b', 'Ben', '2026-11-22T09:30:00.000Z'),
    ],
  });
  const panel = screen.getByRole('region', { name: /Friend requests/ });
  expect(
    within(panel)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Ben', 'Ann']);
  await user.click(within(panel).getByRole('button', { name: 'Accept Ann' }));
  await user.click(within(panel).getByRole('button', { name: 'Decline Ben' }));
  expect(actions).toContainEqual(acceptRequested({ requestId: 'a_1', senderId: 'a' }));
  expect(actions).toContainEqual(declineRequested({ requestId: 'b_1', senderId: 'b' }));
  // In flight: the buttons for that person are disabled until the outcome arrives.
  expect(within(panel).getByRole('button', { name: 'Accept Ann' })).toBeDisabled();
});

it('cancels a sent request', async () => {
  const { actions, user } = setup({
    sentFriendRequests: [SENT_TO_CY],
  });
  await user.click(screen.getByRole('button', { name: 'Cancel request to Cy' }));
  expect(actions).toContainEqual(cancelRequested({ receiverId: 'c', requestId: 'me_1' }));
});

it('checks sent requests on request and says what it found', async () => {
  const { store, actions, user } = setup({});
  const panel = screen.getByRole('region', { name: 'Sent requests' });
  await user.click(within(panel).getByRole('button', { name: 'Check sent requests' }));
  expect(actions).toContainEqual(sentRequestsCheckRequested());
  expect(within(panel).getByRole('button', { name: 'Checking…' })).toBeDisabled();

  act(() => void store.dispatch(staleRequestsCleanedUp({ changed: 0 })));
  expect(within(panel).getByRole('status')).toHaveTextContent('Your sent requests are up to date.');

  await user.click(within(panel).getByRole('button', { name: 'Check sent requests' }));
  act(() => void store.dispatch(staleRequestsCleanedUp({ changed: 2 })));
  expect(within(panel).getByRole('status')).toHaveTextContent('2 sent requests were brought up to date.');

  await user.click(within(panel).getByRole('button', { name: 'Check sent requests' }));
  act(() => void store.dispatch(staleRequestsCleanupFailed()));
  expect(within(panel).getByRole('status')).toHaveTextContent('Your sent requests could not be checked. Try again.');
  expect(within(panel).getByRole('button', { name: 'Check sent requests' })).toBeEnabled();
});

it('removes a friend only after confirmation, and announces the outcome politely', async () => {
  const { store, actions, user } = setup({}, [friend('a', 'Ann'), friend('b', 'Ben')]);
  const panel = screen.getByRole('region', { name: /^Friends/ });
  expect(within(panel).getByRole('link', { name: 'Ann' })).toHaveAttribute('href', '/profile/a');
  await user.click(within(panel).getByRole('button', { name: 'Remove friend Ben' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove Ben from your friends?' });
  await user.click(within(dialog).getByRole('button', { name: 'Keep friend' }));
  expect(actions.some((action) => action.type === removeRequested.type)).toBe(false);
  await user.click(within(panel).getByRole('button', { name: 'Remove friend Ben' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove friend' }));
  expect(actions).toContainEqual(removeRequested({ friendId: 'b' }));
  act(() => {
    store.dispatch(
      operationFinished({
        operation: 'remove',
        targetId: 'b',
        success: true,
        message: 'Friend removed from your list and pending removal from their list',
      }),
    );
  });
  const outcome = await screen.findByText('Friend removed from your list and pending removal from their list');
  expect(outcome).toHaveAttribute('role', 'status');
  expect(outcome).toHaveAttribute('aria-live', 'polite');
});

const manyFriends = () => Array.from({ length: 5000 }, (_, i) => friend(`u${i}`, `Dev ${String(i).padStart(4, '0')}`));

it('renders a window of 5,000 friends, scrolls to the others and filters them by name', async () => {
  // How long this render takes is a bench figure (npm run bench -- --only=dashboardJsdom), not an assertion.
  const { user } = setup({}, manyFriends());
  const panel = screen.getByRole('region', { name: /^Friends/ });
  // Virtualized: a screenful of rows in the DOM (jsdom has no layout: an assumed 768 px box), each telling its place in 5,000.
  const rows = within(panel).getAllByRole('listitem');
  expect(rows.length).toBeGreaterThan(5);
  expect(rows.length).toBeLessThan(60);
  expect(rows[0]).toHaveTextContent('Dev 0000');
  expect(rows[0]).toHaveAttribute('aria-setsize', '5000');
  expect(within(panel).queryByText('Dev 2500')).not.toBeInTheDocument();
  // Scrolling the list's box brings the rows there into the DOM.
  const scrollBox = within(panel).getByRole('list').parentElement as HTMLElement;
  act(() => {
    scrollBox.scrollTop = 2500 * 53;
    fireEvent.scroll(scrollBox);
  });
  expect(await within(panel).findByText('Dev 2500')).toBeInTheDocument();
  await user.type(within(panel).getByRole('searchbox', { name: 'Find a friend' }), '4999');
  expect(
    within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([expect.stringContaining('Dev 4999')]);
});

it('finds a friend by name whatever the accents', async () => {
  const { user } = setup({}, [friend('l', 'Lucía García'), ...manyFriends().slice(0, 60)]);
  const panel = screen.getByRole('region', { name: /^Friends/ });
  await user.type(within(panel).getByRole('searchbox', { name: 'Find a friend' }), 'lucia garc');
  expect(
    within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([expect.stringContaining('Lucía García')]);
});

const out = process.env.DASHBOARD_BENCH_OUT;
(out ? it : it.skip)('times the first render with 5,000 friends (bench only)', () => {
  const timeOnce = () => {
    const many = manyFriends();
    const started = performance.now();
    setup({}, many);
    const ms = performance.now() - started;
    cleanup();
    return ms;
  };
  timeOnce(); // warm-up: module and JIT costs are not the dashboard's
  const runs = Array.from({ length: 5 }, timeOnce).sort((a, b) => a - b);
  writeFileSync(
    out!,
    JSON.stringify({ friends: 5000, runs: runs.length, firstRenderMs: runs[Math.floor(runs.length / 2)] }),
  );
});

it('shows a loading state while the list loads', () => {
  setup({}, [], 'loading');
  expect(screen.getByText('Loading friends…')).toBeInTheDocument();
});

describe('stuck friend removals', () => {
  it('tells the initiator which removal keeps failing, until dismissed', async () => {
    const { store, user } = setup({});
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(pendingRemovalsStuck({ removals: [{ targetId: 'alice', targetName: 'Alice' }] }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We could not remove you from Alice's friends list after 10 attempts, so they may still see you as a friend. We will keep trying each time you sign in.",
    );
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

it("keeps the focus in the panel when a row's buttons go busy or away, for keyboard users", async () => {
  const { user } = setup(
    {
      friendRequests: [incoming('a', 'Ann', '2026-11-22T09:00:00.000Z')],
      sentFriendRequests: [SENT_TO_CY],
    },
    [friend('b', 'Ben')],
  );
  await user.click(screen.getByRole('button', { name: 'Accept Ann' }));
  expect(screen.getByRole('region', { name: /^Friend requests/ })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Cancel request to Cy' }));
  expect(screen.getByRole('region', { name: 'Sent requests' })).toHaveFocus();

  // Kept: back to the Remove button. Removed: the row goes, so the panel takes the focus.
  const friendsPanel = screen.getByRole('region', { name: /^Friends/ });
  await user.click(within(friendsPanel).getByRole('button', { name: 'Remove friend Ben' }));
  await user.keyboard('{Escape}');
  expect(within(friendsPanel).getByRole('button', { name: 'Remove friend Ben' })).toHaveFocus();
  await user.click(within(friendsPanel).getByRole('button', { name: 'Remove friend Ben' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove friend' }));
  expect(friendsPanel).toHaveFocus();
});
