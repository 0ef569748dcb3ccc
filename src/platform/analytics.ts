// Analytics through the global tag function (gtag.js), production builds only, and only when
// an analytics id is configured. Every call is fire-and-forget: a blocked or unreachable
// analytics host changes nothing for the user.
import type { AppConfig } from '../config';
import { reportError } from './errorReporting';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** Installs window.gtag and loads gtag.js; true when analytics is on. */
export function startAnalytics(config: Pick<AppConfig, 'production' | 'analyticsId'>, win: Window = window): boolean {
  if (!config.production || !config.analyticsId) return false;
  try {
    win.dataLayer = win.dataLayer ?? [];
    const dataLayer = win.dataLayer;
    // gtag.js reads the arguments objects queued in dataLayer, exactly as its snippet does.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('js', new Date());
    win.gtag('config', config.analyticsId, { anonymize_ip: true });
    const script = win.document.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(config.analyticsId)}`;
    script.onerror = () => reportError(new Error('Analytics could not load.'), { level: 'warning' });
    win.document.head.appendChild(script);
    return true;
  } catch (error) {
    reportError(error, { description: 'Analytics is off:', level: 'warning' });
    return false;
  }
}

export function trackEvent(name: string, params: Record<string, unknown> = {}, win: Window = window): void {
  try {
    win.gtag?.('event', name, params);
  } catch {
    // Analytics must never break the app.
  }
}
