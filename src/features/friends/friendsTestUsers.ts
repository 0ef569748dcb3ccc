// Two users on the local adapter (fake-indexeddb), each writing as themselves through the access
// policy, fresh for every test: the set-up the friends operation tests share.
import { runSaga } from 'redux-saga';

import type { Clock, DocumentStore } from '../../backend/port';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { processPendingFriendRemovals as processRemovals } from './friendRemovalsSagas';
import type { ProcessedRemovals } from './friendsApi';
import { acceptFriendRequest, sendFriendRequest } from './friendsApi';

/** Registers the per-test set-up and tear-down; `current()` is this test's pair. */
export function friendsTestUsers() {
  let t: TwoUsers;
  beforeEach(async () => {
    // Failed attempts are reported (logged in tests) by design; keep the output readable.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    t = await setupTwoUsers();
  });
  afterEach(async () => {
    await t.close();
  });
  const aliceDb = () => t.alice.backend.db;
  const bobDb = () => t.bob.backend.db;
  return {
    current: () => t,
    aliceDb,
    bobDb,
    /** Alice sends, Bob accepts: friends on both sides. */
    async befriend(): Promise<string> {
      const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
      expect(sent.success).toBe(true);
      t.clock.advance(1000);
      const accepted = await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock);
      expect(accepted).toEqual({ success: true, message: 'Friend request accepted' });
      t.clock.advance(1000);
      return sent.requestId!;
    },
    async snapshotUsers() {
      return {
        alice: await t.rawDoc('users', t.alice.uid),
        bob: await t.rawDoc('users', t.bob.uid),
        aliceInbox: await t.rawDoc('inboxes', t.alice.uid),
        bobInbox: await t.rawDoc('inboxes', t.bob.uid),
      };
    },
  };
}

/** The pending-removal saga run to its end over a real backend (it takes its dependencies as arguments). */
export const processPendingFriendRemovals = (
  db: DocumentStore,
  uid: string,
  clock: Clock,
): Promise<ProcessedRemovals> => runSaga({}, processRemovals, db, uid, clock).toPromise();
