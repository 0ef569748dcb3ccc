// The store's start-up, loaded by the entry (main.tsx) as the `app-store` chunk: the store, its
// sagas and the session's restore, without React. It is a fraction of the boot chunk's size (React
// DOM, the router and the app's screens), so it arrives well before it, and a restored session's
// first reads (the arrival page's too, app/arrivalSagas.ts) run while the boot chunk still
// downloads: under the emulated mobile network, which shares its bandwidth equally among the
// requests in flight, the boot chunk is the last file to arrive. Nothing happens on import.
import { locationChanged } from './app/routerEvents';
import type { AppStore } from './app/store';
import { prepareStore } from './app/store';
import type { Backend } from './backend/port';
import { selectSessionStatus } from './features/session/sessionSlice';
import { yieldToBrowser } from './platform/startup';

/** The user-timing mark of the first auth check's completion (the bench and the browser tests read it). */
export const FIRST_AUTH_CHECK_MARK = 'devtribe:first-auth-check';

/**
 * The store over `backendReady`, started (its sagas run and the session's restore begins), each
 * step a short task of its own. Rejects when the backend does not start.
 */
export async function startStore(backendReady: Promise<Backend>): Promise<AppStore> {
  const backend = await backendReady;
  await yieldToBrowser();
  const prepared = prepareStore({ backend, yieldBetweenSteps: yieldToBrowser });
  await yieldToBrowser();
  const store = prepared.start();
  // Where the visit starts, before the router exists: a signed-in arrival on a page that reads
  // data starts its reads as soon as the session is restored (app/arrivalSagas.ts).
  store.dispatch(locationChanged({ pathname: window.location.pathname }));
  void firstAuthCheck(store).then(() => performance.mark?.(FIRST_AUTH_CHECK_MARK));
  return store;
}

/** Each store's first auth check, waited for once: the mark above and the app's render share it. */
const authChecks = new WeakMap<AppStore, Promise<void>>();

/**
 * Resolves once the first auth check has completed; until then only the static HTML shows: the
 * prerendered public page (scripts/prerender.js) or the splash.
 */
export function firstAuthCheck(store: AppStore): Promise<void> {
  let check = authChecks.get(store);
  if (!check) {
    check = new Promise((resolve) => {
      const done = () => selectSessionStatus(store.getState()) !== 'loading';
      if (done()) return resolve();
      const unsubscribe = store.subscribe(() => {
        if (done()) {
          unsubscribe();
          resolve();
        }
      });
    });
    authChecks.set(store, check);
  }
  return check;
}

/** The boot chunk (React DOM, the router, the app), its modules evaluated in two tasks. */
export async function loadBoot(): Promise<typeof import('./index')> {
  await import(/* webpackChunkName: "boot" */ 'react-dom/client');
  await yieldToBrowser();
  return import(/* webpackChunkName: "boot" */ './index');
}
