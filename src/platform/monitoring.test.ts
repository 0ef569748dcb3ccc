import type { ErrorEvent } from '@sentry/react';

import type { AppConfig } from '../config';
import { logToConsole, reportError, setErrorReporter } from './errorReporting';
import type { SentryModule } from './monitoring';
import {
  beforeSend,
  IGNORED_ERROR_FRAGMENTS,
  isIgnoredEvent,
  startErrorMonitoring,
  startProductionMonitoring,
  toSentryUser,
  TRACES_SAMPLE_RATE,
  withoutBreadcrumbData,
} from './monitoring';

type State = { user: { uid: string; email: string | null; displayName: string | null } | null };

function fakeStore(initial: State) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: State) {
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

function fakeSentry() {
  const fake = {
    init: jest.fn<void, [Record<string, unknown>]>(),
    setUser: jest.fn(),
    captureException: jest.fn(),
    browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
  };
  return Object.assign(fake, { module: fake as unknown as SentryModule });
}

const production: AppConfig = {
  production: true,
  firebase: null,
  emulators: null,
  sentryDsn: 'https://key@o1.ingest.sentry.io/1',
  analyticsId: null,
  seedDemoCommunity: false,
  appCheck: null,
};

const event = (fields: Partial<ErrorEvent>): ErrorEvent => ({ type: undefined, ...fields });

afterEach(() => setErrorReporter(logToConsole));

describe('the error-reporting filter', () => {
  it.each(IGNORED_ERROR_FRAGMENTS)('drops events whose message contains %p', (fragment) => {
    expect(beforeSend(event({ message: `Request failed: ${fragment} (retrying)` }))).toBeNull();
  });

  it.each(IGNORED_ERROR_FRAGMENTS)('drops events whose exception value contains %p', (fragment) => {
    expect(isIgnoredEvent(event({ exception: { values: [{ type: 'TypeError', value: `x ${fragment} y` }] } }))).toBe(true);
  });

  it('keeps every other event', () => {
    const kept = event({ message: 'Cannot read properties of undefined', exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } });
    expect(beforeSend(kept)).toBe(kept);
    expect(beforeSend(event({}))).not.toBeNull();
  });

  it("strips breadcrumbs' data, keeping what happened", () => {
    const sent = beforeSend(event({ message: 'boom', breadcrumbs: [{ category: 'fetch', message: 'POST', data: { url: '/x?token=1', body: '{}' } }] }));
    expect(sent?.breadcrumbs).toEqual([{ category: 'fetch', message: 'POST' }]);
    expect(withoutBreadcrumbData({ category: 'redux.action', data: { payload: { secret: 1 } } })).toEqual({ category: 'redux.action' });
  });
});

describe('the reported user', () => {
  it('maps uid, email and displayName to id, email and username', () => {
    expect(toSentryUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' })).toEqual({ id: 'u1', email: 'ada@example.com', username: 'Ada' });
    expect(toSentryUser({ uid: 'u2', email: null, displayName: null })).toEqual({ id: 'u2' });
    expect(toSentryUser(null)).toBeNull();
  });
});

describe('startErrorMonitoring', () => {
  it('initialises nothing outside production or without a DSN', async () => {
    const load = jest.fn(() => Promise.resolve(fakeSentry().module));
    const store = fakeStore({ user: null });
    await expect(startErrorMonitoring({ ...production, production: false }, store, (s) => s.user, load)).resolves.toBe(false);
    await expect(startErrorMonitoring({ ...production, sentryDsn: null }, store, (s) => s.user, load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts Sentry with the sample rate and filter, follows the session user and takes over error reporting', async () => {
    const sentry = fakeSentry();
    const store = fakeStore({ user: null });
    await expect(startErrorMonitoring(production, store, (s) => s.user, () => Promise.resolve(sentry.module))).resolves.toBe(true);

    const options = sentry.init.mock.calls[0]?.[0];
    expect(options).toMatchObject({ dsn: production.sentryDsn, tracesSampleRate: TRACES_SAMPLE_RATE, beforeSend, sendDefaultPii: false });
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
    expect(sentry.setUser).toHaveBeenLastCalledWith(null);

    store.set({ user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada' } });
    expect(sentry.setUser).toHaveBeenLastCalledWith({ id: 'u1', email: 'ada@example.com', username: 'Ada' });
    store.set({ user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada' } });
    expect(sentry.setUser).toHaveBeenCalledTimes(2);

    const error = new Error('render failed');
    reportError(error, { componentStack: 'at App' });
    expect(sentry.captureException).toHaveBeenCalledWith(error, { extra: { componentStack: 'at App' } });
    const offline = new Error('update check');
    reportError(offline, { description: 'Service worker update check failed:', level: 'warning' });
    expect(sentry.captureException).toHaveBeenCalledWith(offline, { level: 'warning', extra: { description: 'Service worker update check failed:' } });
  });

  it('carries on when the Sentry chunk cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const store = fakeStore({ user: null });
    await expect(startErrorMonitoring(production, store, (s) => s.user, () => Promise.reject(new Error('ChunkLoadError')))).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});

describe('startProductionMonitoring', () => {
  it('does nothing at all outside production', () => {
    const setIntervalSpy = jest.spyOn(globalThis, 'setInterval');
    const store = fakeStore({ user: null });
    startProductionMonitoring({ ...production, production: false, analyticsId: 'G-TEST' }, store, (s) => s.user);
    expect(window.gtag).toBeUndefined();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(setIntervalSpy).not.toHaveBeenCalled();
  });
});
