// Whether a route's code is on its way in an in-app navigation, for Layout's 'Loading...' (spec
// section 2: each route loads on demand with that spinner). React Router renders a navigation as a
// transition, so a lazy page that suspends keeps the previous page on screen instead of showing its
// Suspense fallback: the route loaders report here instead, and Layout shows the spinner where the
// page goes while its location is behind the browser's. Only a load still on its way after
// ROUTE_PENDING_DELAY_MS counts, so a navigation whose code is (nearly) there never flashes it.
import { useSyncExternalStore } from 'react';

/** How long a route's code may take before 'Loading...' shows. */
export const ROUTE_PENDING_DELAY_MS = 150;

let inFlight = 0;
/** A route load has been on its way for ROUTE_PENDING_DELAY_MS and its navigation has not committed yet. */
let slow = false;
let timer: ReturnType<typeof setTimeout> | null = null;
/** The location Layout last committed (path and query), null before the first. */
let committed: string | null = null;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** Path and query: what a navigation changes (a hash alone loads nothing). */
export const locationKey = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

const browserLocation = () => (typeof window === 'undefined' ? null : locationKey(window.location));

function setSlow(next: boolean) {
  if (slow === next) return;
  slow = next;
  emit();
}

/** The navigation caught up with the browser: its page is on screen, nothing is pending. */
function settleIfCommitted() {
  if (inFlight === 0 && committed === browserLocation()) setSlow(false);
}

/**
 * Counts `load` (a route chunk's promise) as a route on its way until it settles; returns it.
 * Called from the lazy pages' loaders, which React calls while it renders the navigation.
 */
export function trackRouteLoad<T>(load: Promise<T>): Promise<T> {
  inFlight += 1;
  timer ??= setTimeout(() => {
    timer = null;
    if (inFlight > 0) setSlow(true);
  }, ROUTE_PENDING_DELAY_MS);
  const done = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    // Still slow until the navigation commits (routeCommitted), so the previous page does not
    // come back for a moment between the code's arrival and the new page.
    settleIfCommitted();
  };
  load.then(done, done);
  return load;
}

/** Layout reports each location it commits (a layout effect): the pending navigation, if any, has arrived. */
export function routeCommitted(key: string) {
  committed = key;
  settleIfCommitted();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => slow;
const getServerSnapshot = () => false;

/**
 * True while a route's code has been on its way for a moment and `location` (the one this render
 * shows) is behind the browser's: the previous page is still on screen and the spinner belongs in
 * its place. False in the render that shows the new page.
 */
export function useRouteLoadPending(location: { pathname: string; search: string }): boolean {
  const pending = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return pending && locationKey(location) !== browserLocation();
}

/** Tests only: forget every load and commit. */
export function resetRouteLoading() {
  inFlight = 0;
  slow = false;
  committed = null;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  listeners.clear();
}
