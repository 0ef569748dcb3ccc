// When the install prompt may appear: pure rules over plain data. The browser is read into an
// InstallEnvironment in one place (installEnvironment.ts), so every rule is tested without one.
import { canonicalPath } from '../../app/paths';

/** What the rules need to know about the browser, read once at start. */
export interface InstallEnvironment {
  /** `'serviceWorker' in navigator`. */
  hasServiceWorker: boolean;
  /** The page links a web app manifest. */
  hasManifestLink: boolean;
  /** `window.isSecureContext`: https, or a loopback host. */
  isSecureContext: boolean;
  hostname: string;
  userAgent: string;
  /** `(display-mode: standalone)` matches: running as an installed app. */
  displayModeStandalone: boolean;
  /** iOS Safari's `navigator.standalone`: launched from the home screen. */
  navigatorStandalone: boolean;
}

/** Everything the visibility rules look at, from the store. */
export interface InstallPromptConditions {
  isSignedIn: boolean;
  pathname: string | null;
  dismissed: boolean;
  installed: boolean;
  installable: boolean;
}

const INSTALL_PROMPT_PATH = '/dashboard';

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

// Chrome, Firefox, Edge and Opera on iOS also say "Safari"; they name themselves before it.
const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const OTHER_IOS_BROWSER = /\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA|YaBrowser|DuckDuckGo)\//;

function isSecureOrigin(env: Pick<InstallEnvironment, 'isSecureContext' | 'hostname'>): boolean {
  return env.isSecureContext || LOOPBACK_HOSTNAMES.has(env.hostname.toLowerCase());
}

export function isIPhoneSafari(userAgent: string): boolean {
  return IOS_DEVICE.test(userAgent) && /\bSafari\//.test(userAgent) && !OTHER_IOS_BROWSER.test(userAgent);
}

/** Service worker support, a manifest and a secure context; or iPhone Safari with a manifest and a secure context. */
export function isInstallable(env: InstallEnvironment): boolean {
  if (!env.hasManifestLink || !isSecureOrigin(env)) return false;
  return env.hasServiceWorker || isIPhoneSafari(env.userAgent);
}

/** Standalone display mode (or iOS's home-screen launch) means the app is already installed. */
export function isInstalled(env: Pick<InstallEnvironment, 'displayModeStandalone' | 'navigatorStandalone'>): boolean {
  return env.displayModeStandalone || env.navigatorStandalone;
}

export function isInstallPromptPath(pathname: string | null): boolean {
  // The router shows /Dashboard as the dashboard, so the card follows it there too.
  return pathname !== null && canonicalPath(pathname) === INSTALL_PROMPT_PATH;
}

/** Whether the 5-second timer should run now; when this turns false, a running timer is cancelled. */
export function shouldScheduleInstallPrompt(conditions: InstallPromptConditions): boolean {
  return (
    conditions.isSignedIn &&
    isInstallPromptPath(conditions.pathname) &&
    !conditions.dismissed &&
    !conditions.installed &&
    conditions.installable
  );
}

/**
 * Whether the browser's own install offer (beforeinstallprompt) shows the card at once. The
 * event itself proves the app installable, so only the user and the page matter.
 */
export function shouldShowOnNativePrompt(conditions: InstallPromptConditions): boolean {
  return (
    conditions.isSignedIn && isInstallPromptPath(conditions.pathname) && !conditions.dismissed && !conditions.installed
  );
}
