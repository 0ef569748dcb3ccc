import './styles/global.css';

import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { ErrorFallback } from './app/ErrorFallback';
import { firstRouteRendered } from './app/firstRoute';
import { preloadEntryPage } from './app/routes';
import type { AppStore } from './app/store';
import { prepareStore } from './app/store';
import { createBackend } from './backend/createBackend';
import { config } from './config';
import { captureEarlyInstallEvents } from './features/installPrompt/earlyInstallEvents';
import { selectSessionStatus, selectSessionUser } from './features/session/sessionSlice';
import { reportError } from './platform/errorReporting';
import { registerServiceWorker } from './platform/serviceWorker';

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

/**
 * Ends the current task so the browser can paint and handle input before the next start-up step:
 * each step is its own short task instead of all of them one long one.
 */
function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function boot(container: HTMLElement) {
  // The page's chunks and the backend download while the rest of start-up runs, each step its
  // own short task: main.js's evaluation ends at the first yield.
  const entryPage = preloadEntryPage(window.location.pathname);
  const backendReady = createBackend(config);
  // Awaited below, inside the try; until then a failure must not count as unhandled.
  backendReady.catch(() => undefined);
  await yieldToBrowser();
  const root = createRoot(container);
  try {
    const backend = await backendReady;
    await yieldToBrowser();
    const prepared = prepareStore({ backend });
    await yieldToBrowser();
    const store = prepared.start();
    await firstAuthCheck(store);
    await entryPage;
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

// Before anything else: the install prompt's saga loads on sign-in, and the browser's offer may come sooner.
captureEarlyInstallEvents();
const container = document.getElementById('root');
if (container) void boot(container);
