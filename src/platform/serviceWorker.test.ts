import { configureStore } from '@reduxjs/toolkit';

import { updateNoticeReducer } from '../features/updateNotice';
import { updateAccepted } from '../test/featureInternals';
import { logToConsole, setErrorReporter } from './errorReporting';
import type { ServiceWorkerClient, ServiceWorkerPlatform } from './serviceWorker';
import { registerServiceWorker, SERVICE_WORKER_UPDATE_INTERVAL_MS, SERVICE_WORKER_URL } from './serviceWorker';

type Listener = (event: { isUpdate?: boolean }) => void;

/** workbox-window's Workbox, reduced to what registration uses, with a way to fire its events. */
class FakeWorkbox implements ServiceWorkerClient {
  private listeners = new Map<string, Listener[]>();
  register = jest.fn(() => Promise.resolve({}));
  update = jest.fn(() => Promise.resolve());
  messageSkipWaiting = jest.fn();

  addEventListener(type: 'waiting' | 'controlling', listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  fire(type: 'waiting' | 'controlling', event: { isUpdate?: boolean } = {}) {
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
}

function setup(overrides: Partial<ServiceWorkerPlatform> = {}) {
  const workbox = new FakeWorkbox();
  const intervals: Array<{ ms: number; tick: () => void }> = [];
  let loaded: (() => void) | null = null;
  const platform: ServiceWorkerPlatform = {
    production: true,
    supported: true,
    whenLoaded: (start) => {
      loaded = start;
    },
    createClient: jest.fn(() => workbox),
    every: (ms, tick) => void intervals.push({ ms, tick }),
    reload: jest.fn(),
    ...overrides,
  };
  const store = configureStore({ reducer: { updateNotice: updateNoticeReducer } });
  registerServiceWorker(store, platform);
  const load = async () => {
    loaded?.();
    // Let register() settle.
    await Promise.resolve();
    await Promise.resolve();
  };
  return { workbox, platform, store, intervals, load, wasScheduled: () => loaded !== null };
}

test('registers /service-worker.js only once the window has loaded', async () => {
  const { platform, workbox, load } = setup();
  expect(platform.createClient).not.toHaveBeenCalled();
  await load();
  expect(platform.createClient).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  expect(SERVICE_WORKER_URL).toBe('/service-worker.js');
  expect(workbox.register).toHaveBeenCalledTimes(1);
});

test.each([
  ['a development build', { production: false }],
  ['a browser without service workers', { supported: false }],
])('does nothing in %s', (_label, overrides) => {
  const { wasScheduled } = setup(overrides);
  expect(wasScheduled()).toBe(false);
});

test('checks for a new version every hour', async () => {
  const { workbox, intervals, load } = setup();
  await load();
  expect(SERVICE_WORKER_UPDATE_INTERVAL_MS).toBe(3_600_000);
  expect(intervals.map(({ ms }) => ms)).toEqual([SERVICE_WORKER_UPDATE_INTERVAL_MS]);
  intervals[0]?.tick();
  expect(workbox.update).toHaveBeenCalledTimes(1);
});

test('a failed update check only warns', async () => {
  const { workbox, intervals, load } = setup();
  await load();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  workbox.update.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
  intervals[0]?.tick();
  await Promise.resolve();
  await Promise.resolve();
  expect(warn).toHaveBeenCalledWith('Service worker update check failed:', expect.any(TypeError));
});

test('a registration failure is only logged, and no update checks are scheduled', async () => {
  const { workbox, intervals, load } = setup();
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  workbox.register.mockImplementationOnce(() => Promise.reject(new Error('SecurityError')));
  await load();
  await Promise.resolve();
  expect(error).toHaveBeenCalledWith('Service worker registration failed:', expect.any(Error));
  expect(intervals).toEqual([]);
});

test('with error reporting on (production with Sentry), a registration failure is still logged, and reported too', async () => {
  const reported = jest.fn();
  setErrorReporter(reported);
  try {
    const { workbox, load } = setup();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const refused = new Error('SecurityError');
    workbox.register.mockImplementationOnce(() => Promise.reject(refused));
    await load();
    await Promise.resolve();
    expect(error).toHaveBeenCalledWith('Service worker registration failed:', refused);
    expect(reported).toHaveBeenCalledWith(refused, { description: 'Service worker registration failed:' });

    const noClient = setup({ createClient: () => Promise.reject(new Error('ChunkLoadError')) });
    await noClient.load();
    expect(error).toHaveBeenCalledWith(
      'Service worker registration failed: workbox-window did not load:',
      new Error('ChunkLoadError'),
    );
    expect(reported).toHaveBeenCalledWith(new Error('ChunkLoadError'), {
      description: 'Service worker registration failed: workbox-window did not load:',
    });
  } finally {
    setErrorReporter(logToConsole);
  }
});

test('a waiting worker sets the store flag updateNotice/updateAvailable', async () => {
  const { workbox, store, load } = setup();
  await load();
  expect(store.getState().updateNotice.status).toBe('current');
  workbox.fire('waiting');
  expect(store.getState().updateNotice.status).toBe('available');
});

test('updateNotice/updateAccepted asks the waiting worker to take over, once', async () => {
  const { workbox, store, load } = setup();
  await load();
  workbox.fire('waiting');
  expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  store.dispatch(updateAccepted());
  store.dispatch(updateAccepted());
  expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
});

test('a new worker taking control reloads the page; the first install does not', async () => {
  const { workbox, platform, load } = setup();
  await load();
  workbox.fire('controlling', { isUpdate: false });
  expect(platform.reload).not.toHaveBeenCalled();
  workbox.fire('controlling', { isUpdate: true });
  expect(platform.reload).toHaveBeenCalledTimes(1);
});
