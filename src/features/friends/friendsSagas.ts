import type { Action } from '@reduxjs/toolkit';
import { call, delay, fork, put, take, takeEvery, takeLatest } from 'redux-saga/effects';

import { getBackend, getClock } from '../../app/sagaContext';
import {
  answer,
  callAsUser,
  fail,
  operationWorker,
  ownUid,
  takeEachDistinct,
  takeOperations,
  untilSignedOut,
} from '../../app/sagas';
import type { OperationLifecycle } from '../../app/sagas';
import type { Backend, Clock } from '../../backend/port';
import { PENDING_REMOVAL_MAX_ATTEMPTS } from '../../domain/friendsLimits';
import type { FriendOperation } from '../../domain/friendsTypes';
import type { UserProfile } from '../../domain/profileTypes';
import { logError, reportError } from '../../platform/errorReporting';
import { profileRefreshed, profileRefreshRequested, profileSnapshotReceived, signedIn } from '../session';
import { processPendingFriendRemovals } from './friendRemovalsSagas';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  cleanupStaleSentRequests,
  declineFriendRequest,
  getFriends,
  removeFriend,
  sendFriendRequest,
} from './friendsApi';
import type { CleanupResult, FriendsListResult, ProcessedRemovals } from './friendsApi';
import {
  acceptRequested,
  cancelRequested,
  declineRequested,
  listFailed,
  listLoaded,
  listRefreshRequested,
  operationFinished,
  pendingRemovalsProcessed,
  pendingRemovalsStuck,
  removeRequested,
  sendRequested,
  staleRequestsCleanedUp,
  staleRequestsCleanupRequested,
  sentRequestsCheckRequested,
  staleRequestsCleanupFailed,
} from './friendsSlice';
import type { FriendSubject } from './friendsSlice';

/** Spec section 9: the friends list refreshes 1000 ms after an accept. */
export const FRIENDS_REFRESH_AFTER_ACCEPT_MS = 1000;
/** Spec section 9: the profile refreshes 1000 ms after pending removals were processed. */
export const PROFILE_REFRESH_AFTER_REMOVALS_MS = 1000;

/** Each operation ends in operationFinished, for the live region; signed out, the spec's 'Missing user ID'. */
const lifecycle: OperationLifecycle<FriendOperation, FriendSubject> = {
  finished: operationFinished,
  signedOut: fail('Missing user ID'),
};

const sendWorker = operationWorker(lifecycle, function* send(action: ReturnType<typeof sendRequested>) {
  const clock: Clock = yield* getClock();
  return yield* callAsUser(sendFriendRequest, action.payload.receiverId, clock);
});

const acceptWorker = operationWorker(lifecycle, function* accept(action: ReturnType<typeof acceptRequested>) {
  const clock: Clock = yield* getClock();
  return yield* callAsUser(acceptFriendRequest, action.payload.requestId, clock);
});

const declineWorker = operationWorker(lifecycle, function* decline(action: ReturnType<typeof declineRequested>) {
  return yield* callAsUser(declineFriendRequest, action.payload.requestId);
});

const cancelWorker = operationWorker(lifecycle, function* cancel(action: ReturnType<typeof cancelRequested>) {
  const { receiverId, requestId } = action.payload;
  return yield* callAsUser(cancelFriendRequest, receiverId, requestId);
});

const removeWorker = operationWorker(lifecycle, function* remove(action: ReturnType<typeof removeRequested>) {
  const clock: Clock = yield* getClock();
  return yield* callAsUser(removeFriend, action.payload.friendId, clock);
});

const isAccepted = (action: Action): action is ReturnType<typeof operationFinished> =>
  operationFinished.match(action) && action.payload.operation === 'accept' && action.payload.success;

/** The spec's friends-list refresh hook, about one second after a request is accepted. */
function* refreshAfterAccept(action: ReturnType<typeof operationFinished>) {
  if (!isAccepted(action)) return;
  yield delay(FRIENDS_REFRESH_AFTER_ACCEPT_MS);
  yield put(listRefreshRequested());
}

export function* loadFriends() {
  const uid: string | null = yield* ownUid();
  if (!uid) return;
  const backend: Backend = yield* getBackend();
  const result: FriendsListResult = yield call(getFriends, backend.db, uid);
  if (result.success) yield put(listLoaded({ friends: result.friends }));
  else {
    yield call(reportError, result.message, { description: 'Friends list:' });
    yield put(listFailed());
  }
}

/**
 * After every sign-in: finish pending friend removals for the user as initiator and as target;
 * when at least one was processed, refresh the profile 1000 ms later. Failures are reported, never thrown.
 */
