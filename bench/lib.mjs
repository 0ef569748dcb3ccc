// Small helpers shared by the bench sections.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function fileSizes(filePath) {
  const content = await readFile(filePath);
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints rows (arrays of cells) as an aligned text table; numbers-looking cells align right. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => (/^[\d.,]+( \w+)?$/.test(cell) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(line(all[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  all.slice(1).forEach((row) => console.log(line(row)));
}

/** Set by src/app/firstRoute.ts once the app has rendered its first route (taken over the static page). */
export const FIRST_ROUTE_MARK = 'devtribe:first-route-rendered';

/** The JavaScript a first visit may download, until the network is idle: the budget. */
export const FIRST_VISIT_JS_BUDGET_BYTES = 105 * 1024;

/**
 * A first visit to `url` in a fresh context (no service worker: its precache would fetch every
 * chunk, which no page needs): the JS and CSS requested before the app rendered its first route
 * (`beforeApp`) and after it until the network is idle (`afterApp`), the first contentful paint
 * and the moment the app took over, in ms from navigation start.
 */
export async function firstVisit(browser, url, { timeoutMs = 60_000 } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(url, { timeout: timeoutMs });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_ROUTE_MARK, { timeout: timeoutMs });
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    return await page.evaluate((mark) => {
      const appAt = performance.getEntriesByName(mark)[0].startTime;
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }))
        .filter((file) => /\.(js|css)$/.test(file.path));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      return {
        beforeApp: files.filter((file) => file.startTime < appAt).map((file) => file.path),
        afterApp: files.filter((file) => file.startTime >= appAt).map((file) => file.path),
        fcp,
        appAt,
      };
    }, FIRST_ROUTE_MARK);
  } finally {
    await context.close();
  }
}
