import './styles/global.css';

import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { ErrorFallback } from './app/ErrorFallback';
import { firstRouteRendered } from './app/firstRoute';
import { preloadEntryPage } from './app/routes';
import { setupStore } from './app/store';
import { createBackend } from './backend/createBackend';
import { config } from './config';
import { selectSessionStatus, selectSessionUser } from './features/session/sessionSlice';
import { reportError } from './platform/errorReporting';
import { registerServiceWorker } from './platform/serviceWorker';

type AppStore = ReturnType<typeof setupStore>;

/** Resolves once the first auth check has completed; until then only index.html's splash shows. */
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

async function boot(container: HTMLElement) {
  const root = createRoot(container);
  preloadEntryPage(window.location.pathname);
  try {
    const backend = await createBackend(config);
    const store = setupStore({ backend });
    await firstAuthCheck(store);
    root.render(<App store={store} />);
    if (config.production) void firstRouteRendered.then(() => startDeferredWork(store));
  } catch (error) {
    reportError(error, { description: 'DevTribe could not start:' });
    root.render(<ErrorFallback error={error} />);
  }
}

const container = document.getElementById('root');
if (container) void boot(container);
