// The app's start-up, loaded by the entry (main.tsx) as the `boot` chunk with React: start() runs
// it. Nothing happens on import.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { ErrorFallback } from './app/ErrorFallback';
import { firstRouteRendered } from './app/firstRoute';
import { locationChanged } from './app/routerEvents';
import { preloadEntryPage } from './app/routes';
import { watchStaticFocus } from './app/staticFocus';
import type { AppStore } from './app/store';
import { prepareStore } from './app/store';
import type { Backend } from './backend/port';
import { config } from './config';
import { selectSessionStatus, selectSessionUser } from './features/session/sessionSlice';
import { reportError } from './platform/errorReporting';
import { registerServiceWorker } from './platform/serviceWorker';
import { documentParsed, stylesheetsLoaded, yieldToBrowser } from './platform/startup';

/**
 * Resolves once the first auth check has completed; until then only the static HTML shows: the
 * prerendered public page (scripts/prerender.js) or the splash.
 */
function firstAuthCheck(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const done = () => selectSessionStatus(store.getState()) !== 'loading';
    if (done()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (done()) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** After the first route has rendered, so none of it competes with the first paint. */
function startDeferredWork(store: AppStore) {
  registerServiceWorker(store);
  // Sentry, analytics, web vitals and the memory check: production only, lazy chunks, never fatal.
  import(/* webpackChunkName: "monitoring-start" */ './platform/monitoring')
    .then(({ startProductionMonitoring }) => startProductionMonitoring(config, store, selectSessionUser))
    .catch((error: unknown) => console.warn('Monitoring is off:', error));
}

async function boot(container: HTMLElement, backendReady: Promise<Backend>) {
  // The page's chunks download while the rest of start-up runs (the backend started before this
  // chunk arrived, src/main.tsx), each step its own short task: the boot chunk's evaluation ends
  // at the first yield.
  const entryPage = preloadEntryPage(window.location.pathname);
  await yieldToBrowser();
  const root = createRoot(container);
  try {
    const backend = await backendReady;
    await yieldToBrowser();
    const prepared = prepareStore({ backend, yieldBetweenSteps: yieldToBrowser });
    await yieldToBrowser();
    const store = prepared.start();
    // Where the visit starts, before the router exists: a signed-in arrival on a page that reads
    // data starts its reads as soon as the session is restored (app/arrivalSagas.ts).
    store.dispatch(locationChanged({ pathname: window.location.pathname }));
    await firstAuthCheck(store);
    await entryPage;
    await stylesheetsLoaded();
    await yieldToBrowser();
    // A transition: the render yields to the browser in slices instead of one long task, and the
    // prerendered page (or the splash) stays until the app's first screen is ready to replace it,
    // with no spinner in between.
    startTransition(() => root.render(<App store={store} />));
    if (config.production) void firstRouteRendered.then(() => startDeferredWork(store));
  } catch (error) {
    reportError(error, { description: 'DevTribe could not start:' });
    root.render(<ErrorFallback error={error} />);
  }
}

/**
 * Starts the app in #root (the prerendered page or the splash stays until its first screen is
 * ready) over `backendReady`, the backend the entry started (src/main.tsx; a failure shows the
 * error fallback).
 */
export async function start(backendReady: Promise<Backend>): Promise<void> {
  await documentParsed();
  const container = document.getElementById('root');
  if (!container) return;
  // Keyboard users may tab through the static page while the app starts (Layout adopts the focus).
  watchStaticFocus(container);
  await boot(container, backendReady);
}
