// The app's start-up, loaded by the store's (startStore.ts) as the `boot` chunk with React DOM, the
// router and the app's screens: start() renders the app over the store. Nothing happens on import.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { ErrorFallback } from './app/ErrorFallback';
import { firstRouteRendered } from './app/firstRoute';
import { loadSignedInHeader } from './app/Layout';
import { preloadEntryPage } from './app/routes';
import { watchStaticFocus } from './app/staticFocus';
import type { AppStore } from './app/store';
import { setSignedInScreensLoader } from './app/store';
import { config } from './config';
import { selectSessionUser } from './features/session/sessionSlice';
import { reportError } from './platform/errorReporting';
import { registerServiceWorker } from './platform/serviceWorker';
import { documentParsed, stylesheetsLoaded, yieldToBrowser } from './platform/startup';
import { firstAuthCheck } from './startStore';

/** After the first route has rendered, so none of it competes with the first paint. */
function startDeferredWork(store: AppStore) {
  registerServiceWorker(store);
  // Sentry, analytics, web vitals and the memory check: production only, lazy chunks, never fatal.
  import(/* webpackChunkName: "monitoring-start" */ './platform/monitoring')
    .then(({ startProductionMonitoring }) => startProductionMonitoring(config, store, selectSessionUser))
    .catch((error: unknown) => console.warn('Monitoring is off:', error));
}

async function boot(container: HTMLElement, storeReady: Promise<AppStore>) {
  // The page's chunks download while the rest of start-up runs (the store started before this
  // chunk arrived, src/startStore.ts), each step its own short task: the boot chunk's evaluation
  // ends at the first yield.
  const entryPage = preloadEntryPage(window.location.pathname);
  setSignedInScreensLoader(loadSignedInHeader);
  await yieldToBrowser();
  const root = createRoot(container);
  try {
    const store = await storeReady;
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
 * ready) over `storeReady`, the store the entry started (src/main.tsx; a failure, the backend's
 * included, shows the error fallback).
 */
export async function start(storeReady: Promise<AppStore>): Promise<void> {
  await documentParsed();
  const container = document.getElementById('root');
  if (!container) return;
  // Keyboard users may tab through the static page while the app starts (Layout adopts the focus).
  watchStaticFocus(container);
  await boot(container, storeReady);
}
