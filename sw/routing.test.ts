import firebaseJson from '../firebase.json';
import {
  APP_SHELL_URL,
  APP_SHELL_URLS,
  appShellFor,
  isAvatarRequest,
  isNavigationFallbackAllowed,
  isNeverCached,
  isSkipWaitingMessage,
  routeFor,
} from './routing';

const APP = 'https://devtribe.example';

const request = (href: string, mode = 'no-cors', destination = '', method = 'GET') => ({
  url: new URL(href),
  mode,
  destination,
  method,
});

describe('isNeverCached', () => {
  test.each([
    ['https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen/channel', true],
    ['https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', true],
    ['https://securetoken.googleapis.com/v1/token', true],
    ['https://firebaseinstallations.googleapis.com/v1/projects/p/installations', true],
    ['https://o123.ingest.sentry.io/api/1/envelope/', true],
    ['https://sentry.io/api/1/envelope/', true],
    ['https://www.google-analytics.com/g/collect', true],
    ['https://region1.analytics.google.com/g/collect', true],
    ['https://www.googletagmanager.com/gtag/js?id=G-1', true],
    ['https://firebasestorage.googleapis.com/v0/b/app/o/avatars%2Fu1', false],
    ['https://lh3.googleusercontent.com/a/photo', false],
    [`${APP}/assets/main.js`, false],
    // A look-alike host is not the backend.
    ['https://notsentry.io/x', false],
  ])('%s -> %s', (href, expected) => {
    expect(isNeverCached(new URL(href))).toBe(expected);
  });
});

describe('isNavigationFallbackAllowed', () => {
  test.each([
    [`${APP}/`, true],
    [`${APP}/dashboard`, true],
    [`${APP}/tribes/t1`, true],
    [`${APP}/profile/u1?tab=friends#top`, true],
    [`${APP}/__/auth/handler`, false],
    [`${APP}/__/firebase/init.json`, false],
    [`${APP}/robots.txt`, false],
    [`${APP}/assets/main.abc.js.map`, false],
    [`${APP}/manifest.webmanifest`, false],
    ['https://elsewhere.example/dashboard', false],
  ])('%s -> %s', (href, expected) => {
    expect(isNavigationFallbackAllowed(new URL(href), APP)).toBe(expected);
  });
});

describe('isAvatarRequest', () => {
  test.each([
    ['https://lh3.googleusercontent.com/a/photo=s96', 'image', 'GET', true],
    ['https://avatars.githubusercontent.com/u/1?v=4', 'image', 'GET', true],
    ['https://firebasestorage.googleapis.com/v0/b/app/o/avatars%2Fu1?alt=media', 'image', 'GET', true],
    [`${APP}/avatars/u1.png`, 'image', 'GET', true],
    // Only pictures: the same host answering a script or a JSON fetch is not an avatar.
    ['https://lh3.googleusercontent.com/a/photo', 'script', 'GET', false],
    ['https://firebasestorage.googleapis.com/v0/b/app/o/data.json', '', 'GET', false],
    ['https://lh3.googleusercontent.com/a/photo', 'image', 'POST', false],
    [`${APP}/assets/logo.png`, 'image', 'GET', false],
    ['http://lh3.googleusercontent.com/a/photo', 'image', 'GET', false],
    ['https://evilgoogleusercontent.com/a/photo', 'image', 'GET', false],
    ['https://cdn.example/avatars/u1.png', 'image', 'GET', false],
  ])('%s (%s %s) -> %s', (href, destination, method, expected) => {
    expect(isAvatarRequest(request(href, 'no-cors', destination, method), APP)).toBe(expected);
  });
});

describe('routeFor', () => {
  test.each([
    [`${APP}/dashboard`, 'navigate', 'document', 'GET', 'appShell'],
    [`${APP}/__/auth/handler`, 'navigate', 'document', 'GET', 'network'],
    ['https://lh3.googleusercontent.com/a/p', 'no-cors', 'image', 'GET', 'avatar'],
    ['https://firestore.googleapis.com/v1/projects/p', 'cors', '', 'GET', 'network'],
    ['https://o1.ingest.sentry.io/api/1/envelope/', 'cors', '', 'POST', 'network'],
    [`${APP}/api/unknown`, 'cors', '', 'GET', 'network'],
  ])('%s (%s, %s, %s) -> %s', (href, mode, destination, method, expected) => {
    expect(routeFor(request(href, mode, destination, method), APP)).toBe(expected);
  });
});

describe('appShellFor', () => {
  test.each([
    [`${APP}/`, '/index.html'],
    [`${APP}/login`, '/login.html'],
    [`${APP}/login?from=x#y`, '/login.html'],
    [`${APP}/signup`, '/signup.html'],
    [`${APP}/learn-more`, '/learn-more.html'],
    [`${APP}/forgot-password`, '/forgot-password.html'],
    [`${APP}/dashboard`, '/dashboard.html'],
    [`${APP}/explore`, '/explore.html'],
    [`${APP}/dashboard/extra`, '/app.html'],
    [`${APP}/login/extra`, '/app.html'],
    [`${APP}/tribes/t1`, '/app.html'],
  ])('%s -> %s', (href, expected) => {
    expect(appShellFor(new URL(href))).toBe(expected);
  });

  test('answers offline as hosting answers online: the same page for each path as firebase.json', () => {
    const { hosting } = firebaseJson;
    const exact = hosting.rewrites.filter((rule) => rule.source !== '**');
    for (const rule of exact) expect(appShellFor(new URL(`${APP}${rule.source}`))).toBe(rule.destination);
    expect(hosting.rewrites.find((rule) => rule.source === '**')?.destination).toBe(APP_SHELL_URL);
    expect([...APP_SHELL_URLS].sort()).toEqual(
      [...exact.map((rule) => rule.destination), '/index.html', APP_SHELL_URL].sort(),
    );
  });
});

describe('isSkipWaitingMessage', () => {
  test.each([
    [{ type: 'SKIP_WAITING' }, true],
    [{ type: 'GET_VERSION' }, false],
    ['SKIP_WAITING', false],
    [null, false],
    [undefined, false],
  ])('%o -> %s', (data, expected) => {
    expect(isSkipWaitingMessage(data)).toBe(expected);
  });
});
