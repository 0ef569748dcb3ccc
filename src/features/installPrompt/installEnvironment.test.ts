import {
  INSTALL_PROMPT_DISMISSED_KEY,
  readInstallPromptDismissed,
  writeInstallPromptDismissed,
} from './dismissalStorage';
import { readInstallEnvironment } from './installEnvironment';

afterEach(() => {
  document.head.innerHTML = '';
  window.localStorage.clear();
});

describe('readInstallEnvironment', () => {
  test('reads jsdom as a browser without service workers or matchMedia', () => {
    expect(readInstallEnvironment()).toEqual({
      hasServiceWorker: false,
      hasManifestLink: false,
      isSecureContext: expect.any(Boolean),
      hostname: 'localhost',
      userAgent: navigator.userAgent,
      displayModeStandalone: false,
      navigatorStandalone: false,
    });
  });

  test('sees the manifest link, standalone display mode and service worker support', () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(display-mode: standalone)' }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      const env = readInstallEnvironment();
      expect(env).toMatchObject({ hasServiceWorker: true, hasManifestLink: true, displayModeStandalone: true });
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

describe('the dismissal flag in localStorage', () => {
  test("is the string 'true' once written", () => {
    expect(readInstallPromptDismissed()).toBe(false);
    writeInstallPromptDismissed();
    expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBe('true');
    expect(readInstallPromptDismissed()).toBe(true);
  });

  test.each(['false', '1', 'yes', ''])('any other value (%p) does not count as dismissed', (value) => {
    window.localStorage.setItem(INSTALL_PROMPT_DISMISSED_KEY, value);
    expect(readInstallPromptDismissed()).toBe(false);
  });

  test('blocked storage reads as not dismissed and a failed write only warns', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readInstallPromptDismissed(blocked)).toBe(false);
    expect(() => writeInstallPromptDismissed(blocked)).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
