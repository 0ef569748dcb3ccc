// Bundle size: what the first route needs (measured in Chromium, not guessed from the HTML)
// against the budget, then every chunk loaded later.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, fileSizes, kib, printTable } from '../lib.mjs';

export const title = 'Bundle size (gzip -9)';

const FIRST_ROUTE_BUDGET_BYTES = 120 * 1024;
const IDLE_TIMEOUT_MS = 60_000;

/** Paths of the JS and CSS files the page requests while loading `/` until the network is idle. */
async function firstRouteRequests(ctx) {
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    // No service worker: its precache would fetch every chunk, which the first route does not need.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const requested = new Set();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) requested.add(pathname);
    });
    await page.goto(`${ctx.url}/`, { waitUntil: 'networkidle', timeout: IDLE_TIMEOUT_MS });
    // The app renders only after the first auth check: wait for the page itself, then idle again.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: IDLE_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS });
    return [...requested];
  } finally {
    await browser.close();
  }
}

export async function run(ctx) {
  const firstRoute = new Set(await firstRouteRequests(ctx));
  const firstRows = [];
  let total = 0;
  for (const urlPath of firstRoute) {
    const sizes = await fileSizes(path.join(ctx.distDir, urlPath));
    total += sizes.gzip;
    firstRows.push({ urlPath, ...sizes });
  }
  firstRows.sort((a, b) => b.gzip - a.gzip);

  console.log('JavaScript and CSS requested by / until the network is idle:');
  printTable(['file', 'raw', 'gzip'], firstRows.map((row) => [row.urlPath, kib(row.raw), kib(row.gzip)]));
  const verdict = total <= FIRST_ROUTE_BUDGET_BYTES ? 'PASS' : 'MISS';
  console.log(`First route total: ${kib(total)} gzip, budget ${kib(FIRST_ROUTE_BUDGET_BYTES)}: ${verdict}\n`);

  const assetsDir = path.join(ctx.distDir, 'assets');
  const lazyRows = [];
  for (const name of await readdir(assetsDir)) {
    const urlPath = `/assets/${name}`;
    if (!name.endsWith('.js') || firstRoute.has(urlPath)) continue;
    lazyRows.push({ urlPath, ...(await fileSizes(path.join(assetsDir, name))) });
  }
  lazyRows.sort((a, b) => b.gzip - a.gzip);
  console.log('Lazy chunks (not needed by /):');
  printTable(['chunk', 'raw', 'gzip'], lazyRows.map((row) => [row.urlPath, kib(row.raw), kib(row.gzip)]));
  return { firstRouteGzip: total, budget: FIRST_ROUTE_BUDGET_BYTES, verdict };
}
