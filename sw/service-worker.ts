// Wiring only: which workbox handler answers which request. The rules live in routing.ts.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

import { AVATAR_CACHE_NAME } from '../src/platform/deviceData';
import { APP_SHELL_URLS, appShellFor, isSkipWaitingMessage, routeFor } from './routing';

declare const self: ServiceWorkerGlobalScope;

const AVATAR_CACHE_MAX_ENTRIES = 200;
const AVATAR_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// The whole production build (every route chunk included), so each route opens offline once visited.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const toRequestInfo = (request: Request, url: URL) => ({
  url,
  mode: request.mode,
  destination: request.destination,
  method: request.method,
});

// Each public page answers with its own prerendered file, every other path with the shell.
const appShellHandlers = new Map(APP_SHELL_URLS.map((shellURL) => [shellURL, createHandlerBoundToURL(shellURL)]));

registerRoute(
  ({ request, url }) => routeFor(toRequestInfo(request, url), self.location.origin) === 'appShell',
  (options) => {
    const handler = appShellHandlers.get(appShellFor(options.url));
    if (!handler) throw new Error(`No precached page for ${options.url.pathname}`);
    return handler(options);
  },
);

registerRoute(
  ({ request, url }) => routeFor(toRequestInfo(request, url), self.location.origin) === 'avatar',
  new CacheFirst({
    cacheName: AVATAR_CACHE_NAME,
    plugins: [
      // Status 0: photo hosts answer <img> without CORS, so the response is opaque but still a picture.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: AVATAR_CACHE_MAX_ENTRIES,
        maxAgeSeconds: AVATAR_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// No automatic skipWaiting: a new version waits until the user presses Update on the notice.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) event.waitUntil(self.skipWaiting());
});
