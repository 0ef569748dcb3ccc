// Web vitals on every production load: the web-vitals chunk is fetched after the first route has
// rendered (never in the first paint's way), and with neither an analytics id nor a Sentry DSN
// (this build) the figures are kept as performance marks for the bench.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectVisible, heading, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const FIRST_ROUTE_MARK = 'devtribe:first-route-rendered';
const WEB_VITALS_CHUNK = /\/assets\/web-vitals\.[0-9a-f]+\.js$/;

test(
  'the web-vitals chunk loads after the first route rendered, and FCP and TTFB are kept for the bench',
  withPage(
    env,
    async ({ page }) => {
      const chunk = page.waitForRequest(WEB_VITALS_CHUNK);
      await page.goto('/');
      await expectVisible(heading(page, 'Find your people. Build together.'));
      await chunk;
      await page.waitForFunction(() =>
        ['FCP', 'TTFB'].every((name) => performance.getEntriesByName(`devtribe:vital:${name}`).length > 0),
      );
      const timings = await page.evaluate(
        ({ mark, pattern }) => {
          const rendered = performance.getEntriesByName(mark)[0]?.startTime ?? null;
          const vitals = performance
            .getEntriesByType('resource')
            .find((entry) => new RegExp(pattern).test(new URL(entry.name).pathname));
          const fcp = performance.getEntriesByName('devtribe:vital:FCP')[0];
          return { rendered, vitalsStart: vitals?.startTime ?? null, fcp: fcp?.detail ?? null };
        },
        { mark: FIRST_ROUTE_MARK, pattern: WEB_VITALS_CHUNK.source },
      );
      assert.ok(timings.rendered !== null, 'the first route rendered');
      assert.ok(timings.vitalsStart !== null, 'the web-vitals chunk was fetched');
      assert.ok(
        timings.vitalsStart >= timings.rendered,
        `web-vitals requested at ${timings.vitalsStart} ms, before the first route rendered at ${timings.rendered} ms`,
      );
      assert.equal(typeof timings.fcp?.value, 'number');
      assert.ok(timings.fcp.value > 0, 'FCP is a time');
    },
    { contextOptions: { serviceWorkers: 'block' } },
  ),
);
