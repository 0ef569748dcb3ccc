// Pending-removal retries as saga effects, run by expectSaga over the real local backend
// (two users on fake-indexeddb, writing through the access policy): per record, the attempt,
// the bookkeeping of a failure and the stuck decision are effects the run shows.
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';

import type { LoadedState } from '../../app/rootReducer';
import { PENDING_REMOVAL_MAX_ATTEMPTS } from '../../domain/friendsLimits';
import { reportError } from '../../platform/errorReporting';
import { rootReducer } from '../../test/allFeatures';
import { skipDelayOf } from '../../test/sagaProviders';
import { signedInRootState } from '../../test/signedInState';
import type { TwoUsers } from '../../test/twoUsers';
import { profileRefreshRequested, signedIn } from '../session';
import { processPendingRemoval } from './friendRemovalsSagas';
import {
  acceptFriendRequest,
  attemptPendingFriendRemoval,
  readDisplayName,
  recordFailedRemovalAttempt,
  removeFriend,
  sendFriendRequest,
} from './friendsApi';
import { PROFILE_REFRESH_AFTER_REMOVALS_MS, processRemovalsAfterSignIn } from './friendsSagas';
import { pendingRemovalsProcessed, pendingRemovalsStuck } from './friendsSlice';
import { friendsTestUsers } from './friendsTestUsers';

const users = friendsTestUsers();
let t: TwoUsers;
let recordId: string;

beforeEach(async () => {
  t = users.current();
  const sent = await sendFriendRequest(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock);
  await acceptFriendRequest(t.bob.backend.db, t.bob.uid, sent.requestId!, t.clock);
  // Bob's document cannot be written: Alice's removal leaves a pending record.
  t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
  await removeFriend(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock);
  recordId = `${t.alice.uid}_${t.bob.uid}`;
  expect(await t.rawDoc('pendingFriendRemovals', recordId)).toMatchObject({ attempts: 0 });
});

/** Alice signs in: her saga context is her own tab's backend and the test clock. */
const aliceSignsIn = () =>
  expectSaga(processRemovalsAfterSignIn, signedIn({ uid: t.alice.uid }))
    .withReducer(rootReducer, signedInRootState({ uid: t.alice.uid, email: null, displayName: 'Alice' }))
    .provide([
      [matchers.getContext('backend'), t.alice.backend],
      [matchers.getContext('clock'), t.clock],
      skipDelayOf(PROFILE_REFRESH_AFTER_REMOVALS_MS),
    ] satisfies StaticProvider[]);

describe('pending friend removals, per record', () => {
  it('succeed on the first attempt: the record goes, nothing is counted, the profile refreshes', async () => {
    t.alice.backend.local.faults.clear();
    await aliceSignsIn()
      .call.fn(attemptPendingFriendRemoval)
      .not.call.fn(recordFailedRemovalAttempt)
      .not.call.fn(reportError)
      .put(pendingRemovalsProcessed({ processed: 1, failed: 0 }))
      .not.put.actionType(pendingRemovalsStuck.type)
      .put(profileRefreshRequested())
      .run();
    expect(await t.rawDoc('pendingFriendRemovals', recordId)).toBeNull();
    expect((await t.profile(t.bob.uid))?.friends).toEqual([]);
  });

  it('fail, are counted and reported, then succeed at the next sign-in', async () => {
    t.clock.advance(60_000);
    const failed = await aliceSignsIn()
      .call.fn(attemptPendingFriendRemoval)
      .call(recordFailedRemovalAttempt, t.alice.backend.db, recordId, 1, t.clock)
      .put(pendingRemovalsProcessed({ processed: 0, failed: 1 }))
      .not.put.actionType(pendingRemovalsStuck.type)
      .not.put(profileRefreshRequested())
      .run();
    expect(await t.rawDoc('pendingFriendRemovals', recordId)).toMatchObject({
      attempts: 1,
      lastAttempt: t.clock.now(),
    });
    const reports =
      failed.effects.call
        ?.filter((effect) => effect.payload.fn === reportError)
        .map((effect) => effect.payload.args as unknown[]) ?? [];
    expect(reports).toEqual([
      [expect.objectContaining({ code: 'unavailable' }), { description: `Pending friend removal ${recordId} failed:` }],
    ]);

    t.alice.backend.local.faults.clear();
    await aliceSignsIn()
      .call.fn(attemptPendingFriendRemoval)
      .not.call.fn(recordFailedRemovalAttempt)
      .put(pendingRemovalsProcessed({ processed: 1, failed: 0 }))
      .put(profileRefreshRequested())
      .run();
    expect(await t.rawDoc('pendingFriendRemovals', recordId)).toBeNull();
    expect((await t.profile(t.bob.uid))?.friends).toEqual([]);
  });

  it(`give up at the ${PENDING_REMOVAL_MAX_ATTEMPTS}th failure: counted, the dashboard notice, one report`, async () => {
    await t.adminWrite('pendingFriendRemovals', recordId, { attempts: PENDING_REMOVAL_MAX_ATTEMPTS - 1 });
    const gaveUp = new Error(`Pending friend removal gave up after ${PENDING_REMOVAL_MAX_ATTEMPTS} failed attempts`);
    const { storeState } = await aliceSignsIn()
      .call(recordFailedRemovalAttempt, t.alice.backend.db, recordId, PENDING_REMOVAL_MAX_ATTEMPTS, t.clock)
      .call(readDisplayName, t.alice.backend.db, t.bob.uid)
      .put(pendingRemovalsProcessed({ processed: 0, failed: 1 }))
      .put(pendingRemovalsStuck({ removals: [{ targetId: t.bob.uid, targetName: 'Bob' }] }))
      .call(reportError, gaveUp, { initiatorId: t.alice.uid, targetId: t.bob.uid })
      .run();
    expect(await t.rawDoc('pendingFriendRemovals', recordId)).toMatchObject({ attempts: PENDING_REMOVAL_MAX_ATTEMPTS });
    // What StuckRemovalsNotice shows on the dashboard.
    expect((storeState as LoadedState).friends.stuckRemovals).toEqual([{ targetId: t.bob.uid, targetName: 'Bob' }]);

    // Past the limit: still tried at every sign-in, no longer counted (the rules refuse an eleventh), told again, not reported again.
    const again = await aliceSignsIn()
      .call.fn(attemptPendingFriendRemoval)
      .not.call.fn(recordFailedRemovalAttempt)
      .put(pendingRemovalsStuck({ removals: [{ targetId: t.bob.uid, targetName: 'Bob' }] }))
      .not.call(reportError, gaveUp, { initiatorId: t.alice.uid, targetId: t.bob.uid })
      .run();
    expect((again.storeState as LoadedState).friends.stuckRemovals).toHaveLength(1);
  });

  it('tell only the initiator: the target fails without a notice', async () => {
    await t.adminWrite('pendingFriendRemovals', recordId, { attempts: PENDING_REMOVAL_MAX_ATTEMPTS - 1 });
    t.bob.backend.local.faults.failWrites({ collection: 'pendingFriendRemovals' }, 'unavailable');
    const removal = {
      id: recordId,
      record: { initiatorId: t.alice.uid, targetId: t.bob.uid, attempts: PENDING_REMOVAL_MAX_ATTEMPTS - 1 },
    };
    await expectSaga(processPendingRemoval, t.bob.backend.db, t.bob.uid, t.clock, removal as never)
      .call.fn(attemptPendingFriendRemoval)
      .not.call.fn(readDisplayName)
      .returns({ done: false, stuck: null })
      .run();
  });
});
