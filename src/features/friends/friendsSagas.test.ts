import { delay } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { EffectProviders, StaticProvider } from 'redux-saga-test-plan/providers';

import type { LoadedState } from '../../app/rootReducer';
import type { FriendEntry } from '../../domain/profileTypes';
import { logToConsole, reportError, setErrorReporter } from '../../platform/errorReporting';
import { rootReducer } from '../../test/allFeatures';
import { isDelayOf, skipDelayOf } from '../../test/sagaProviders';
import { FAKE_DB, SAGA_CLOCK, sagaContext } from '../../test/sagaProviders';
import { signedInRootState } from '../../test/signedInState';
import { toUserProfile } from '../profile';
import { profileRefreshRequested, profileSnapshotReceived, signedIn } from '../session';
import { processPendingFriendRemovals } from './friendRemovalsSagas';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  cleanupStaleSentRequests,
  getFriends,
  sendFriendRequest,
} from './friendsApi';
import {
  FRIENDS_REFRESH_AFTER_ACCEPT_MS,
  friendsSaga,
  loadFriends,
  processRemovalsAfterSignIn,
  PROFILE_REFRESH_AFTER_REMOVALS_MS,
  refreshWhenFriendsChange,
} from './friendsSagas';
import {
  acceptRequested,
  cancelRequested,
  listLoaded,
  listRefreshRequested,
  operationFinished,
  pendingRemovalsProcessed,
  pendingRemovalsStuck,
  sendRequested,
  sentRequestsCheckRequested,
  staleRequestsCleanupFailed,
  staleRequestsCleanupRequested,
} from './friendsSlice';

const db = FAKE_DB;
const clock = SAGA_CLOCK;
const context = sagaContext();

const signedInState = (): LoadedState =>
  signedInRootState({ uid: 'bob', email: 'bob@example.test', displayName: 'Bob' });

/** The call effects a run went through, in order. */
const callPayloads = (effects: unknown[]) =>
  effects
    .filter(
      (effect): effect is { type: 'CALL'; payload: { fn: unknown; args: unknown[] } } =>
        (effect as { type?: string }).type === 'CALL',
    )
    .map((effect) => effect.payload);

/** The friends saga over the app's reducers, signed in as Bob, with `providers` after the context. */
const runFriendsSaga = (...providers: StaticProvider[]) =>
  expectSaga(friendsSaga)
    .withReducer(rootReducer, signedInState())
    .provide([...context, ...providers]);
const friendsStateOf = ({ storeState }: { storeState: unknown }) => (storeState as LoadedState).friends;

const friend: FriendEntry = { id: 'alice', displayName: 'Alice', photoURL: null, addedAt: '2026-11-22T10:00:00.000Z' };
const accepted = { success: true, message: 'Friend request accepted' };
const acceptFinished = operationFinished({ operation: 'accept', targetId: 'alice', ...accepted });

