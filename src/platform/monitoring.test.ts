import type { ErrorEvent } from '@sentry/react';

import type { AppConfig } from '../config';
import { logToConsole, reportError, setErrorReporter } from './errorReporting';
import type { SentryModule } from './monitoring';
import {
  beforeSend,
  IGNORED_ERROR_FRAGMENTS,
  isIgnoredEvent,
  reportVitalToSentry,
  startErrorMonitoring,
  startProductionMonitoring,
  toSentryUser,
  TRACES_SAMPLE_RATE,
  withoutBreadcrumbData,
} from './monitoring';
import type { WebVitals } from './vitals';
import { VITAL_MARK_PREFIX } from './vitals';

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

const startInProduction = (store: ReturnType<typeof fakeStore>, load: () => Promise<SentryModule>) =>
  startErrorMonitoring(production, store, (s) => s.user, load);

const event = (fields: Partial<ErrorEvent>): ErrorEvent => ({ type: undefined, ...fields });

afterEach(() => setErrorReporter(logToConsole));

describe('the error-reporting filter', () => {
  it.each(IGNORED_ERROR_FRAGMENTS)('drops events whose message contains %p', (fragment) => {
    expect(beforeSend(event({ message: `Request failed: ${fragment} (retrying)` }))).toBeNull();
  });

  it.each(IGNORED_ERROR_FRAGMENTS)('drops events whose exception value contains %p', (fragment) => {
    expect(isIgnoredEvent(event({ exception: { values: [{ type: 'TypeError', value: `x ${fragment} y` }] } }))).toBe(
      true,
    );
  });

  it('keeps every other event', () => {
    const kept = event({
      message: 'Cannot read properties of undefined',
      exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
    });
    expect(beforeSend(kept)).toBe(kept);
    expect(beforeSend(event({}))).not.toBeNull();
  });

  it("strips breadcrumbs' data, keeping what happened", () => {
    const sent = beforeSend(
      event({
        message: 'boom',
        breadcrumbs: [{ category: 'fetch', message: 'POST', data: { url: '/x?token=1', body: '{}' } }],
      }),
    );
    expect(sent?.breadcrumbs).toEqual([{ category: 'fetch', message: 'POST' }]);
    expect(withoutBreadcrumbData({ category: 'redux.action', data: { payload: { secret: 1 } } })).toEqual({
      category: 'redux.action',
    });
  });
});

describe('the reported user', () => {
  it('maps uid, email and displayName to id, email and username', () => {
    expect(toSentryUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' })).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      username: 'Ada',
    });
    expect(toSentryUser({ uid: 'u2', email: null, displayName: null })).toEqual({ id: 'u2' });
    expect(toSentryUser(null)).toBeNull();
  });
});

