// The safety watchers. They stay small, in the app's first chunk: the workers, the live lists
// and the operations (safetyWorkerSagas.ts, safetyApi.ts) load with the first event they answer.
import { call, takeLatest } from 'redux-saga/effects';

import { untilSignedOut } from '../../app/sagas';
import { takeEachDistinct } from '../../app/sagas';
import { signedIn } from '../session';
import {
  blockRequested,
  memberRemovalRequested,
  moderationQueueOpened,
  muteRequested,
  postRemovalRequested,
  reportActionRequested,
  reportDismissRequested,
  reportSubmitted,
  unblockRequested,
  unmuteRequested,
} from './safetySlice';

type Workers = typeof import('./safetyWorkerSagas');

/**
 * The workers and the operations, out of the app's first chunk: every sign-in starts one of them
 * (afterSignIn), so they share the chunk a sign-in loads (app/signedInFeatures.ts) instead of
 * costing a request of their own before a signed-in page has its data.
 */
const loadWorkers = (): Promise<Workers> => import(/* webpackChunkName: "signed-in" */ './safetyWorkerSagas');

function lazy<A>(pick: (workers: Workers) => (action: A) => Generator) {
  return function* runLoaded(action: A) {
    const workers: Workers = yield call(loadWorkers);
    yield call(pick(workers), action);
  };
}

export function* safetySaga() {
  // One at a time per target, in order: a double click (the same action again) must not block,
  // report or remove twice; a different submission waits its turn instead of being dropped.
  yield takeEachDistinct(
    blockRequested.type,
    lazy((w) => w.blockWorker),
    (a: ReturnType<typeof blockRequested>) => a.payload.person.id,
  );
  yield takeEachDistinct(
    unblockRequested.type,
    lazy((w) => w.unblockWorker),
    (a: ReturnType<typeof unblockRequested>) => a.payload.person.id,
  );
  yield takeEachDistinct(
    muteRequested.type,
    lazy((w) => w.muteWorker),
    (a: ReturnType<typeof muteRequested>) => a.payload.person.id,
  );
  yield takeEachDistinct(
    unmuteRequested.type,
    lazy((w) => w.unmuteWorker),
    (a: ReturnType<typeof unmuteRequested>) => a.payload.person.id,
  );
  yield takeEachDistinct(
    reportSubmitted.type,
    lazy((w) => w.reportWorker),
    (a: ReturnType<typeof reportSubmitted>) => `${a.payload.target.kind}:${a.payload.target.id}`,
  );
  yield takeEachDistinct(
    postRemovalRequested.type,
    lazy((w) => w.removePostWorker),
    (a: ReturnType<typeof postRemovalRequested>) => a.payload.postId,
  );
  yield takeEachDistinct(
    memberRemovalRequested.type,
    lazy((w) => w.removeMemberWorker),
    (a: ReturnType<typeof memberRemovalRequested>) => `${a.payload.tribeId}_${a.payload.member.id}`,
  );
  yield takeEachDistinct(
    reportDismissRequested.type,
    lazy((w) => w.dismissWorker),
    (a: ReturnType<typeof reportDismissRequested>) => a.payload.reportId,
  );
  yield takeEachDistinct(
    reportActionRequested.type,
    lazy((w) => w.actWorker),
    (a: ReturnType<typeof reportActionRequested>) => a.payload.reportId,
  );
  // takeLatest: only the newest read of the queue matters; an older one in flight is stale.
  yield takeLatest(moderationQueueOpened.type, untilSignedOut(lazy((w) => w.loadModerationQueue)));
  // takeLatest: a new sign-in supersedes the previous user's subscriptions.
  yield takeLatest(signedIn.type, untilSignedOut(lazy((w) => w.afterSignIn)));
}
