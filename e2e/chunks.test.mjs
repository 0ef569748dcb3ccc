// Route chunks load on demand: a spinner while they load, the full-screen fallback when they cannot.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  ACTION_TIMEOUT_MS,
  expectVisible,
  heading,
  holdBack,
  newUser,
  signUp,
  useBrowser,
  withPage,
} from './helpers.mjs';

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
      const chunk = await holdBack(page, NOT_FOUND_CHUNK);
      try {
        // A path with no prerendered page: the app shell's splash, then the spinner while the route's
        // chunk loads. (Arriving on a prerendered page, that page itself shows meanwhile: e2e/prerender.test.mjs.)
        await page.goto('/no-such-page', { waitUntil: 'domcontentloaded' });
        await chunk.requested;
        await expectVisible(page.getByRole('status').filter({ hasText: 'Loading...' }));
      } finally {
        chunk.release();
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
  "a signed-in page's shell preloads the backend with its scripts, and its other chunks through the start-up loader, without waiting for the stylesheet",
  withPage(
    env,
    async ({ page }) => {
      // Signed out, the app sends /explore to the login page and never asks for the explore chunk
      // itself: any request for it is the shell's preload (scripts/shellPreloads.js). The stylesheet
      // is held back: an inline script placed after it would wait for it, and the preloads with it.
      const stylesheet = await holdBack(page, '**/assets/main.*.css');
      // The entry too: arriving first, it could import the backend before the preload is issued.
      const entry = await holdBack(page, '**/assets/main.*.js');
      const exploreChunk = /\/assets\/route-explore\.[0-9a-f]+\.js$/;
      try {
        const preloads = [
          page.waitForRequest(/\/assets\/backend-local\.[0-9a-f]+\.js$/),
          page.waitForRequest(exploreChunk),
        ];
        await page.goto('/explore', { waitUntil: 'commit' });
        await Promise.all(preloads);
      } finally {
        entry.release();
        stylesheet.release();
      }
      await page.waitForFunction(
        (pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
        exploreChunk.source,
      );
      const requests = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => ({
          path: new URL(entry.name).pathname,
          initiatorType: entry.initiatorType,
          startTime: entry.startTime,
        })),
      );
      const [explore] = requests.filter((entry) => exploreChunk.test(entry.path));
      const [backend] = requests.filter((entry) => /^\/assets\/backend-local\.[0-9a-f]+\.js$/.test(entry.path));
      assert.equal(explore.initiatorType, 'link');
      assert.equal(backend.initiatorType, 'link');
      // The backend's with the HTML's scripts, by the preload scanner; the others after the parse.
      assert.ok(backend.startTime < explore.startTime, 'the backend was requested after the route chunk');
      const html = await (await page.request.get('/explore')).text();
      assert.deepEqual(
        [...html.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => /href="([^"]+)"/.exec(tag)[1].split('.')[0]),
        ['/assets/backend-local'],
      );
      assert.match(html, /<script data-preload="[^"]*\/assets\/route-explore\.[0-9a-f]+\.js/);
      // The HTML names the entry alone as a script (each file it names is a request in the
      // navigation's commit task); the loader preloads the store's chunk first, then the boot chunk.
      assert.deepEqual(
        [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src.split('.')[0]),
        ['/assets/main'],
      );
      const preloaded = /<script data-preload="([^"]*)"/.exec(html)[1].split(' ');
      assert.deepEqual(
        preloaded.slice(0, 2).map((src) => src.split('.')[0]),
        ['/assets/app-store', '/assets/boot'],
      );
      assert.ok(
        preloaded.some((src) => /^\/assets\/feature-explore\./.test(src)),
        'the feature chunk is not preloaded',
      );
      // Both marked for V8's eager compilation while they stream in (webpack.config.js).
      for (const src of preloaded.slice(0, 2)) {
        const script = await (await page.request.get(src)).text();
        assert.ok(script.startsWith('//# allFunctionsCalledOnLoad\n'), `${src} has no compile hint`);
      }
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
      const boot = await holdBack(page, '**/assets/boot.*.js');
      try {
        await page.goto('/dashboard', { waitUntil: 'commit' });
        await boot.requested;
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
        boot.release();
      }
      await expectVisible(heading(page, 'Log in'));
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);

test(
  "a restored session is checked and the arrival page's feature loaded while the boot chunk still downloads",
  withPage(
    env,
    async ({ page }) => {
      // The store, the sagas and the session (src/startStore.ts) need none of the boot chunk (React
      // DOM, the router, the screens): a signed-in arrival's session is restored, and the page's
      // reads started, while the largest file is still on its way.
      await signUp(page, newUser('early'));
      const boot = await holdBack(page, '**/assets/boot.*.js');
      try {
        await page.goto('/explore', { waitUntil: 'commit' });
        await boot.requested;
        // The session restored (src/startStore.ts), then the arrival page's feature loaded and its
        // reads started (app/arrivalSagas.ts), and React has not rendered.
        await page.waitForFunction(
          () =>
            ['devtribe:first-auth-check', 'devtribe:arrival-page-opened'].every(
              (mark) => performance.getEntriesByName(mark).length > 0,
            ),
          null,
          { polling: 100, timeout: ACTION_TIMEOUT_MS },
        );
        assert.equal(await page.locator('#splash').count(), 1, 'the app rendered without its boot chunk');
      } finally {
        boot.release();
      }
      await expectVisible(heading(page, 'Explore People'));
      await expectVisible(page.locator('.people-grid > li').first());
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);

test(
  "a signed-in shell's app does not render before its stylesheet has loaded",
  withPage(
    env,
    async ({ page }) => {
      // The shells run their scripts as soon as they arrive (async): the app, ready long before the
      // stylesheet here, keeps the splash until it has loaded (src/index.tsx).
      const stylesheet = await holdBack(page, '**/assets/main.*.css');
      try {
        await page.goto('/no-such-page', { waitUntil: 'commit' });
        // Polled on a timer: no animation frame comes while a stylesheet in the head is pending.
        await page.waitForFunction(
          () => performance.getEntriesByType('resource').some((entry) => /\/assets\/boot\./.test(entry.name)),
          null,
          { polling: 100 },
        );
        // Time for the app to render, were it going to.
        await page.waitForTimeout(1500);
        assert.equal(await heading(page, 'Page not found').count(), 0);
        assert.equal(await page.locator('#splash').count(), 1);
      } finally {
        stylesheet.release();
      }
      await expectVisible(heading(page, 'Page not found'));
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);
