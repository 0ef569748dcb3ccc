import type { InstallEnvironment, InstallPromptConditions } from './installPromptRules';
import {
  isInstallable,
  isInstalled,
  isInstallPromptPath,
  isIPhoneSafari,
  shouldScheduleInstallPrompt,
  shouldShowOnNativePrompt,
} from './installPromptRules';

const CHROME_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPHONE_FIREFOX =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Installable Chrome on an https site, not installed: each case below changes one thing. */
const BASE_ENV: InstallEnvironment = {
  hasServiceWorker: true,
  hasManifestLink: true,
  isSecureContext: true,
  hostname: 'devtribe.example',
  userAgent: CHROME_DESKTOP,
  displayModeStandalone: false,
  navigatorStandalone: false,
};

describe('isInstallable', () => {
  test.each<[string, Partial<InstallEnvironment>, boolean]>([
    ['service worker, manifest and https', {}, true],
    ['no service worker support', { hasServiceWorker: false }, false],
    ['no manifest link', { hasManifestLink: false }, false],
    ['plain http on a public host', { isSecureContext: false }, false],
    ['plain http on localhost', { isSecureContext: false, hostname: 'localhost' }, true],
    ['plain http on 127.0.0.1', { isSecureContext: false, hostname: '127.0.0.1' }, true],
    [
      'iPhone Safari without service worker support, manifest, https',
      { hasServiceWorker: false, userAgent: IPHONE_SAFARI },
      true,
    ],
    [
      'iPad Safari without service worker support, manifest, https',
      { hasServiceWorker: false, userAgent: IPAD_SAFARI },
      true,
    ],
    [
      'iPhone Safari without a manifest',
      { hasServiceWorker: false, hasManifestLink: false, userAgent: IPHONE_SAFARI },
      false,
    ],
    [
      'iPhone Safari over plain http',
      { hasServiceWorker: false, isSecureContext: false, userAgent: IPHONE_SAFARI },
      false,
    ],
    ['Chrome on iPhone without service worker support', { hasServiceWorker: false, userAgent: IPHONE_CHROME }, false],
    ['Safari on a Mac without service worker support', { hasServiceWorker: false, userAgent: MAC_SAFARI }, false],
  ])('%s -> %s', (_label, change, expected) => {
    expect(isInstallable({ ...BASE_ENV, ...change })).toBe(expected);
  });
});

describe('isInstalled', () => {
  test.each<[string, Partial<InstallEnvironment>, boolean]>([
    ['a browser tab', {}, false],
    ['standalone display mode', { displayModeStandalone: true }, true],
    ['launched from the iOS home screen', { navigatorStandalone: true }, true],
  ])('%s -> %s', (_label, change, expected) => {
    expect(isInstalled({ ...BASE_ENV, ...change })).toBe(expected);
  });
});

describe('isIPhoneSafari', () => {
  test.each([
    [IPHONE_SAFARI, true],
    [IPAD_SAFARI, true],
    [IPHONE_CHROME, false],
    [IPHONE_FIREFOX, false],
    [MAC_SAFARI, false],
    [CHROME_DESKTOP, false],
  ])('%s -> %s', (userAgent, expected) => {
    expect(isIPhoneSafari(userAgent)).toBe(expected);
  });
});

describe('isInstallPromptPath', () => {
  test.each<[string | null, boolean]>([
    ['/dashboard', true],
    ['/dashboard/', true],
    // The router shows the dashboard for these too, so the card behaves the same there.
    ['/Dashboard', true],
    ['/DASHBOARD/', true],
    ['/', false],
    ['/dashboards', false],
    ['/tribes', false],
    ['/profile/u1', false],
    [null, false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isInstallPromptPath(pathname)).toBe(expected);
  });
});

/** Everything true: each case below breaks one condition. */
const READY: InstallPromptConditions = {
  isSignedIn: true,
  pathname: '/dashboard',
  dismissed: false,
  installed: false,
  installable: true,
};

describe('shouldScheduleInstallPrompt (the 5 s timer)', () => {
  test.each<[string, Partial<InstallPromptConditions>, boolean]>([
    ['signed in on /dashboard, never dismissed, not installed, installable', {}, true],
    ['signed out', { isSignedIn: false }, false],
    ['on another page', { pathname: '/tribes' }, false],
    ['on the home page', { pathname: '/' }, false],
    ['before the router reported a page', { pathname: null }, false],
    ['dismissed before', { dismissed: true }, false],
    ['already installed', { installed: true }, false],
    ['not installable', { installable: false }, false],
  ])('%s -> %s', (_label, change, expected) => {
    expect(shouldScheduleInstallPrompt({ ...READY, ...change })).toBe(expected);
  });
});

describe('shouldShowOnNativePrompt (beforeinstallprompt)', () => {
  test.each<[string, Partial<InstallPromptConditions>, boolean]>([
    ['signed in on /dashboard, never dismissed', {}, true],
    // The browser's offer itself proves the app installable.
    ['even when the environment check said not installable', { installable: false }, true],
    ['signed out', { isSignedIn: false }, false],
    ['on another page', { pathname: '/explore' }, false],
    ['dismissed before', { dismissed: true }, false],
    ['already installed', { installed: true }, false],
  ])('%s -> %s', (_label, change, expected) => {
    expect(shouldShowOnNativePrompt({ ...READY, ...change })).toBe(expected);
  });
});