describe('startErrorMonitoring', () => {
  it('initialises nothing outside production or without a DSN', async () => {
    const load = jest.fn(() => Promise.resolve(fakeSentry().module));
    const store = fakeStore({ user: null });
    await expect(startErrorMonitoring({ ...production, production: false }, store, (s) => s.user, load)).resolves.toBe(
      false,
    );
    await expect(startErrorMonitoring({ ...production, sentryDsn: null }, store, (s) => s.user, load)).resolves.toBe(
      false,
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('starts Sentry with the sample rate and filter, follows the session user and takes over error reporting', async () => {
    const sentry = fakeSentry();
    const store = fakeStore({ user: null });
    await expect(startInProduction(store, () => Promise.resolve(sentry.module))).resolves.toBe(true);

    const options = sentry.init.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      dsn: production.sentryDsn,
      tracesSampleRate: TRACES_SAMPLE_RATE,
      beforeSend,
      sendDefaultPii: false,
    });
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
    expect(sentry.captureException).toHaveBeenCalledWith(offline, {
      level: 'warning',
      extra: { description: 'Service worker update check failed:' },
    });
  });

  it('carries on when the Sentry chunk cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const store = fakeStore({ user: null });
    await expect(startInProduction(store, () => Promise.reject(new Error('ChunkLoadError')))).resolves.toBe(false);
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

describe('web vitals in production', () => {
  /** A web-vitals module whose callbacks report one figure each at once. */
  function fakeWebVitals() {
    const on =
      (name: string, value: number) =>
      (callback: (metric: { name: string; value: number; id: string; rating: string }) => void) =>
        callback({ name, value, id: `v-${name}`, rating: 'good' });
    const vitals = {
      onCLS: on('CLS', 0.01),
      onFCP: on('FCP', 800),
      onLCP: on('LCP', 900),
      onTTFB: on('TTFB', 120),
      onINP: on('INP', 40),
    };
    return jest.fn(() => Promise.resolve(vitals as unknown as WebVitals));
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  // jsdom's performance has no marks: a stand-in records them.
  const mark = jest.fn();
  const originalMark = Object.getOwnPropertyDescriptor(performance, 'mark');
  beforeEach(() => Object.defineProperty(performance, 'mark', { value: mark, configurable: true, writable: true }));
  const marks = () =>
    mark.mock.calls
      .map(([name]) => name as string)
      .filter((name) => name.startsWith(VITAL_MARK_PREFIX))
      .map((name) => name.slice(VITAL_MARK_PREFIX.length))
      .sort();

  afterEach(() => {
    if (originalMark) Object.defineProperty(performance, 'mark', originalMark);
    else delete (performance as { mark?: unknown }).mark;
    delete window.gtag;
    delete window.dataLayer;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('fetches the web-vitals chunk on every load, and keeps the figures for the bench with neither analytics nor a DSN', async () => {
    const loadWebVitals = fakeWebVitals();
    startProductionMonitoring(
      { ...production, sentryDsn: null, analyticsId: null },
      fakeStore({ user: null }),
      (s) => s.user,
      { loadWebVitals },
    );
    await settle();
    expect(loadWebVitals).toHaveBeenCalledTimes(1);
    expect(marks()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    expect(mark).toHaveBeenCalledWith(`${VITAL_MARK_PREFIX}LCP`, {
      detail: { value: 900, id: 'v-LCP', rating: 'good' },
    });
  });

  it("sends them to error reporting's performance measurements with a DSN and no analytics", async () => {
    const sentry = fakeSentry();
    const setMeasurement = jest.fn();
    const addBreadcrumb = jest.fn();
    const module = { ...sentry.module, setMeasurement, addBreadcrumb } as SentryModule;
    const loadWebVitals = fakeWebVitals();
    startProductionMonitoring(production, fakeStore({ user: null }), (s) => s.user, {
      loadSentry: () => Promise.resolve(module),
      loadWebVitals,
    });
    await settle();
    expect(loadWebVitals).toHaveBeenCalledTimes(1);
    expect(setMeasurement).toHaveBeenCalledWith('lcp', 900, 'millisecond');
    expect(setMeasurement).toHaveBeenCalledWith('cls', 0.01, '');
    expect(setMeasurement.mock.calls.map(([name]) => name as string).sort()).toEqual([
      'cls',
      'fcp',
      'inp',
      'lcp',
      'ttfb',
    ]);
    expect(addBreadcrumb).toHaveBeenCalledWith({ category: 'web-vital', level: 'info', message: 'LCP 900 ms (good)' });
    expect(marks()).toEqual([]);
  });

  it('keeps them for the bench when the DSN is set but Sentry cannot load', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    startProductionMonitoring(production, fakeStore({ user: null }), (s) => s.user, {
      loadSentry: () => Promise.reject(new Error('ChunkLoadError')),
      loadWebVitals: fakeWebVitals(),
    });
    await settle();
    await settle();
    expect(marks()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });

  it('sends them to analytics when an analytics id is set', async () => {
    startProductionMonitoring(
      { ...production, sentryDsn: null, analyticsId: 'G-TEST' },
      fakeStore({ user: null }),
      (s) => s.user,
      {
        loadWebVitals: fakeWebVitals(),
      },
    );
    await settle();
    const events = (window.dataLayer ?? [])
      .map((args) => Array.from(args as ArrayLike<unknown>))
      .filter(([kind]) => kind === 'event');
    expect(events.map(([, name]) => name as string).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    expect(marks()).toEqual([]);
  });

  it('a Sentry that throws on a measurement changes nothing for the app', () => {
    const throwing = () => {
      throw new Error('no span');
    };
    expect(() =>
      reportVitalToSentry({ setMeasurement: throwing, addBreadcrumb: throwing }, { name: 'LCP', value: 1, id: 'x' }),
    ).not.toThrow();
  });
});
