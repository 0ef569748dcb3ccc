// Two users, each with the real store and root saga in their own "tab" over one local database:
// request, accept, notifications, a removal whose other side fails and is finished at the
// other user's next sign-in. Every action is recorded and replayed through rootReducer.
import type { UnknownAction } from '@reduxjs/toolkit';

import type { LoadedState } from '../../app/rootReducer';
import { createMemoryBroadcastHub } from '../../backend/local/memoryBroadcastHub';
import { rootReducer } from '../../test/allFeatures';
import { opened, selectInboxNotifications, signInRequested, signUpRequested } from '../../test/featureInternals';
import { setupTestStore } from '../../test/setupTestStore';
import type { TestStore } from '../../test/setupTestStore';
import { TEST_PASSWORD, createTestBackend, createTestClock, uniqueDbName } from '../../test/testBackend';
import { signOutRequested } from '../session';
import {
  acceptRequested,
  removeRequested,
  selectIncomingRequests,
  selectSentRequests,
  sendRequested,
} from './friendsSlice';

jest.setTimeout(20_000);

let alice: TestStore;
let bob: TestStore;

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const dbName = uniqueDbName('journey');
  const clock = createTestClock();
  const broadcast = createMemoryBroadcastHub();
  alice = await setupTestStore({ backend: await createTestBackend({ dbName, clock, broadcast }), clock });
  bob = await setupTestStore({ backend: await createTestBackend({ dbName, clock, broadcast }), clock });
});

afterEach(async () => {
  await alice.close();
  await bob.close();
});

const uidOf = (tab: TestStore) => tab.store.getState().session.user!.uid;

async function signUp(tab: TestStore, displayName: string) {
  await tab.waitFor((state) => state.session.status === 'signedOut');
  tab.store.dispatch(
    signUpRequested({ email: `${displayName.toLowerCase()}@example.test`, password: TEST_PASSWORD, displayName }),
  );
  await tab.waitFor((state) => state.session.status === 'signedIn');
  await tab.waitFor((state) => state.friends.listStatus === 'ready');
}

function replay(actions: readonly UnknownAction[]): LoadedState {
  return actions.reduce<LoadedState>(
    (state, action) => rootReducer(state, action),
    rootReducer(undefined, { type: '@@INIT' }),
  );
}

it('request, accept, notification, removal with a pending record, replayable from the action log', async () => {
  await signUp(alice, 'Alice');
  await signUp(bob, 'Bob');
  const aliceUid = uidOf(alice);
  const bobUid = uidOf(bob);

  // Alice asks; a double click sends once.
  alice.store.dispatch(sendRequested({ receiverId: bobUid }));
  alice.store.dispatch(sendRequested({ receiverId: bobUid }));
  await alice.waitFor((state) => state.friends.lastOutcome?.operation === 'send');
  expect(alice.store.getState().friends.lastOutcome).toMatchObject({ success: true, message: 'Friend request sent' });
  await alice.waitFor((state) => selectSentRequests(state).length === 1);

  // Bob sees it live, in his requests and as a derived notification.
  const bobState = await bob.waitFor((state) => selectIncomingRequests(state).length === 1);
  const request = selectIncomingRequests(bobState)[0]!;
  expect(request.senderName).toBe('Alice');
  expect(selectInboxNotifications(bobState).map((n) => n.type)).toEqual(['friendRequest']);

  bob.store.dispatch(acceptRequested({ requestId: request.requestId, senderId: aliceUid }));
  await bob.waitFor((state) => state.friends.lastOutcome?.message === 'Friend request accepted');
  await bob.waitFor((state) => state.friends.friends.length === 1);
  expect(bob.store.getState().friends.friends[0]).toMatchObject({ id: aliceUid, displayName: 'Alice' });
  // The spec's refresh hook, 1000 ms after the accept.
  await bob.waitForAction('friends/listRefreshRequested', { timeoutMs: 3000 });

  // Alice: Bob in her friends, the accepted notification in her bell.
  await alice.waitFor((state) => state.friends.friends.some((f) => f.id === bobUid));
  const aliceState = await alice.waitFor((state) => selectInboxNotifications(state).length === 1);
  expect(selectInboxNotifications(aliceState)[0]?.message).toBe('Bob accepted your friend request');
  expect(aliceState.session.user?.profile.hasNewNotification).toBe(true);

  alice.store.dispatch(opened());
  await alice.waitFor((state) => selectInboxNotifications(state).length === 0);
  await alice.waitFor((state) => state.session.user?.profile.hasNewNotification === false, 3000);

  // Alice removes Bob while Bob's document cannot be written.
  alice.backend.local.faults.failWrites({ collection: 'users', id: bobUid }, 'unavailable');
  alice.store.dispatch(removeRequested({ friendId: bobUid }));
  await alice.waitFor((state) => state.friends.lastOutcome?.operation === 'remove');
  expect(alice.store.getState().friends.lastOutcome?.message).toBe(
    'Friend removed from your list and pending removal from their list',
  );
  await alice.waitFor((state) => state.friends.friends.length === 0);
  alice.backend.local.faults.clear();

  // Bob signs in again: the pending removal is processed, the profile refreshed 1000 ms later.
  bob.store.dispatch(signOutRequested());
  await bob.waitFor((state) => state.session.status === 'signedOut');
  bob.store.dispatch(signInRequested({ email: 'bob@example.test', password: TEST_PASSWORD }));
  const processed = await bob.waitForAction('friends/pendingRemovalsProcessed');
  expect(processed.payload).toEqual({ processed: 1, failed: 0 });
  await bob.waitForAction('session/profileRefreshRequested', { includePast: true, timeoutMs: 3000 });
  await bob.waitFor((state) => state.session.user?.profile.friends.length === 0 && state.friends.friends.length === 0);
  expect(bob.store.getState().session.user?.profile.friendCount).toBe(0);

  // Redux DevTools replay: the log alone rebuilds each final state.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(replay(alice.actions)).toEqual(alice.store.getState());
  expect(replay(bob.actions)).toEqual(bob.store.getState());
  expect(JSON.parse(JSON.stringify(bob.actions))).toEqual(bob.actions);
});
