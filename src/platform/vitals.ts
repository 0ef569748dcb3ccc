// Web vitals (spec section 9: CLS, FID, FCP, LCP, TTFB). web-vitals 5 replaced FID by INP, so
// INP comes from the library and FID from the first-input entry. Production only, on every load:
// the library is a lazy chunk fetched after the first render (monitoring.ts picks where the
// figures go: analytics, error reporting's measurements, or performance marks for the bench).
import type { AppConfig } from '../config';
import { trackEvent } from './analytics';
import { reportError } from './errorReporting';

export type VitalName = 'CLS' | 'FCP' | 'FID' | 'INP' | 'LCP' | 'TTFB';

export interface VitalReport {
  name: VitalName;
  value: number;
  id: string;
  rating?: string;
}

export type ReportVital = (report: VitalReport) => void;

/** How analytics receives a vital: CLS is unitless, so it is scaled to keep precision in an integer. */
export function reportVitalToAnalytics(report: VitalReport): void {
  trackEvent(report.name, {
    value: Math.round(report.name === 'CLS' ? report.value * 1000 : report.value),
    metric_id: report.id,
    metric_value: report.value,
    metric_rating: report.rating,
    non_interaction: true,
  });
}

/** Where a vital is kept when no analytics id and no error reporting are set: a mark per report. */
export const VITAL_MARK_PREFIX = 'devtribe:vital:';

/**
 * Keeps a vital in the page for the bench (and DevTools' performance panel): a performance mark
 * named `devtribe:vital:<name>` whose detail holds the figure. Never throws.
 */
export function keepVitalForBench(
  report: VitalReport,
  perf: Pick<Performance, 'mark'> | undefined = globalThis.performance,
): void {
  try {
    perf?.mark(`${VITAL_MARK_PREFIX}${report.name}`, {
      detail: { value: report.value, id: report.id, rating: report.rating },
    });
  } catch {
    // An old browser without mark details: the bench reads nothing, the app goes on.
  }
}

/** First Input Delay: from the user's first interaction to when its handlers could start. */
export function firstInputDelay(entry: { processingStart: number; startTime: number }): number {
  return Math.max(0, entry.processingStart - entry.startTime);
}

/** Reports FID once from the buffered `first-input` entry; returns a stop function. */
export function observeFirstInputDelay(
  report: ReportVital,
  Observer: typeof PerformanceObserver | undefined = globalThis.PerformanceObserver,
): () => void {
  if (!Observer || !Observer.supportedEntryTypes?.includes('first-input')) return () => {};
  let done = false;
  const observer = new Observer((list) => {
    const entry = list.getEntries()[0];
    const processingStart: unknown = entry && 'processingStart' in entry ? entry.processingStart : undefined;
    if (done || !entry || typeof processingStart !== 'number') return;
    done = true;
    observer.disconnect();
    report({
      name: 'FID',
      value: firstInputDelay({ processingStart, startTime: entry.startTime }),
      id: `fid-${Math.round(entry.startTime)}`,
    });
  });
  observer.observe({ type: 'first-input', buffered: true });
  return () => observer.disconnect();
}

export type WebVitals = Pick<typeof import('web-vitals'), 'onCLS' | 'onFCP' | 'onINP' | 'onLCP' | 'onTTFB'>;

const loadWebVitals = (): Promise<WebVitals> => import(/* webpackChunkName: "web-vitals" */ 'web-vitals');

export async function startVitals(
  config: Pick<AppConfig, 'production'>,
  report: ReportVital = reportVitalToAnalytics,
  load: () => Promise<WebVitals> = loadWebVitals,
): Promise<boolean> {
  if (!config.production) return false;
  try {
    observeFirstInputDelay(report);
    const vitals = await load();
    const forward = (metric: { name: string; value: number; id: string; rating?: string }) =>
      report({ name: metric.name as VitalName, value: metric.value, id: metric.id, rating: metric.rating });
    vitals.onCLS(forward);
    vitals.onFCP(forward);
    vitals.onLCP(forward);
    vitals.onTTFB(forward);
    vitals.onINP(forward);
    return true;
  } catch (error) {
    reportError(error, { description: 'Web vitals are off:', level: 'warning' });
    return false;
  }
}
