// Route chunks load on demand: a spinner while they load, the full-screen fallback when they cannot.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectVisible, heading, useBrowser, withPage } from './helpers.mjs';

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
  "a signed-in page's shell preloads its chunks through the start-up loader, without waiting for the stylesheet",
  withPage(
    env,
    async ({ page }) => {
      // Signed out, the app sends /explore to the login page and never asks for the explore chunk
      // itself: any request for it is the shell's preload (scripts/shellPreloads.js). The stylesheet
      // is held back: an inline script placed after it would wait for it, and the preloads with it.
      let release;
      const released = new Promise((resolve) => (release = resolve));
      await page.route('**/assets/main.*.css', async (route) => {
        await released;
        await route.continue();
      });
      try {
        const preload = page.waitForRequest(/\/assets\/route-explore\.[0-9a-f]+\.js$/);
        await page.goto('/explore', { waitUntil: 'commit' });
        await preload;
      } finally {
        release();
      }
      const exploreChunk = /\/assets\/route-explore\.[0-9a-f]+\.js$/.source;
      await page.waitForFunction(
        (pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
        exploreChunk,
      );
      const requests = await page.evaluate(
        (pattern) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => new RegExp(pattern).test(entry.name))
            .map((entry) => entry.initiatorType),
        exploreChunk,
      );
      assert.deepEqual(requests, ['link']);
      // The links come from the loader's data-preload attribute, not from <link> tags in the HTML.
      const html = await (await page.request.get('/explore')).text();
      assert.doesNotMatch(html, /<link rel="preload"/);
      assert.match(html, /<script data-preload="[^"]*\/assets\/route-explore\.[0-9a-f]+\.js/);
      await expectVisible(heading(page, 'Log in'));
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);
