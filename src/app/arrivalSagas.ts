// A signed-in visit that arrives on /dashboard or /explore (the PWA's start URL, a bookmark, a
// reload) starts the page's reads as soon as the session is restored, beside React's first render
// of the app, instead of after it: the page's effect, which opened it on every other visit, runs
// only once the page's code is there and the app has rendered and committed, a few hundred
// milliseconds at mobile CPU speeds. The page, when it mounts, finds itself open and does not
// read again (app/usePageOpen.ts).
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, take } from 'redux-saga/effects';

import { authCheckFailed, authStateChanged, selectSessionStatus } from '../features/session/sessionSlice';
import type { SessionStatus } from '../features/session/sessionTypes';
import { reportError } from '../platform/errorReporting';
import type { Feature } from './feature';
import { canonicalPath } from './paths';
import type { LazySlices } from './rootReducer';
import { locationChanged } from './routerEvents';
import type { SagaContext } from './sagaContext';

/** A performance mark when an arrival page's reads start (the browser tests and traces read it). */
export const ARRIVAL_OPENED_MARK = 'devtribe:arrival-page-opened';

const mark = (name: string) => performance.mark?.(name);

/** The pages whose reads a restored session starts, by path: the slice whose feature has the page. */
const ARRIVAL_PAGES: Readonly<Record<string, keyof LazySlices>> = {
  '/dashboard': 'dashboard',
  '/explore': 'explore',
};

export function* openArrivalPage() {
  // Where the visit starts: the boot reports it before the first auth check can have completed
  // (src/index.tsx); the layout reports every location after it.
  const { payload }: ReturnType<typeof locationChanged> = yield take(locationChanged.type);
  const status: SessionStatus = yield select(selectSessionStatus);
  const key = ARRIVAL_PAGES[canonicalPath(payload.pathname)];
  // A location reported once the session is known is a navigation: that page opens itself.
  if (status !== 'loading' || key === undefined) return;
  const check: UnknownAction = yield take([authStateChanged.type, authCheckFailed.type]);
  if (!authStateChanged.match(check) || check.payload.user === null) return;
  const loadFeatureCode: SagaContext['loadFeatureCode'] = yield getContext('loadFeatureCode');
  let features: Feature[];
  try {
    // The entry-page preload is fetching this chunk already (app/routes.tsx): usually no wait.
    features = yield call(loadFeatureCode, key);
  } catch (error) {
    // The page loads its chunk again when it renders, and shows the error fallback if it cannot.
    yield call(reportError, error, { description: 'The arrival page could not start its reads:' });
    return;
  }
  const page = features.find((feature) => feature.key === key)?.arrivalPage;
  if (!page) return;
  // Its chunk may have let the page mount first, and the page opened itself.
  const open: boolean = yield select(page.selectOpen);
  if (open) return;
  yield put(page.opened());
  yield call(mark, ARRIVAL_OPENED_MARK);
}
