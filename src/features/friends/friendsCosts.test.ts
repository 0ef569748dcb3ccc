// Documents read and written per friends operation on the local adapter (billed like Firestore).
// A regression guard, and the data of `npm run bench -- --only=friends` (FRIENDS_COSTS_OUT).
import { writeFileSync } from 'node:fs';

import type { TwoUsers } from '../../test/twoUsers';
import * as friendsApi from './friendsApi';
import { friendsTestUsers, processPendingFriendRemovals } from './friendsTestUsers';

interface Cost {
  operation: string;
  reads: number;
  writes: number;
}

const costs: Cost[] = [];
const users = friendsTestUsers();
let t: TwoUsers;
beforeEach(() => {
  t = users.current();
});
afterAll(() => {
  if (process.env.FRIENDS_COSTS_OUT) writeFileSync(process.env.FRIENDS_COSTS_OUT, JSON.stringify(costs, null, 2));
});

async function measure(operation: string, tab: TwoUsers['alice'], work: () => Promise<unknown>): Promise<Cost> {
  tab.backend.local.resetCounters();
  await work();
  const cost = { operation, reads: tab.backend.local.counters.reads, writes: tab.backend.local.counters.writes };
  costs.push(cost);
  return cost;
}

// Each operation reads what it needs once (the user's own profile and inbox where it needs them, the
// other user's public profile) and writes each document at most once; the other user's inbox is
// written, never read (it is private to them: docs/friends-model.md).
it('each two-user operation reads each document it needs once and writes each at most once', async () => {
  const sent = await friendsApi.sendFriendRequest(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock);
  const cancelCost = await measure('cancel', t.alice, () =>
    friendsApi.cancelFriendRequest(t.alice.backend.db, t.alice.uid, t.bob.uid, sent.requestId),
  );
  expect(cancelCost).toEqual({ operation: 'cancel', reads: 3, writes: 2 });

  t.clock.advance(1);
  const sendCost = await measure('send', t.alice, () =>
    friendsApi.sendFriendRequest(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock),
  );
  expect(sendCost).toEqual({ operation: 'send', reads: 3, writes: 2 });
  const second = await t.profile(t.bob.uid);
  const declineCost = await measure('decline', t.bob, () =>
    friendsApi.declineFriendRequest(t.bob.backend.db, t.bob.uid, second!.friendRequests[0]!.requestId),
  );
  expect(declineCost).toEqual({ operation: 'decline', reads: 2, writes: 2 });

  t.clock.advance(1);
  const third = await friendsApi.sendFriendRequest(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock);
  // The counts follow the lists read in the transaction, not re-read after it: both profiles and both inboxes written.
  const acceptCost = await measure('accept', t.bob, () =>
    friendsApi.acceptFriendRequest(t.bob.backend.db, t.bob.uid, third.requestId!, t.clock),
  );
  expect(acceptCost).toEqual({ operation: 'accept', reads: 3, writes: 4 });

  const friendsCost = await measure('getFriends (1 friend)', t.alice, () =>
    friendsApi.getFriends(t.alice.backend.db, t.alice.uid),
  );
  expect(friendsCost).toEqual({ operation: 'getFriends (1 friend)', reads: 2, writes: 0 });
  const cleanupCost = await measure('cleanup (nothing stale)', t.alice, () =>
    friendsApi.cleanupStaleSentRequests(t.alice.backend.db, t.alice.uid, t.clock),
  );
  expect(cleanupCost.writes).toBe(0);

  const removeCost = await measure('remove', t.alice, () =>
    friendsApi.removeFriend(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock),
  );
  expect(removeCost).toEqual({ operation: 'remove', reads: 3, writes: 2 });
  // Two empty queries are billed one read each.
  const processCost = await measure('process pending removals (none)', t.alice, () =>
    processPendingFriendRemovals(t.alice.backend.db, t.alice.uid, t.clock),
  );
  expect(processCost).toEqual({ operation: 'process pending removals (none)', reads: 2, writes: 0 });
});
