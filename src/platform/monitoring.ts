// Error reporting with Sentry, production builds only (spec sections 7-9). The SDK is a lazy
// chunk loaded after the first render; without a DSN, outside production, or when the chunk
// or its host cannot be reached, nothing happens and the app carries on.
import type { Breadcrumb, ErrorEvent } from '@sentry/react';

import type { AppConfig } from '../config';
import { startAnalytics } from './analytics';
import { setErrorReporter } from './errorReporting';
import { startMemoryMonitor } from './memory';
import type { ReportVital, VitalReport, WebVitals } from './vitals';
import { keepVitalForBench, reportVitalToAnalytics, startVitals } from './vitals';

/** The spec's trace sample rate. */
export const TRACES_SAMPLE_RATE = 0.1;

/** Events whose message or exception value contains one of these are dropped (spec section 8). */
export const IGNORED_ERROR_FRAGMENTS = [
  'Network Error',
  'Failed to fetch',
  'net::ERR_FAILED',
  'ServiceWorker',
] as const;

type EventLike = Pick<ErrorEvent, 'message' | 'exception' | 'breadcrumbs'>;

function textsOf(event: EventLike): string[] {
  const texts = event.message ? [event.message] : [];
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) texts.push(exception.value);
    if (exception.type) texts.push(exception.type);
  }
  return texts;
}

export function isIgnoredEvent(event: EventLike): boolean {
  return textsOf(event).some((text) => IGNORED_ERROR_FRAGMENTS.some((fragment) => text.includes(fragment)));
}

/** Breadcrumbs keep their category and message; their data (request bodies, URLs with ids, state) stays home. */
export function withoutBreadcrumbData(breadcrumb: Breadcrumb): Breadcrumb {
  const { data: _data, ...rest } = breadcrumb;
  return rest;
}

export function beforeSend<E extends EventLike>(event: E): E | null {
  if (isIgnoredEvent(event)) return null;
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(withoutBreadcrumbData);
  return event;
}

interface AccountLike {
  uid: string;
  email: string | null;
  displayName: string | null;
}

interface SentryUser {
  id: string;
  email?: string;
  username?: string;
}

/** The spec's mapping: uid, email and displayName as id, email and username. */
export function toSentryUser(user: AccountLike | null): SentryUser | null {
  if (!user) return null;
  return {
    id: user.uid,
    ...(user.email ? { email: user.email } : {}),
    ...(user.displayName ? { username: user.displayName } : {}),
  };
}

interface MonitoredStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

export type SentryModule = Pick<
  typeof import('@sentry/react'),
  'init' | 'setUser' | 'captureException' | 'browserTracingIntegration' | 'setMeasurement' | 'addBreadcrumb'
>;

// Destructured, so webpack tree-shakes the chunk down to these (the whole SDK is ~150 KiB gzip).
async function loadSentry(): Promise<SentryModule> {
  const { init, setUser, captureException, browserTracingIntegration, setMeasurement, addBreadcrumb } = await import(
    /* webpackChunkName: "monitoring" */ '@sentry/react'
  );
  return { init, setUser, captureException, browserTracingIntegration, setMeasurement, addBreadcrumb };
}

/**
 * A vital as one of Sentry's performance measurements (lcp, fcp, cls, ttfb, inp, fid) on the page
 * load's trace when it is still open (sampled at TRACES_SAMPLE_RATE), and as a breadcrumb, so the
 * next error event carries the figures whatever the sampling.
 */
export function reportVitalToSentry(
  Sentry: Pick<SentryModule, 'setMeasurement' | 'addBreadcrumb'>,
  report: VitalReport,
): void {
  try {
    const unit = report.name === 'CLS' ? '' : 'millisecond';
    Sentry.setMeasurement(report.name.toLowerCase(), report.value, unit);
    Sentry.addBreadcrumb({
      category: 'web-vital',
      level: 'info',
      message: `${report.name} ${report.name === 'CLS' ? report.value.toFixed(3) : Math.round(report.value)}${unit ? ' ms' : ''}${report.rating ? ` (${report.rating})` : ''}`,
    });
  } catch {
    // Monitoring must never break the app.
  }
}

