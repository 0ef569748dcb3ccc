// The remove-friend confirmation is store state changed by events, so a recorded session
// (Redux DevTools) shows which person was being asked about, and replaying it shows the dialog.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';

import { setupTestStore } from '../../test/setupTestStore';
import type { TestStore } from '../../test/setupTestStore';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { RelationshipButton } from '../people/components';
import { authStateChanged } from '../session';
import friendsReducer, {
  initialFriendsState,
  removeFriendConfirmationClosed,
  removeFriendConfirmationOpened,
  selectRelationship,
  selectRemoveFriendConfirmation,
} from './friendsSlice';
import type { RemoveFriendConfirmation } from './friendsSlice';

const ada: RemoveFriendConfirmation = { friendId: 'ada', displayName: 'Ada', origin: 'friendsPanel' };

describe('friends slice: the remove-friend confirmation', () => {
  it('opens on the person asked about, at the place asked from, and closes', () => {
    const open = friendsReducer(initialFriendsState, removeFriendConfirmationOpened(ada));
    expect(selectRemoveFriendConfirmation({ friends: open })).toEqual(ada);
    // Plain data: it survives a JSON round trip, as DevTools records it.
    expect(JSON.parse(JSON.stringify(open))).toEqual(open);

    const closed = friendsReducer(open, removeFriendConfirmationClosed());
    expect(selectRemoveFriendConfirmation({ friends: closed })).toBeNull();
  });

  it('is gone after signing out', () => {
    const open = friendsReducer(initialFriendsState, removeFriendConfirmationOpened(ada));
    const signedOut = friendsReducer(open, authStateChanged({ user: null }));
    expect(selectRemoveFriendConfirmation({ friends: signedOut })).toBeNull();
  });
});

describe('RelationshipButton over the real store', () => {
  let env: TwoUsers;
  let testStore: TestStore;

  beforeEach(async () => {
    env = await setupTwoUsers();
    const addedAt = new Date(env.clock.now()).toISOString();
    await env.adminWrite('users', env.alice.uid, {
      friends: [{ id: env.bob.uid, displayName: 'Bob', photoURL: null, addedAt }],
      friendCount: 1,
    });
    await env.adminWrite('users', env.bob.uid, {
      friends: [{ id: env.alice.uid, displayName: 'Alice', photoURL: null, addedAt }],
      friendCount: 1,
    });
    testStore = await setupTestStore({ backend: env.alice.backend, clock: env.clock });
    await testStore.waitFor(
      (state) => state.session.status === 'signedIn' && selectRelationship(state, env.bob.uid) === 'friends',
    );
  });
  afterEach(async () => {
    testStore.store.sagaTask.cancel();
    await env.close();
  });

  it('asking puts the person in the store, Escape takes them out, and a replayed event shows the dialog again', async () => {
    render(
      <Provider store={testStore.store}>
        <RelationshipButton userId={env.bob.uid} name="Bob" />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove friend' }));

    const asked: RemoveFriendConfirmation = { friendId: env.bob.uid, displayName: 'Bob', origin: 'relationshipButton' };
    expect(testStore.actions).toContainEqual(removeFriendConfirmationOpened(asked));
    expect(testStore.store.getState().friends.removeFriendConfirmation).toEqual(asked);
    expect(screen.getByRole('dialog', { name: 'Remove Bob from your friends?' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(testStore.actions.at(-1)).toEqual(removeFriendConfirmationClosed());
    expect(testStore.store.getState().friends.removeFriendConfirmation).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      testStore.store.dispatch(removeFriendConfirmationOpened(asked));
    });
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Remove Bob from your friends?' })).toBeInTheDocument(),
    );
  });

  it('closes when the place it was asked from goes away, so it does not come back on return', async () => {
    const { unmount } = render(
      <Provider store={testStore.store}>
        <RelationshipButton userId={env.bob.uid} name="Bob" />
      </Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove friend' }));
    expect(testStore.store.getState().friends.removeFriendConfirmation).not.toBeNull();
    unmount();
    expect(testStore.actions.at(-1)).toEqual(removeFriendConfirmationClosed());
    expect(testStore.store.getState().friends.removeFriendConfirmation).toBeNull();
  });
});
