// The one place that reads the browser for the install rules; everything else sees plain data.
import type { InstallEnvironment } from './installPromptRules';

interface IOSNavigator extends Navigator {
  /** Safari on iOS only: true when launched from the home screen. */
  standalone?: boolean;
}

export function readInstallEnvironment(win: Window = window): InstallEnvironment {
  const nav = win.navigator as IOSNavigator;
  return {
    hasServiceWorker: 'serviceWorker' in nav,
    hasManifestLink: win.document.querySelector('link[rel="manifest"][href]') !== null,
    isSecureContext: win.isSecureContext === true,
    hostname: win.location.hostname,
    userAgent: nav.userAgent,
    // jsdom and some old browsers have no matchMedia: then it is simply not standalone.
    displayModeStandalone: typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches,
    navigatorStandalone: nav.standalone === true,
  };
}