describe('the friends list refresh after an accept', () => {
  it(`is requested ${FRIENDS_REFRESH_AFTER_ACCEPT_MS} ms after the accept, without waiting for real`, async () => {
    const result = await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([
        ...context,
        [matchers.call.fn(acceptFriendRequest), accepted],
        [matchers.call.fn(getFriends), { success: true, message: '1 friends', friends: [friend] }],
        skipDelayOf(1000),
      ])
      .dispatch(acceptRequested({ requestId: 'alice_1', senderId: 'alice' }))
      .call(acceptFriendRequest, db, 'bob', 'alice_1', clock)
      .put(acceptFinished)
      .put(listRefreshRequested())
      .put(listLoaded({ friends: [friend] }))
      .silentRun(200);
    const effects = callPayloads(result.allEffects);
    const delayIndex = effects.findIndex((effect) => isDelayOf(effect, 1000));
    const acceptIndex = effects.findIndex((effect) => effect.fn === acceptFriendRequest);
    expect(acceptIndex).toBeGreaterThanOrEqual(0);
    expect(delayIndex).toBeGreaterThan(acceptIndex);
  }, 900);

  it('is not requested within the run when the delay is not stubbed (the stub above is what skips it)', async () => {
    await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([...context, [matchers.call.fn(acceptFriendRequest), accepted]])
      .dispatch(acceptRequested({ requestId: 'alice_1', senderId: 'alice' }))
      .put(acceptFinished)
      .not.put(listRefreshRequested())
      .silentRun(300);
  });

  it('matchers.call(delay, 1000) does not match delay(1000): the refresh never comes', async () => {
    await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([...context, [matchers.call.fn(acceptFriendRequest), accepted], [matchers.call(delay, 1000), null]])
      .dispatch(acceptRequested({ requestId: 'alice_1', senderId: 'alice' }))
      .not.put(listRefreshRequested())
      .silentRun(300);
  });

  it('is not dropped when another friends operation finishes inside that second', async () => {
    // The refresh's delay stays open until the send has finished, so the send lands inside the window.
    let releaseDelay = () => {};
    const delayHeld = new Promise<null>((resolve) => (releaseDelay = () => resolve(null)));
    let delayStarted = () => {};
    const delaySeen = new Promise<void>((resolve) => (delayStarted = resolve));
    const sent = { success: true, message: 'Friend request sent', requestId: 'bob_2' };
    const held: EffectProviders = {
      call(effect, next) {
        if (isDelayOf(effect, FRIENDS_REFRESH_AFTER_ACCEPT_MS)) {
          delayStarted();
          return delayHeld;
        }
        if (effect.fn === acceptFriendRequest) return accepted;
        if (effect.fn === sendFriendRequest) return delaySeen.then(() => sent);
        if (effect.fn === getFriends) return { success: true, message: '1 friends', friends: [friend] };
        return next();
      },
    };
    const order: string[] = [];
    const sendFinished = operationFinished({
      operation: 'send',
      targetId: 'carol',
      success: true,
      message: 'Friend request sent',
    });
    // Sees every action: the held delay ends once the send's outcome has been put and taken (the
    // reducer sees it before the sagas do, hence the next macrotask, after every saga step it causes).
    const watching = (state: LoadedState | undefined, action: { type: string }) => {
      order.push(
        action.type === operationFinished.type
          ? `${action.type}:${(action as typeof sendFinished).payload.operation}`
          : action.type,
      );
      if (action.type === sendFinished.type && (action as typeof sendFinished).payload.operation === 'send')
        setTimeout(releaseDelay, 0);
      return rootReducer(state, action);
    };
    await expectSaga(friendsSaga)
      .withReducer(watching, signedInState())
      .provide([...context, held] as never)
      .dispatch(acceptRequested({ requestId: 'alice_1', senderId: 'alice' }))
      .dispatch(sendRequested({ receiverId: 'carol' }))
      .put(sendFinished)
      .put(listRefreshRequested())
      .put(listLoaded({ friends: [friend] }))
      .silentRun(300);
    const accept = order.indexOf(`${operationFinished.type}:accept`);
    const send = order.indexOf(`${operationFinished.type}:send`);
    const refresh = order.indexOf(listRefreshRequested.type);
    expect([accept >= 0, accept < send, send < refresh]).toEqual([true, true, true]);
  }, 900);

  it('is not requested after a failed accept', async () => {
    await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([
        ...context,
        [matchers.call.fn(acceptFriendRequest), { success: false, message: 'Friend request not found' }],
        skipDelayOf(1000),
      ])
      .dispatch(acceptRequested({ requestId: 'forged', senderId: 'alice' }))
      .put(
        operationFinished({
          operation: 'accept',
          targetId: 'alice',
          success: false,
          message: 'Friend request not found',
        }),
      )
      .not.put(listRefreshRequested())
      .silentRun(200);
  });
});

