import type { Action } from '@reduxjs/toolkit';
import { call, delay, fork, put, take, takeEvery, takeLatest } from 'redux-saga/effects';

import { getBackend, getClock } from '../../app/sagaContext';
import { callAsUser, fail, ownUid, takeEachDistinct, untilSignedOut } from '../../app/sagas';
import type { OperationResult } from '../../app/sagas';
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

/** Spec section 9: the friends list refreshes 1000 ms after an accept. */
export const FRIENDS_REFRESH_AFTER_ACCEPT_MS = 1000;
/** Spec section 9: the profile refreshes 1000 ms after pending removals were processed. */
export const PROFILE_REFRESH_AFTER_REMOVALS_MS = 1000;

const NOT_SIGNED_IN = fail('Missing user ID');

/** The outcome of an operation for the live region; signed out (null), the spec's 'Missing user ID'. */
function* finish(operation: FriendOperation, targetId: string, result: OperationResult | null) {
  const { success, message } = result ?? NOT_SIGNED_IN;
  yield put(operationFinished({ operation, targetId, success, message }));
}

export function* sendWorker(action: ReturnType<typeof sendRequested>) {
  const clock: Clock = yield* getClock();
  const { receiverId } = action.payload;
  yield* finish('send', receiverId, yield* callAsUser(sendFriendRequest, receiverId, clock));
}

export function* acceptWorker(action: ReturnType<typeof acceptRequested>) {
  const clock: Clock = yield* getClock();
  const { requestId, senderId } = action.payload;
  yield* finish('accept', senderId, yield* callAsUser(acceptFriendRequest, requestId, clock));
}

export function* declineWorker(action: ReturnType<typeof declineRequested>) {
  const { requestId, senderId } = action.payload;
  yield* finish('decline', senderId, yield* callAsUser(declineFriendRequest, requestId));
}

export function* cancelWorker(action: ReturnType<typeof cancelRequested>) {
  const { receiverId, requestId } = action.payload;
  yield* finish('cancel', receiverId, yield* callAsUser(cancelFriendRequest, receiverId, requestId));
}

export function* removeWorker(action: ReturnType<typeof removeRequested>) {
  const clock: Clock = yield* getClock();
  const { friendId } = action.payload;
  yield* finish('remove', friendId, yield* callAsUser(removeFriend, friendId, clock));
}

const isAccepted = (action: Action): action is ReturnType<typeof operationFinished> =>
  operationFinished.match(action) && action.payload.operation === 'accept' && action.payload.success;

/** The spec's friends-list refresh hook, about one second after a request is accepted. */
export function* refreshAfterAccept(action: ReturnType<typeof operationFinished>) {
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

export function* cleanupStaleRequests() {
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
  // One at a time per person, in order; an identical repeat (a double click) is dropped.
  yield takeEachDistinct(sendRequested.type, sendWorker, (a: ReturnType<typeof sendRequested>) => a.payload.receiverId);
  yield takeEachDistinct(
    acceptRequested.type,
    acceptWorker,
    (a: ReturnType<typeof acceptRequested>) => a.payload.requestId,
  );
  yield takeEachDistinct(
    declineRequested.type,
    declineWorker,
    (a: ReturnType<typeof declineRequested>) => a.payload.requestId,
  );
  yield takeEachDistinct(
    cancelRequested.type,
    cancelWorker,
    (a: ReturnType<typeof cancelRequested>) => a.payload.receiverId,
  );
  yield takeEachDistinct(
    removeRequested.type,
    removeWorker,
    (a: ReturnType<typeof removeRequested>) => a.payload.friendId,
  );
  // takeEvery, on successful accepts only: each accept gets its own refresh one second later, which
  // no other friends operation finishing meanwhile may cancel (the list reads below are takeLatest).
  yield takeEvery(isAccepted, refreshAfterAccept);
  // takeLatest: only the newest list read matters; an older one in flight is stale.
  yield takeLatest(listRefreshRequested.type, untilSignedOut(loadFriends));
  // A cleanup already running or waiting covers an identical request made meanwhile.
  yield takeEachDistinct(staleRequestsCleanupRequested.type, untilSignedOut(cleanupStaleRequests));
  // The user's own check runs the same cleanup (joining one already on its way) and shows its outcome.
  yield takeEvery(sentRequestsCheckRequested.type, function* checkSentRequests() {
    yield put(staleRequestsCleanupRequested());
  });
  // takeLatest: a new sign-in supersedes the work of the previous one.
  yield takeLatest(signedIn.type, untilSignedOut(afterSignIn));
  yield fork(refreshWhenFriendsChange);
}
