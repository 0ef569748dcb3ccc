// Registers sw/service-worker.ts (built to /service-worker.js) in production builds, checks for
// a new version every hour, offers it through the update notice, and reloads the page once the
// new worker is in control. The Workbox instance lives here; the store only holds the stage.
import type { UnknownAction } from '@reduxjs/toolkit';

import { config } from '../config';
import { selectUpdateNoticeStatus, updateAvailable } from '../features/updateNotice';
import type { UpdateNoticeState } from '../features/updateNotice';
import { logError, reportError } from './errorReporting';

/** The spec's fixed root path: the worker's scope is the whole app. */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** The spec's update check interval: one hour. */
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 3_600_000;

/** The parts of workbox-window's Workbox used here, so tests can hand in a fake. */
export interface ServiceWorkerClient {
  addEventListener(type: 'waiting', listener: () => void): void;
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

/** The browser, as far as registration needs it. */
export interface ServiceWorkerPlatform {
  production: boolean;
  supported: boolean;
  /** Runs `start` once the window has loaded (at once if it already has). */
  whenLoaded(start: () => void): void;
  /** May load the client on demand: workbox-window is not part of the first route's JavaScript. */
  createClient(scriptURL: string): ServiceWorkerClient | Promise<ServiceWorkerClient>;
  every(intervalMs: number, tick: () => void): void;
  reload(): void;
}

/** What registration needs from the store: report an update, and hear that the user accepted it. */
interface UpdateStore {
  dispatch(action: UnknownAction): unknown;
  getState(): { updateNotice: UpdateNoticeState };
  subscribe(listener: () => void): () => void;
}

function browserServiceWorkerPlatform(): ServiceWorkerPlatform {
  return {
    production: config.production,
    supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    whenLoaded(start) {
      if (document.readyState === 'complete') start();
      else window.addEventListener('load', start, { once: true });
    },
    createClient: async (scriptURL) => {
      const { Workbox } = await import(/* webpackChunkName: "workbox-window" */ 'workbox-window');
      return new Workbox(scriptURL);
    },
    every(intervalMs, tick) {
      window.setInterval(tick, intervalMs);
    },
    reload: () => window.location.reload(),
  };
}

/** Calls `onAccepted` once, when updateNotice/updateAccepted has reached the store. */
function whenUpdateAccepted(store: UpdateStore, onAccepted: () => void) {
  const unsubscribe = store.subscribe(() => {
    if (selectUpdateNoticeStatus(store.getState()) !== 'accepted') return;
    unsubscribe();
    onAccepted();
  });
}

async function startServiceWorker(store: UpdateStore, platform: ServiceWorkerPlatform) {
  let workbox: ServiceWorkerClient;
  try {
    workbox = await platform.createClient(SERVICE_WORKER_URL);
  } catch (error) {
    logError(error, { description: 'Service worker registration failed: workbox-window did not load:' });
    return;
  }
  // Also fires on load when a new version was already waiting from an earlier visit.
  workbox.addEventListener('waiting', () => {
    store.dispatch(updateAvailable());
  });
  // Only an update reloads: the first install takes control without changing the running code.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) platform.reload();
  });
  // The waiting worker answers SKIP_WAITING with skipWaiting(); 'controlling' then reloads the page.
  whenUpdateAccepted(store, () => workbox.messageSkipWaiting());

  try {
    await workbox.register();
  } catch (error) {
    // The spec: a registration failure is logged (the console in every build, and reported).
    logError(error, { description: 'Service worker registration failed:' });
    return;
  }
  platform.every(SERVICE_WORKER_UPDATE_INTERVAL_MS, () => {
    workbox.update().catch((error: unknown) => {
      // Offline or a server hiccup: the next check (or the next visit) tries again.
      reportError(error, { description: 'Service worker update check failed:', level: 'warning' });
    });
  });
}

/** Production builds in browsers with service workers only; call after the first render. */
export function registerServiceWorker(
  store: UpdateStore,
  platform: ServiceWorkerPlatform = browserServiceWorkerPlatform(),
): void {
  if (!platform.production || !platform.supported) return;
  platform.whenLoaded(() => {
    void startServiceWorker(store, platform);
  });
}
