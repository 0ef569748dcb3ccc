// Route chunks load on demand: a spinner while they load, the full-screen fallback when they cannot.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ACTION_TIMEOUT_MS, expectVisible, heading, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const LEARN_MORE_CHUNK = '**/assets/route-learn-more*.js';
const NOT_FOUND_CHUNK = '**/assets/route-not-found*.js';

// page.route cannot see requests a service worker answers, so these contexts run without one.
const NO_SERVICE_WORKER = { serviceWorkers: 'block' };

test(
  '"Loading..." shows while a route chunk loads',
  withPage(
    env,
    async ({ page }) => {
      let release;
      const released = new Promise((resolve) => (release = resolve));
      let requested;
      const chunkRequested = new Promise((resolve) => (requested = resolve));
      await page.route(NOT_FOUND_CHUNK, async (route) => {
        requested();
        await released;
        await route.continue();
      });
      try {
        // A path with no prerendered page: the app shell's splash, then the spinner while the route's
        // chunk loads. (Arriving on a prerendered page, that page itself shows meanwhile: e2e/prerender.test.mjs.)
        await page.goto('/no-such-page', { waitUntil: 'domcontentloaded' });
        await chunkRequested;
        await expectVisible(page.getByRole('status').filter({ hasText: 'Loading...' }));
      } finally {
        release();
      }
      await expectVisible(heading(page, 'Page not found'));
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);

test(
  'a route chunk that cannot load shows the fallback, and "Reload Page" recovers',
  withPage(
    env,
    async ({ page }) => {
      await page.route(LEARN_MORE_CHUNK, (route) => route.abort());
      await page.goto('/learn-more');

      await expectVisible(heading(page, 'Something went wrong'));
      const details = page.getByText('Technical details');
      await expectVisible(details);
      await details.click();
      await expectVisible(page.locator('details[open] pre'));

      await page.unroute(LEARN_MORE_CHUNK);
      await page.getByRole('button', { name: 'Reload Page', exact: true }).click();
      await expectVisible(heading(page, 'Learn more about DevTribe'));
    },
    {
      contextOptions: NO_SERVICE_WORKER,
      allowErrors: [
        // The blocked chunk, and nothing else: React logs the error its boundary caught, and
        // errorReporting logs it again (no Sentry in this build). Some Chromium versions also log
        // the aborted request itself.
        /ChunkLoadError: Loading chunk \S+ failed\.\s+\(error: \S+\/route-learn-more\./,
        /Failed to load resource: net::ERR_FAILED \(\S+\/route-learn-more\./,
      ],
    },
  ),
);

test(
  "a signed-in page's shell preloads the backend at once, without waiting for the stylesheet, and its other chunks once the entry has run",
  withPage(
    env,
    async ({ page }) => {
      // Signed out, the app sends /explore to the login page and never asks for the explore chunk
      // itself: any request for it is the shell's preload (scripts/shellPreloads.js). The stylesheet
      // is held back: an inline script placed after it would wait for it, and the preloads with it;
      // the entry (a deferred script) waits for it too, and the chunks preloaded after the entry with it.
      let release;
      const released = new Promise((resolve) => (release = resolve));
      await page.route('**/assets/main.*.css', async (route) => {
        await released;
        await route.continue();
      });
      const exploreChunk = /\/assets\/route-explore\.[0-9a-f]+\.js$/;
      let releasedYet = false;
      let exploreRequestedEarly = false;
      page.on('request', (request) => {
        if (exploreChunk.test(request.url())) exploreRequestedEarly ||= !releasedYet;
      });
      try {
        const backendPreload = page.waitForRequest(/\/assets\/backend-local\.[0-9a-f]+\.js$/);
        await page.goto('/explore', { waitUntil: 'commit' });
        await backendPreload;
      } finally {
        releasedYet = true;
        release();
      }
      assert.equal(exploreRequestedEarly, false, 'the route chunk was requested before the entry had run');
      await page.waitForFunction(
        (pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
        exploreChunk.source,
      );
      const timings = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => ({
          path: new URL(entry.name).pathname,
          initiatorType: entry.initiatorType,
          startTime: entry.startTime,
          responseEnd: entry.responseEnd,
        })),
      );
      const of = (pattern) => timings.filter((entry) => pattern.test(entry.path));
      const [entry] = of(/^\/assets\/main\.[0-9a-f]+\.js$/);
      const [boot] = of(/^\/assets\/boot\.[0-9a-f]+\.js$/);
      const explore = of(exploreChunk);
      assert.deepEqual(
        explore.map((file) => file.initiatorType),
        ['link'],
      );
      assert.deepEqual(
        of(/^\/assets\/backend-local\.[0-9a-f]+\.js$/).map((file) => file.initiatorType),
        ['link'],
      );
      // The boot chunk was asked for first; the route chunk only once the entry had arrived (and run).
      assert.ok(boot.startTime < explore[0].startTime, 'the boot chunk was requested after the route chunk');
      assert.ok(entry.responseEnd <= explore[0].startTime, 'the route chunk was requested before the entry arrived');
      // The links come from the loader's data attributes, not from <link> tags in the HTML.
      const html = await (await page.request.get('/explore')).text();
      assert.doesNotMatch(html, /<link rel="preload"/);
      assert.match(html, /<script data-preload="\/assets\/backend-local\.[0-9a-f]+\.js[^"]*"/);
      assert.match(html, /data-preload-after-entry="[^"]*\/assets\/route-explore\.[0-9a-f]+\.js/);
      assert.doesNotMatch(html, /data-preload="[^"]*route-explore/);
      await expectVisible(heading(page, 'Log in'));
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);

test(
  'the entry starts the backend while the boot chunk still downloads',
  withPage(
    env,
    async ({ page }) => {
      // The boot chunk (React and the app) is held back: the embedded backend's database is opened
      // all the same, by the entry (src/main.tsx), so a restored session's first reads are not
      // queued behind the largest file's download and evaluation.
      let release;
      const released = new Promise((resolve) => (release = resolve));
      let requested;
      const bootRequested = new Promise((resolve) => (requested = resolve));
      await page.route('**/assets/boot.*.js', async (route) => {
        requested();
        await released;
        await route.continue();
      });
      try {
        await page.goto('/dashboard', { waitUntil: 'commit' });
        await bootRequested;
        // Polled in the page: the list of databases is only known asynchronously.
        await page.evaluate(
          (timeoutMs) =>
            new Promise((resolve, reject) => {
              const deadline = performance.now() + timeoutMs;
              const check = () =>
                indexedDB.databases().then((databases) => {
                  if (databases.some((database) => database.name === 'devtribe-2')) resolve();
                  else if (performance.now() > deadline)
                    reject(new Error('the backend did not start while the boot chunk was held'));
                  else setTimeout(check, 50);
                });
              check();
            }),
          ACTION_TIMEOUT_MS,
        );
      } finally {
        release();
      }
      await expectVisible(heading(page, 'Log in'));
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);
