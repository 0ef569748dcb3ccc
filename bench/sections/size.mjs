// Bundle size: what the first route needs (measured in Chromium, not guessed from the HTML)
// against the budget, then every chunk loaded later.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, fileSizes, kib, printTable } from '../lib.mjs';

export const title = 'Bundle size (gzip -9)';

const FIRST_ROUTE_BUDGET_BYTES = 120 * 1024;
const IDLE_TIMEOUT_MS = 60_000;
/** Set by src/app/firstRoute.ts. */
const FIRST_ROUTE_MARK = 'devtribe:first-route-rendered';

/**
 * Paths of the JS and CSS files `/` requests before its first route has rendered (what it needs),
 * and those it requests after that until the network is idle (deferred work: the service
 * worker's client, monitoring).
 */
async function firstRouteRequests(ctx) {
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    // No service worker: its precache would fetch every chunk, which the first route does not need.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${ctx.url}/`, { timeout: IDLE_TIMEOUT_MS });
    // The app marks the moment its first route has rendered (src/app/firstRoute.ts); resource
    // timing says which files were requested before it.
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_ROUTE_MARK, {
      timeout: IDLE_TIMEOUT_MS,
    });
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS });
    return await page.evaluate((mark) => {
      const renderedAt = performance.getEntriesByName(mark)[0].startTime;
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }))
        .filter((file) => /\.(js|css)$/.test(file.path));
      return {
        needed: files.filter((file) => file.startTime < renderedAt).map((file) => file.path),
        deferred: files.filter((file) => file.startTime >= renderedAt).map((file) => file.path),
      };
    }, FIRST_ROUTE_MARK);
  } finally {
    await browser.close();
  }
}

export async function run(ctx) {
  const { needed, deferred } = await firstRouteRequests(ctx);
  const firstRoute = new Set(needed);
  const firstRows = [];
  let total = 0;
  let css = 0;
  for (const urlPath of firstRoute) {
    const sizes = await fileSizes(path.join(ctx.distDir, urlPath));
    // The budget is for JavaScript (the figure); the stylesheet is printed beside it.
    if (urlPath.endsWith('.js')) total += sizes.gzip;
    else css += sizes.gzip;
    firstRows.push({ urlPath, ...sizes });
  }
  firstRows.sort((a, b) => b.gzip - a.gzip);

  console.log('JavaScript and CSS requested by / before its first route rendered:');
  printTable(['file', 'raw', 'gzip'], firstRows.map((row) => [row.urlPath, kib(row.raw), kib(row.gzip)]));
  const verdict = total <= FIRST_ROUTE_BUDGET_BYTES ? 'PASS' : 'MISS';
  console.log(`First route JavaScript: ${kib(total)} gzip, budget ${kib(FIRST_ROUTE_BUDGET_BYTES)}: ${verdict}`);
  console.log(`First route CSS: ${kib(css)} gzip\n`);

  const deferredRows = [];
  for (const urlPath of deferred) deferredRows.push({ urlPath, ...(await fileSizes(path.join(ctx.distDir, urlPath))) });
  console.log('Requested after the first render, until the network is idle (deferred, not counted):');
  printTable(['file', 'raw', 'gzip'], deferredRows.map((row) => [row.urlPath, kib(row.raw), kib(row.gzip)]));
  console.log('');

  const assetsDir = path.join(ctx.distDir, 'assets');
  const lazyRows = [];
  for (const name of await readdir(assetsDir)) {
    const urlPath = `/assets/${name}`;
    if (!name.endsWith('.js') || firstRoute.has(urlPath) || deferred.includes(urlPath)) continue;
    lazyRows.push({ urlPath, ...(await fileSizes(path.join(assetsDir, name))) });
  }
  lazyRows.sort((a, b) => b.gzip - a.gzip);
  console.log('Lazy chunks (not needed by /):');
  printTable(['chunk', 'raw', 'gzip'], lazyRows.map((row) => [row.urlPath, kib(row.raw), kib(row.gzip)]));
  return { firstRouteGzip: total, firstRouteCssGzip: css, budget: FIRST_ROUTE_BUDGET_BYTES, verdict };
}
