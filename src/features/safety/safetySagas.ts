// The safety watchers. They stay small, in the app's first chunk: the workers, the live lists
// and the operations (safetyWorkerSagas.ts, safetyApi.ts) load with the first event they answer.
import { call, takeLatest } from 'redux-saga/effects';

import { takeLeadingPer, untilSignedOut } from '../friends/friendsSagas';
import { signedIn } from '../session/sessionSlice';
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

/** The workers and the operations load on first use: most sessions never block, report or moderate. */
const loadWorkers = (): Promise<Workers> => import(/* webpackChunkName: "safety" */ './safetyWorkerSagas');

function lazy<A>(pick: (workers: Workers) => (action: A) => Generator) {
  return function* runLoaded(action: A) {
    const workers: Workers = yield call(loadWorkers);
    yield call(pick(workers), action);
  };
}

export function* safetySaga() {
  // takeLeading per target: a double click must not block, report or remove twice; others go on.
  yield takeLeadingPer(blockRequested.type, (a: ReturnType<typeof blockRequested>) => a.payload.person.id, lazy((w) => w.blockWorker));
  yield takeLeadingPer(unblockRequested.type, (a: ReturnType<typeof unblockRequested>) => a.payload.person.id, lazy((w) => w.unblockWorker));
  yield takeLeadingPer(muteRequested.type, (a: ReturnType<typeof muteRequested>) => a.payload.person.id, lazy((w) => w.muteWorker));
  yield takeLeadingPer(unmuteRequested.type, (a: ReturnType<typeof unmuteRequested>) => a.payload.person.id, lazy((w) => w.unmuteWorker));
  yield takeLeadingPer(
    reportSubmitted.type,
    (a: ReturnType<typeof reportSubmitted>) => `${a.payload.target.kind}:${a.payload.target.id}`,
    lazy((w) => w.reportWorker),
  );
  yield takeLeadingPer(postRemovalRequested.type, (a: ReturnType<typeof postRemovalRequested>) => a.payload.postId, lazy((w) => w.removePostWorker));
  yield takeLeadingPer(
    memberRemovalRequested.type,
    (a: ReturnType<typeof memberRemovalRequested>) => `${a.payload.tribeId}_${a.payload.member.id}`,
    lazy((w) => w.removeMemberWorker),
  );
  yield takeLeadingPer(reportDismissRequested.type, (a: ReturnType<typeof reportDismissRequested>) => a.payload.reportId, lazy((w) => w.dismissWorker));
  yield takeLeadingPer(reportActionRequested.type, (a: ReturnType<typeof reportActionRequested>) => a.payload.reportId, lazy((w) => w.actWorker));
  // takeLatest: only the newest read of the queue matters; an older one in flight is stale.
  yield takeLatest(moderationQueueOpened.type, untilSignedOut(lazy((w) => w.loadModerationQueue)));
  // takeLatest: a new sign-in supersedes the previous user's subscriptions.
  yield takeLatest(signedIn.type, untilSignedOut(lazy((w) => w.afterSignIn)));
}