describe('pending friend removals after sign-in', () => {
  it(`refresh the profile ${PROFILE_REFRESH_AFTER_REMOVALS_MS} ms after at least one was processed`, async () => {
    const dynamic: EffectProviders = {
      call(effect, next) {
        if (effect.fn === processPendingFriendRemovals) return { processed: 2, failed: 1 };
        if (isDelayOf(effect, 1000)) return null;
        return next();
      },
    };
    await expectSaga(processRemovalsAfterSignIn, signedIn({ uid: 'bob' }))
      .provide([...context, dynamic] as never)
      .call(processPendingFriendRemovals, db, 'bob', clock)
      .put(pendingRemovalsProcessed({ processed: 2, failed: 1 }))
      .call.like({ fn: (delay(0) as { payload: { fn: () => unknown } }).payload.fn, args: [1000] })
      .put(profileRefreshRequested())
      .run(200);
  }, 900);

  it('do not refresh the profile when none was processed', async () => {
    const result = await expectSaga(processRemovalsAfterSignIn, signedIn({ uid: 'bob' }))
      .provide([
        ...context,
        [matchers.call.fn(processPendingFriendRemovals), { processed: 0, failed: 1 }],
        skipDelayOf(1000),
      ])
      .put(pendingRemovalsProcessed({ processed: 0, failed: 1 }))
      .not.put(profileRefreshRequested())
      .run(200);
    expect(callPayloads(result.allEffects).some((effect) => isDelayOf(effect, 1000))).toBe(false);
  });

  it('tell the initiator about stuck removals and report each one once, at its tenth failure', async () => {
    const stuck = [
      { targetId: 'alice', targetName: 'Alice', newlyStuck: true },
      { targetId: 'cy', targetName: null, newlyStuck: false },
    ];
    const result = await expectSaga(processRemovalsAfterSignIn, signedIn({ uid: 'bob' }))
      .withReducer(rootReducer, signedInState())
      .provide([
        ...context,
        [matchers.call.fn(processPendingFriendRemovals), { processed: 0, failed: 2, stuck }],
        [matchers.call.fn(reportError), undefined],
      ])
      .put(pendingRemovalsProcessed({ processed: 0, failed: 2 }))
      .put(
        pendingRemovalsStuck({
          removals: [
            { targetId: 'alice', targetName: 'Alice' },
            { targetId: 'cy', targetName: null },
          ],
        }),
      )
      .call(reportError, new Error('Pending friend removal gave up after 10 failed attempts'), {
        initiatorId: 'bob',
        targetId: 'alice',
      })
      .run(200);
    expect(callPayloads(result.allEffects).filter((effect) => effect.fn === reportError)).toHaveLength(1);
    expect(result.storeState.friends.stuckRemovals).toEqual([
      { targetId: 'alice', targetName: 'Alice' },
      { targetId: 'cy', targetName: null },
    ]);
  });

  it('only log an error and let the app go on', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expectSaga(processRemovalsAfterSignIn, signedIn({ uid: 'bob' }))
      .provide([...context, [matchers.call.fn(processPendingFriendRemovals), Promise.reject(new Error('offline'))]])
      .not.put(profileRefreshRequested())
      .run(200);
    expect(error).toHaveBeenCalledWith('Checking pending friend removals failed:', expect.any(Error));
  });

  it('with error reporting on (production with Sentry), log the error to the console and report it too', async () => {
    const reported = jest.fn();
    setErrorReporter(reported);
    try {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const offline = new Error('offline');
      await expectSaga(processRemovalsAfterSignIn, signedIn({ uid: 'bob' }))
        .provide([...context, [matchers.call.fn(processPendingFriendRemovals), Promise.reject(offline)]])
        .run(200);
      expect(error).toHaveBeenCalledWith('Checking pending friend removals failed:', offline);
      expect(reported).toHaveBeenCalledWith(offline, { description: 'Checking pending friend removals failed:' });
    } finally {
      setErrorReporter(logToConsole);
    }
  });

  it('sign-in loads the friends list, processes removals and asks for the cleanup', async () => {
    await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([
        ...context,
        [matchers.call.fn(processPendingFriendRemovals), { processed: 0, failed: 0 }],
        [matchers.call.fn(getFriends), { success: true, message: '0 friends', friends: [] }],
        [
          matchers.call.fn(cleanupStaleSentRequests),
          { success: true, message: 'Sent requests are up to date', actions: {} },
        ],
      ])
      .dispatch(signedIn({ uid: 'bob' }))
      .put(listRefreshRequested())
      .put(staleRequestsCleanupRequested())
      .call(cleanupStaleSentRequests, db, 'bob', clock)
      .put(listLoaded({ friends: [] }))
      .silentRun(200);
  });
});

