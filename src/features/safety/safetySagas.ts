// The safety watchers. They stay small, in the app's first chunk: the workers, the live lists
// and the operations (safetyWorkerSagas.ts, safetyApi.ts) load with the first event they answer.
import { call, takeLatest } from 'redux-saga/effects';

import { answer, takeEachDistinct, takeOperations, untilSignedOut } from '../../app/sagas';
import { signedIn } from '../session';
import {
  blockRequested,
  memberRemovalRequested,
  moderationQueueOpened,
  muteRequested,
  postRemovalRequested,
  reportActionRequested,
  reportDismissRequested,
  reportKey,
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
  // The operations, queued by the slice's safetyKey; an identical repeat (a double click) must not
  // block or remove twice and is dropped, while a different request waits its turn. Everything
  // about one person (block, unblock, mute, unmute) runs one at a time in the order asked, as do
  // a moderator's dismiss and act on one report; each post and each member removal has its own
  // queue, and other targets are not held up.
  yield takeOperations(
    answer(
      blockRequested,
      lazy((w) => w.blockWorker),
    ),
    answer(
      unblockRequested,
      lazy((w) => w.unblockWorker),
    ),
    answer(
      muteRequested,
      lazy((w) => w.muteWorker),
    ),
    answer(
      unmuteRequested,
      lazy((w) => w.unmuteWorker),
    ),
    answer(
      postRemovalRequested,
      lazy((w) => w.removePostWorker),
    ),
    answer(
      memberRemovalRequested,
      lazy((w) => w.removeMemberWorker),
    ),
    answer(
      reportDismissRequested,
      lazy((w) => w.dismissWorker),
    ),
    answer(
      reportActionRequested,
      lazy((w) => w.actWorker),
    ),
  );
  // A report answers through its own state; one at a time per reported thing, in order, and a
  // double-clicked Send reports once.
  yield takeEachDistinct(
    reportSubmitted,
    lazy((w) => w.reportWorker),
    (a) => reportKey(a.payload.target),
  );
  // takeLatest: only the newest read of the queue matters; an older one in flight is stale.
  yield takeLatest(moderationQueueOpened.type, untilSignedOut(lazy((w) => w.loadModerationQueue)));
  // takeLatest: a new sign-in supersedes the previous user's subscriptions.
  yield takeLatest(signedIn.type, untilSignedOut(lazy((w) => w.afterSignIn)));
}
