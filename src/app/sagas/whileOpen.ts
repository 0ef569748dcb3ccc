// A page's lifetime, written once. A page dispatches its opened action on mount and its closed
// action on unmount; what it follows while open (live subscriptions, a load) runs in between:
//
//   yield takeLatest(tribeOpened, function* view(action) {
//     const { tribeId } = action.payload;
//     yield* whileOpen(tribeClosed, call(watchTribe, tribeId), (closed) => closed.payload.tribeId === tribeId);
//   });
//
// Blocking: `work` races the close. The close cancels it, and cancellation runs its finally
// blocks, where followChannel closes every subscription (no listener outlives the page).
import type { Action } from '@reduxjs/toolkit';
import type { Effect } from 'redux-saga/effects';
import { race, take } from 'redux-saga/effects';

import type { ActionCreatorOf } from './takeEachDistinct';

/**
 * Runs `work` until it ends or the page closes: `closed`, and, where one saga serves many pages
 * (a tribe, a project, a profile), only the close `isThisPage` accepts, so another page closing
 * (the previous one, unmounted after the next one opened) does not end this one.
 */
export function* whileOpen<A extends Action>(
  closed: ActionCreatorOf<A>,
  work: Effect,
  isThisPage: (action: A) => boolean = () => true,
) {
  yield race({ open: work, closed: take((action: Action) => closed.match(action) && isThisPage(action)) });
}