describe('operations', () => {
  it('a double click sends one request; another person is not held up (takeLeading per target)', async () => {
    const calls: string[] = [];
    const slowSend: EffectProviders = {
      call(effect, next) {
        if (effect.fn !== sendFriendRequest) return next();
        calls.push(effect.args[2] as string);
        return new Promise((resolve) =>
          setTimeout(() => resolve({ success: true, message: 'Friend request sent', requestId: 'x' }), 50),
        );
      },
    };
    await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([...context, slowSend] as never)
      .dispatch(sendRequested({ receiverId: 'alice' }))
      .dispatch(sendRequested({ receiverId: 'alice' }))
      .dispatch(sendRequested({ receiverId: 'carol' }))
      .put(operationFinished({ operation: 'send', targetId: 'alice', success: true, message: 'Friend request sent' }))
      .put(operationFinished({ operation: 'send', targetId: 'carol', success: true, message: 'Friend request sent' }))
      .silentRun(300);
    expect(calls).toEqual(['alice', 'carol']);
  });

  it('one person, one queue: a cancel asked while the send runs waits for it; another person does not', async () => {
    const calls: string[] = [];
    const slow: EffectProviders = {
      call(effect, next) {
        if (effect.fn === sendFriendRequest) {
          calls.push('send alice');
          return new Promise((resolve) =>
            setTimeout(() => {
              calls.push('sent alice');
              resolve({ success: true, message: 'Friend request sent', requestId: 'bob_1' });
            }, 50),
          );
        }
        if (effect.fn === cancelFriendRequest) {
          calls.push(`cancel ${effect.args[2] as string}`);
          return { success: true, message: 'Friend request cancelled' };
        }
        return next();
      },
    };
    await expectSaga(friendsSaga)
      .withState(signedInState())
      .provide([...context, slow] as never)
      .dispatch(sendRequested({ receiverId: 'alice' }))
      .dispatch(cancelRequested({ receiverId: 'alice', requestId: null }))
      .dispatch(cancelRequested({ receiverId: 'carol', requestId: null }))
      .put(operationFinished({ operation: 'send', targetId: 'alice', success: true, message: 'Friend request sent' }))
      .put(
        operationFinished({
          operation: 'cancel',
          targetId: 'alice',
          success: true,
          message: 'Friend request cancelled',
        }),
      )
      .silentRun(300);
    expect(calls).toEqual(['send alice', 'cancel carol', 'sent alice', 'cancel alice']);
  });

  it('the outcome lands in state for the live region', async () => {
    const result = await runFriendsSaga([
      matchers.call.fn(sendFriendRequest),
      { success: false, message: 'Friend request already sent', requestId: null },
    ])
      .dispatch(sendRequested({ receiverId: 'alice' }))
      .silentRun(100);
    expect(friendsStateOf(result).lastOutcome).toEqual({
      operation: 'send',
      targetId: 'alice',
      success: false,
      message: 'Friend request already sent',
      seq: 1,
    });
    expect(friendsStateOf(result).inFlight).toEqual({});
  });
});

describe("the user's own check of sent requests", () => {
  const cleaned = (actions: Record<string, string[]>) => ({ success: true, message: 'ok', actions });

  it('runs the cleanup and keeps what it changed for the panel', async () => {
    const result = await runFriendsSaga([
      matchers.call.fn(cleanupStaleSentRequests),
      cleaned({ alice: ['markedAccepted'], carol: ['unchanged'] }),
    ])
      .dispatch(sentRequestsCheckRequested())
      .put(staleRequestsCleanupRequested())
      .silentRun(100);
    expect(friendsStateOf(result).sentRequestsCheck).toEqual({ status: 'done', changed: 1 });
  });

  it('says when the check failed, and reports it', async () => {
    const result = await runFriendsSaga(
      [matchers.call.fn(cleanupStaleSentRequests), { success: false, message: 'Your profile not found', actions: {} }],
      [matchers.call.fn(reportError), undefined],
    )
      .dispatch(sentRequestsCheckRequested())
      .call(reportError, 'Your profile not found', { description: 'Cleaning up sent friend requests failed:' })
      .put(staleRequestsCleanupFailed())
      .silentRun(100);
    expect(friendsStateOf(result).sentRequestsCheck).toEqual({ status: 'failed' });
  });

  it('the cleanup after each sign-in shows nothing', async () => {
    const result = await runFriendsSaga([
      matchers.call.fn(cleanupStaleSentRequests),
      cleaned({ alice: ['markedAccepted'] }),
    ])
      .dispatch(staleRequestsCleanupRequested())
      .silentRun(100);
    expect(friendsStateOf(result).sentRequestsCheck).toEqual({ status: 'idle' });
  });
});

describe('the friends list', () => {
  it('loads the validated list', async () => {
    await expectSaga(loadFriends)
      .withState(signedInState())
      .provide([...context, [matchers.call.fn(getFriends), { success: true, message: '1 friends', friends: [friend] }]])
      .put(listLoaded({ friends: [friend] }))
      .run(100);
  });

  it('refreshes when the live profile friends change, not on other changes', async () => {
    const profile = toUserProfile({ displayName: 'Bob' });
    await expectSaga(refreshWhenFriendsChange)
      .dispatch(profileSnapshotReceived({ uid: 'bob', profile }))
      .dispatch(profileSnapshotReceived({ uid: 'bob', profile: { ...profile, bio: 'new bio' } }))
      .dispatch(profileSnapshotReceived({ uid: 'bob', profile: { ...profile, friends: [friend], friendCount: 1 } }))
      .put(listRefreshRequested())
      .silentRun(100)
      .then((result) =>
        expect(result.allEffects.filter((effect) => (effect as { type?: string }).type === 'PUT')).toHaveLength(1),
      );
  });
});
