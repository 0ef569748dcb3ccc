import { call, put, select, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import { answer, callAsUser, fail, operationWorker, takeEachDistinct, takeOperations } from '../../app/sagas';
import type { OperationLifecycle } from '../../app/sagas';
import type { Backend } from '../../backend/port';
import { TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { TribeActor, TribeResult } from '../../domain/tribeTypes';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import type { TribeOperation, TribeSubject } from './tribeOperations';
import * as api from './tribesApi';
import {
  approveRequested,
  createFailed,
  createRequested,
  declineRequested,
  deletePostRequested,
  directoryOpened,
  joinRequested,
  leaveRequested,
  operationFinished,
  postRequested,
  tribeCreated,
  tribeOpened,
} from './tribesSlice';
import { directory, viewTribe } from './tribeWatchSagas';

// ---------- operations ----------

function* currentActor() {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) return null;
  const actor: TribeActor = { uid: user.uid, displayName: user.profile.displayName, photoURL: user.profile.photoURL };
  return actor;
}

const NOT_SIGNED_IN = fail(TRIBE_MESSAGES.notSignedIn);

/** Each operation ends in operationFinished: the tribe page shows it, the composer reacts to it. */
const lifecycle: OperationLifecycle<TribeOperation, TribeSubject> = {
  finished: operationFinished,
  signedOut: NOT_SIGNED_IN,
};

export function* createTribeWorker(action: ReturnType<typeof createRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  if (!actor) {
    yield put(createFailed({ message: NOT_SIGNED_IN.message, fieldErrors: {} }));
    return;
  }
  const result: api.CreateTribeResult = yield call(api.createTribe, backend.db, actor, action.payload);
  if (result.success && result.tribeId) yield put(tribeCreated({ tribeId: result.tribeId, message: result.message }));
  else yield put(createFailed({ message: result.message, fieldErrors: result.fieldErrors ?? {} }));
}

export const joinWorker = operationWorker(lifecycle, function* join(action: ReturnType<typeof joinRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  if (!actor) return null;
  const result: TribeResult = yield call(api.joinTribe, backend.db, actor, action.payload.tribeId);
  return result;
});

export const leaveWorker = operationWorker(lifecycle, function* leave(action: ReturnType<typeof leaveRequested>) {
  return yield* callAsUser(api.leaveTribe, action.payload.tribeId);
});

export const approveWorker = operationWorker(lifecycle, function* approve(action: ReturnType<typeof approveRequested>) {
  const { tribeId, uid } = action.payload;
  return yield* callAsUser(api.approveJoinRequest, tribeId, uid);
});

export const declineWorker = operationWorker(lifecycle, function* decline(action: ReturnType<typeof declineRequested>) {
  const { tribeId, uid } = action.payload;
  return yield* callAsUser(api.declineJoinRequest, tribeId, uid);
});

export const postWorker = operationWorker(lifecycle, function* post(action: ReturnType<typeof postRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  if (!actor) return null;
  const { tribeId, body } = action.payload;
  const result: api.CreatePostResult = yield call(api.createPost, backend.db, actor, tribeId, body);
  return result;
});

export const deletePostWorker = operationWorker(
  lifecycle,
  function* removeOwnPost(action: ReturnType<typeof deletePostRequested>) {
    return yield* callAsUser(api.deletePost, action.payload.postId);
  },
);

export function* tribesSaga() {
  // takeLatest: reopening the directory replaces the previous live query.
  yield takeLatest(directoryOpened.type, directory);
  // takeLatest: opening another tribe cancels the previous one's subscriptions.
  yield takeLatest(tribeOpened.type, viewTribe);
  // An identical repeat (a double click) while one runs or waits is dropped; anything else waits its turn.
  // A double-clicked "Create tribe" must not create two tribes.
  yield takeEachDistinct(createRequested, createTribeWorker);
  // The operations, queued by the slice's operationKey; an identical repeat (a double click) is
  // dropped. Joining and leaving one tribe run in the order asked (other tribes are not held up);
  // approving or declining one applicant, once, in order (other applicants are not held up); posts
  // to one tribe publish one at a time, in order, so another text posted meanwhile follows the
  // first; deleting one post does not hold up deleting another.
  yield takeOperations(
    answer(joinRequested, joinWorker),
    answer(leaveRequested, leaveWorker),
    answer(approveRequested, approveWorker),
    answer(declineRequested, declineWorker),
    answer(postRequested, postWorker),
    answer(deletePostRequested, deletePostWorker),
  );
}
