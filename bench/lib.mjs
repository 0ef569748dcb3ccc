// Small helpers shared by the bench sections.
/* global window -- firstVisit's wait runs in the page */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

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

/** Milliseconds as the tables print them. */
export const ms = (value) => `${Math.round(value)} ms`;

/**
 * `runs` measurements (`measure(browser, run)`, run counting from 1) in one headless Chromium,
 * with a progress line; the browser is closed after them, whatever happens.
 */
export async function measureRuns(ctx, runs, measure) {
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (let i = 1; i <= runs; i += 1) {
      process.stdout.write(`  run ${i}/${runs}\r`);
      results.push(await measure(browser, i));
    }
    process.stdout.write(`${' '.repeat(20)}\r`);
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * Prints figures (`[name, median ms, budget ms or null]`) against their budgets, PASS or MISS, then
 * the errors the page reported in any run (`results[].errors`); returns the figures by name.
 */
export function printFigures(figures, results) {
  printTable(
    ['figure', 'median', 'budget', ''],
    figures.map(([name, value, budget]) => [
      name,
      ms(value),
      budget === null ? '' : ms(budget),
      budget === null ? '' : value <= budget ? 'PASS' : 'MISS',
    ]),
  );
  const errors = [...new Set(results.flatMap((result) => result.errors))];
  if (errors.length) console.log(`\nThe page reported errors:\n  ${errors.join('\n  ')}`);
  console.log('');
  return Object.fromEntries(figures.map(([name, value]) => [name.trim(), value]));
}

/** Prints rows (arrays of cells) as an aligned text table; numbers-looking cells align right. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        /^[\d.,]+( \w+)?$/.test(cell) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
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
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_ROUTE_MARK, {
      timeout: timeoutMs,
    });
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    // Playwright's networkidle may have fired before the app took over (a quiet gap while the
    // backend started on a busy machine): also wait for a second with no new request after it.
    await page.waitForFunction(
      () => {
        const count = performance.getEntriesByType('resource').length;
        const state = (window.__devtribeQuiet ??= { count, since: performance.now() });
        if (state.count !== count) Object.assign(state, { count, since: performance.now() });
        return performance.now() - state.since >= 1000;
      },
      null,
      { timeout: timeoutMs, polling: 100 },
    );
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

/**
 * How much of a bundle is third-party libraries: its source map splits the minified text into
 * what came from node_modules and the rest (the app's code and webpack's runtime), each gzipped
 * on its own (so the two add up to a little more than the file). Also the five biggest packages.
 */
export async function libraryShare(filePath) {
  const { SourceMapConsumer } = (await import('source-map')).default;
  const code = await readFile(filePath, 'utf8');
  const consumer = new SourceMapConsumer(JSON.parse(await readFile(`${filePath}.map`, 'utf8')));
  const lines = code.split('\n');
  const parts = new Map();
  let last = null;
  const add = (source, text) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source ?? '')?.[1] ?? null;
    const key = pkg ?? '(app)';
    parts.set(key, (parts.get(key) ?? '') + text);
  };
  consumer.eachMapping((mapping) => {
    if (last) {
      const line = lines[last.generatedLine - 1];
      add(
        last.source,
        line.slice(
          last.generatedColumn,
          mapping.generatedLine === last.generatedLine ? mapping.generatedColumn : line.length,
        ),
      );
    }
    last = mapping;
  });
  if (last) add(last.source, lines[last.generatedLine - 1].slice(last.generatedColumn));
  const gzip = (text) => gzipSync(text, { level: 9 }).length;
  const libraryText = [...parts]
    .filter(([key]) => key !== '(app)')
    .map(([, text]) => text)
    .join('');
  const packages = [...parts]
    .filter(([key]) => key !== '(app)')
    .map(([name, text]) => ({ name, gzip: gzip(text) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { libraries: gzip(libraryText), app: gzip(parts.get('(app)') ?? ''), packages };
}

/**
 * Why a first visit's JavaScript is over the budget, in figures: the third-party libraries in
 * those files (each file split by its source map; gzipped apart from the app's code) against
 * what the app's own code and webpack's runtime add.
 */
export async function explainFirstVisitJs(distDir, urlPaths, budget) {
  const packages = new Map();
  let libraries = 0;
  let app = 0;
  for (const urlPath of urlPaths.filter((file) => file.endsWith('.js'))) {
    const share = await libraryShare(`${distDir}${urlPath}`);
    libraries += share.libraries;
    app += share.app;
    for (const { name, gzip } of share.packages) packages.set(name, (packages.get(name) ?? 0) + gzip);
  }
  const biggest = [...packages]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, gzip]) => `${name} ${kib(gzip)}`);
  return [
    `  of it, third-party libraries ${kib(libraries)} (${biggest.join(', ')}, ...) and the app's own code with webpack's runtime ${kib(app)} (each gzipped on its own).`,
    libraries >= budget
      ? `  The libraries alone are over the ${kib(budget)} budget: it cannot be met without dropping one of them.`
      : `  The libraries leave ${kib(budget - libraries)} of the ${kib(budget)} budget for the app's own code, which has ${kib(app)}.`,
  ];
}