/** Starts Sentry (see startErrorMonitoring) and resolves to it once it runs, else to null. */
async function startSentry<S>(
  config: Pick<AppConfig, 'production' | 'sentryDsn'>,
  store: MonitoredStore<S>,
  selectUser: (state: S) => AccountLike | null,
  load: () => Promise<SentryModule>,
): Promise<SentryModule | null> {
  if (!config.production || !config.sentryDsn) return null;
  try {
    const Sentry = await load();
    Sentry.init({
      dsn: config.sentryDsn,
      environment: 'production',
      tracesSampleRate: TRACES_SAMPLE_RATE,
      integrations: [Sentry.browserTracingIntegration()],
      sendDefaultPii: false,
      beforeSend,
      beforeBreadcrumb: withoutBreadcrumbData,
    });
    let lastUser: string | null = null;
    const syncUser = () => {
      const user = toSentryUser(selectUser(store.getState()));
      const key = JSON.stringify(user);
      if (key === lastUser) return;
      lastUser = key;
      Sentry.setUser(user);
    };
    syncUser();
    store.subscribe(syncUser);
    setErrorReporter((error, context) => {
      if (!context) {
        Sentry.captureException(error);
        return;
      }
      const { level, ...extra } = context;
      Sentry.captureException(error, level ? { level, extra } : { extra });
    });
    return Sentry;
  } catch (error) {
    // An unreachable CDN or a blocked host must not break the app.
    console.warn('Error reporting is off:', error);
    return null;
  }
}

/**
 * Starts Sentry when this is a production build with a DSN; resolves true once it runs.
 * No Redux enhancer: neither state nor action payloads ever reach an event.
 */
export async function startErrorMonitoring<S>(
  config: Pick<AppConfig, 'production' | 'sentryDsn'>,
  store: MonitoredStore<S>,
  selectUser: (state: S) => AccountLike | null,
  load: () => Promise<SentryModule> = loadSentry,
): Promise<boolean> {
  return (await startSentry(config, store, selectUser, load)) !== null;
}

/**
 * Where the web vitals go: analytics when it is on; else error reporting's measurements when a
 * DSN is set (once Sentry runs; kept for the bench if it cannot start); else performance marks
 * for the bench only.
 */
function vitalsDestination(analyticsOn: boolean, sentry: Promise<SentryModule | null> | null): ReportVital {
  if (analyticsOn) return reportVitalToAnalytics;
  if (sentry) {
    return (report) => {
      void sentry.then((Sentry) => (Sentry ? reportVitalToSentry(Sentry, report) : keepVitalForBench(report)));
    };
  }
  return keepVitalForBench;
}

/** What startProductionMonitoring loads, replaceable in tests. */
interface MonitoringLoaders {
  loadSentry?: () => Promise<SentryModule>;
  loadWebVitals?: () => Promise<WebVitals>;
}

/**
 * Everything production monitoring does, started once after the first render (src/index.tsx).
 * Outside production it does nothing at all; each part swallows its own failures.
 */
export function startProductionMonitoring<S>(
  config: AppConfig,
  store: MonitoredStore<S>,
  selectUser: (state: S) => AccountLike | null,
  loaders: MonitoringLoaders = {},
): void {
  if (!config.production) return;
  try {
    const sentry = startSentry(config, store, selectUser, loaders.loadSentry ?? loadSentry);
    const analyticsOn = startAnalytics(config);
    // The web-vitals chunk is fetched on every production load, now that the page is usable.
    void startVitals(config, vitalsDestination(analyticsOn, config.sentryDsn ? sentry : null), loaders.loadWebVitals);
    startMemoryMonitor(config);
  } catch (error) {
    console.warn('Monitoring is off:', error);
  }
}
