// How the service worker treats each request. Pure functions over URLs, so the rules are tested
// without a service worker; service-worker.ts only wires them to workbox.

/** The pieces of a FetchEvent's request that the rules look at. */
interface RequestInfo {
  url: URL;
  mode: string;
  destination: string;
  method: string;
}

/** Where an avatar image may come from: the identity providers' photo hosts and our own storage. */
const AVATAR_HOST_SUFFIXES = [
  'googleusercontent.com',
  'githubusercontent.com',
  'firebasestorage.googleapis.com',
  'gravatar.com',
];

const AVATAR_PATH_PREFIX = '/avatars/';

/**
 * Backend, sign-in and error-reporting/analytics hosts. Their answers are live data or one-off
 * posts; a cached copy would be stale at best and a leaked token at worst.
 */
const NEVER_CACHED_HOST_SUFFIXES = [
  'firestore.googleapis.com',
  'identitytoolkit.googleapis.com',
  'securetoken.googleapis.com',
  'firebaseinstallations.googleapis.com',
  'sentry.io',
  'google-analytics.com',
  'analytics.google.com',
  'googletagmanager.com',
];

/** Firebase Hosting's reserved paths (auth handler, init.json): always the real thing, never the app shell. */
const RESERVED_PATH_PREFIX = '/__/';

/** A navigation to a file (robots.txt, a source map) wants that file, not the app shell. */
const FILE_PATH =
  /\/[^/]+\.(?:js|mjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|gif|svg|webp|avif|ico|woff2?|pdf|zip)$/i;

function hostMatches(hostname: string, suffixes: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

export function isNeverCached(url: URL): boolean {
  return hostMatches(url.hostname, NEVER_CACHED_HOST_SUFFIXES);
}

/** The app shell every navigation without a page of its own gets (firebase.json's last rewrite). */
export const APP_SHELL_URL = '/app.html';

/**
 * The public pages prerendered at build time (scripts/prerender.js), each in its own file, as
 * firebase.json rewrites them; `/` is index.html itself.
 */
const PRERENDERED_PAGE_URLS: Readonly<Record<string, string>> = {
  '/': '/index.html',
  '/learn-more': '/learn-more.html',
  '/login': '/login.html',
  '/signup': '/signup.html',
  '/forgot-password': '/forgot-password.html',
};

/** The signed-in pages whose copy of the app shell preloads their chunks (scripts/shellPreloads.js). */
const SIGNED_IN_SHELL_URLS: Readonly<Record<string, string>> = {
  '/dashboard': '/dashboard.html',
  '/explore': '/explore.html',
};

/** The precached HTML file a navigation gets: the path's prerendered page or own shell, else the app shell. */
export function appShellFor(url: URL): string {
  return PRERENDERED_PAGE_URLS[url.pathname] ?? SIGNED_IN_SHELL_URLS[url.pathname] ?? APP_SHELL_URL;
}

/** Every HTML file appShellFor may answer with (each must be in the precache). */
export const APP_SHELL_URLS: readonly string[] = [
  ...new Set([...Object.values(PRERENDERED_PAGE_URLS), ...Object.values(SIGNED_IN_SHELL_URLS), APP_SHELL_URL]),
];

/** Whether a navigation to this URL may be answered with a precached app page. */
export function isNavigationFallbackAllowed(url: URL, appOrigin: string): boolean {
  return (
    url.origin === appOrigin &&
    !url.pathname.startsWith(RESERVED_PATH_PREFIX) &&
    !FILE_PATH.test(url.pathname) &&
    !isNeverCached(url)
  );
}

export function isAvatarRequest(
  request: Pick<RequestInfo, 'url' | 'destination' | 'method'>,
  appOrigin: string,
): boolean {
  const { url } = request;
  if (request.method !== 'GET' || request.destination !== 'image' || isNeverCached(url)) return false;
  if (url.origin === appOrigin) return url.pathname.startsWith(AVATAR_PATH_PREFIX);
  return url.protocol === 'https:' && hostMatches(url.hostname, AVATAR_HOST_SUFFIXES);
}

type RequestRoute = 'appShell' | 'avatar' | 'network';

/**
 * Routes other than the precache. 'network' means the worker does not answer at all, so the
 * browser fetches as if there were no worker and nothing is cached.
 */
export function routeFor(request: RequestInfo, appOrigin: string): RequestRoute {
  if (isNeverCached(request.url)) return 'network';
  if (request.mode === 'navigate') return isNavigationFallbackAllowed(request.url, appOrigin) ? 'appShell' : 'network';
  if (isAvatarRequest(request, appOrigin)) return 'avatar';
  return 'network';
}

/** The page's Update button posts this to the waiting worker (workbox-window's messageSkipWaiting). */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}
