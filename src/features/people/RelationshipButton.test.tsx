import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { UserProfile } from '../../domain/profileTypes';
import { initialFriendsState, operationFinished } from '../../test/featureInternals';
import { testProfile } from '../../test/fixtures';
import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { signedInSession } from '../../test/signedInState';
import { acceptRequested, cancelRequested, declineRequested, removeRequested, sendRequested } from '../friends';
import { profileSnapshotReceived } from '../session';
import { RelationshipButton } from './RelationshipButton';

const ME = 'me';
const ADA = 'ada';

const incoming = {
  requestId: `${ADA}_1700`,
  senderId: ADA,
  senderName: 'Ada',
  senderPhoto: null,
  status: 'pending' as const,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const sent = {
  requestId: `${ME}_1800`,
  receiverId: ADA,
  receiverName: 'Ada',
  receiverPhoto: null,
  status: 'pending' as const,
  createdAt: '2026-03-02T10:00:00.000Z',
};
const friendship = { id: ADA, displayName: 'Ada', photoURL: null, addedAt: '2026-03-03T10:00:00.000Z' };

function setup(profile: Partial<UserProfile> = {}, inFlight: typeof initialFriendsState.inFlight = {}) {
  const store = createStoreWithoutSagas({
    session: signedInSession(ME, testProfile(profile)),
    friends: { ...initialFriendsState, inFlight },
  });
  const user = userEvent.setup();
  renderWithProviders(<RelationshipButton userId={ADA} name="Ada Lovelace" />, { store: store });
  return { store, user };
}

const group = () => screen.getByRole('group', { name: 'Friendship with Ada Lovelace' });
const buttonNames = () =>
  within(group())
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('RelationshipButton', () => {
  it('offers Add friend to a stranger and sends a request', async () => {
    const { store, user } = setup();
    expect(buttonNames()).toEqual(['Add friend']);
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(store.actions).toContainEqual(sendRequested({ receiverId: ADA }));
  });

  it('shows Cancel request after a request was sent, and cancels that request', async () => {
    const { store, user } = setup({ sentFriendRequests: [sent] });
    expect(buttonNames()).toEqual(['Cancel request']);
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(store.actions).toContainEqual(cancelRequested({ receiverId: ADA, requestId: sent.requestId }));
  });

  it('shows Accept and Decline for a received request', async () => {
    const { store, user } = setup({ friendRequests: [incoming] });
    expect(buttonNames()).toEqual(['Accept', 'Decline']);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(store.actions).toContainEqual(acceptRequested({ requestId: incoming.requestId, senderId: ADA }));
  });

  it('declines a received request', async () => {
    const { store, user } = setup({ friendRequests: [incoming] });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(store.actions).toContainEqual(declineRequested({ requestId: incoming.requestId, senderId: ADA }));
  });

  it('shows nothing for oneself', () => {
    const store = createStoreWithoutSagas({ session: signedInSession(ME, testProfile()) });
    renderWithProviders(<RelationshipButton userId={ME} name="Viewer" />, { store: store });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is disabled and busy while an operation for that person is in flight', () => {
    setup({}, { [ADA]: [{ operation: 'send', subject: { targetId: ADA }, payload: { receiverId: ADA } }] });
    const button = screen.getByRole('button', { name: 'Add friend' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('updates live when the own profile changes', () => {
    const { store } = setup();
    expect(buttonNames()).toEqual(['Add friend']);
    act(() => {
      store.dispatch(profileSnapshotReceived({ uid: ME, profile: testProfile({ friendRequests: [incoming] }) }));
    });
    expect(buttonNames()).toEqual(['Accept', 'Decline']);
    act(() => {
      store.dispatch(
        profileSnapshotReceived({ uid: ME, profile: testProfile({ friends: [friendship], friendCount: 1 }) }),
      );
    });
    expect(buttonNames()).toEqual(['Remove friend']);
  });

  it('shows why an operation on this person failed', () => {
    const { store } = setup();
    act(() => {
      store.dispatch(
        operationFinished({ operation: 'send', targetId: ADA, success: false, message: 'Friend request already sent' }),
      );
    });
    expect(within(group()).getByRole('alert')).toHaveTextContent('Friend request already sent');
  });

  describe('removing a friend', () => {
    it('asks for confirmation, focusing the safe choice, and removes on confirm', async () => {
      const { store, user } = setup({ friends: [friendship], friendCount: 1 });
      await user.click(screen.getByRole('button', { name: 'Remove friend' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove Ada Lovelace from your friends?' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(within(dialog).getByRole('button', { name: 'Keep friend' })).toHaveFocus();
      expect(store.actions.some((action) => removeRequested.match(action))).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: 'Remove friend' }));
      expect(store.actions).toContainEqual(removeRequested({ friendId: ADA }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('keeps the friend with Keep friend and returns focus to the button', async () => {
      const { store, user } = setup({ friends: [friendship], friendCount: 1 });
      await user.click(screen.getByRole('button', { name: 'Remove friend' }));
      await user.click(screen.getByRole('button', { name: 'Keep friend' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove friend' })).toHaveFocus();
      expect(store.actions.some((action) => removeRequested.match(action))).toBe(false);
    });

    it('cancels with Escape', async () => {
      const { store, user } = setup({ friends: [friendship], friendCount: 1 });
      await user.click(screen.getByRole('button', { name: 'Remove friend' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove friend' })).toHaveFocus();
      expect(store.actions.some((action) => removeRequested.match(action))).toBe(false);
    });

    it('keeps Tab inside the dialog', async () => {
      const { user } = setup({ friends: [friendship], friendCount: 1 });
      await user.click(screen.getByRole('button', { name: 'Remove friend' }));
      const dialog = screen.getByRole('dialog');
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Remove friend' })).toHaveFocus();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Keep friend' })).toHaveFocus();
      await user.tab({ shift: true });
      expect(within(dialog).getByRole('button', { name: 'Remove friend' })).toHaveFocus();
    });
  });
});