export function* processRemovalsAfterSignIn(action: ReturnType<typeof signedIn>) {
  const backend: Backend = yield* getBackend();
  const clock: Clock = yield* getClock();
  let outcome: ProcessedRemovals;
  try {
    outcome = yield call(processPendingFriendRemovals, backend.db, action.payload.uid, clock);
  } catch (error) {
    // The spec: logged to the console and the product goes on (and reported as well).
    yield call(logError, error, { description: 'Checking pending friend removals failed:' });
    return;
  }
  yield put(pendingRemovalsProcessed({ processed: outcome.processed, failed: outcome.failed }));
  const stuck = outcome.stuck ?? [];
  if (stuck.length > 0) {
    yield put(pendingRemovalsStuck({ removals: stuck.map(({ targetId, targetName }) => ({ targetId, targetName })) }));
    for (const removal of stuck.filter((r) => r.newlyStuck)) {
      yield call(
        reportError,
        new Error(`Pending friend removal gave up after ${PENDING_REMOVAL_MAX_ATTEMPTS} failed attempts`),
        {
          initiatorId: action.payload.uid,
          targetId: removal.targetId,
        },
      );
    }
  }
  if (outcome.processed > 0) {
    yield delay(PROFILE_REFRESH_AFTER_REMOVALS_MS);
    yield put(profileRefreshRequested());
  }
}

function* cleanupStaleRequests() {
  const uid: string | null = yield* ownUid();
  // Every way out answers: a check the user asked for never stays "Checking…".
  if (!uid) {
    yield put(staleRequestsCleanupFailed());
    return;
  }
  const backend: Backend = yield* getBackend();
  const clock: Clock = yield* getClock();
  let failure: unknown = null;
  try {
    const result: CleanupResult = yield call(cleanupStaleSentRequests, backend.db, uid, clock);
    if (result.success) {
      const changed = Object.values(result.actions).filter((actions) => actions.some((a) => a !== 'unchanged')).length;
      yield put(staleRequestsCleanedUp({ changed }));
      return;
    }
    failure = result.message;
  } catch (error) {
    failure = error;
  }
  yield put(staleRequestsCleanupFailed());
  yield call(reportError, failure, { description: 'Cleaning up sent friend requests failed:' });
}

function* afterSignIn(action: ReturnType<typeof signedIn>) {
  yield put(listRefreshRequested());
  yield call(processRemovalsAfterSignIn, action);
  yield put(staleRequestsCleanupRequested());
}

const friendsKey = (profile: UserProfile) =>
  profile.friends
    .map((friend) => `${friend?.id}:${friend?.displayName}:${friend?.photoURL}`)
    .sort()
    .join('|');

/** The live own profile's friends changed (someone accepted or removed): reload the validated list. */
export function* refreshWhenFriendsChange() {
  let previous: string | null = null;
  while (true) {
    const action: ReturnType<typeof profileSnapshotReceived> | ReturnType<typeof profileRefreshed> = yield take([
      profileSnapshotReceived.type,
      profileRefreshed.type,
    ]);
    const profile = profileSnapshotReceived.match(action) ? action.payload.profile : action.payload.user.profile;
    const key = friendsKey(profile);
    if (previous !== null && key !== previous) yield put(listRefreshRequested());
    previous = key;
  }
}

export function* friendsSaga() {
  // One queue per person (the slice's key: the other person's id): every operation about one
  // person, whichever it is, runs one at a time in the order asked (a cancel right after a send
  // waits for the send); an identical repeat while one runs or waits (a double click) is dropped;
  // other people are not held up.
  yield takeOperations(
    answer(sendRequested, sendWorker),
    answer(acceptRequested, acceptWorker),
    answer(declineRequested, declineWorker),
    answer(cancelRequested, cancelWorker),
    answer(removeRequested, removeWorker),
  );
  // takeEvery, on successful accepts only: each accept gets its own refresh one second later, which
  // no other friends operation finishing meanwhile may cancel (the list reads below are takeLatest).
  yield takeEvery(isAccepted, refreshAfterAccept);
  // takeLatest: only the newest list read matters; an older one in flight is stale.
  yield takeLatest(listRefreshRequested.type, untilSignedOut(loadFriends));
  // A cleanup already running or waiting covers an identical request made meanwhile.
  yield takeEachDistinct(staleRequestsCleanupRequested, untilSignedOut(cleanupStaleRequests));
  // The user's own check runs the same cleanup (joining one already on its way) and shows its outcome.
  yield takeEvery(sentRequestsCheckRequested.type, function* checkSentRequests() {
    yield put(staleRequestsCleanupRequested());
  });
  // takeLatest: a new sign-in supersedes the work of the previous one.
  yield takeLatest(signedIn.type, untilSignedOut(afterSignIn));
  yield fork(refreshWhenFriendsChange);
}
