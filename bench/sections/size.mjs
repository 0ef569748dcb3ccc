// Bundle size: all the JavaScript a first visit to / and /login downloads until the network is
// idle (measured in Chromium, not guessed from the HTML) against the budget, split into what
// loads before the app takes over the prerendered page and what loads after; then every chunk
// loaded later.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { chromium } from 'playwright-core';

import {
  CHROMIUM_ARGS,
  FIRST_VISIT_JS_BUDGET_BYTES,
  explainFirstVisitJs,
  fileSizes,
  firstVisit,
  kib,
  printTable,
} from '../lib.mjs';

export const title = 'Bundle size (gzip -9)';

const PAGES = ['/', '/login'];

const sumGzip = (rows, ext) => rows.filter((row) => row.urlPath.endsWith(ext)).reduce((sum, row) => sum + row.gzip, 0);

export async function run(ctx) {
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  const summary = {};
  const seen = new Set();
  try {
    for (const pagePath of PAGES) {
      const visit = await firstVisit(browser, `${ctx.url}${pagePath}`);
      const rows = [];
      for (const [part, files] of [
        ['before the app', visit.beforeApp],
        ['after, until idle', visit.afterApp],
      ]) {
        for (const urlPath of files) {
          seen.add(urlPath);
          rows.push({ urlPath, part, ...(await fileSizes(path.join(ctx.distDir, urlPath))) });
        }
      }
      const js = sumGzip(rows, '.js');
      const css = sumGzip(rows, '.css');
      const beforeApp = sumGzip(
        rows.filter((row) => row.part === 'before the app'),
        '.js',
      );
      console.log(`First visit to ${pagePath}: JavaScript and CSS until the network is idle`);
      printTable(
        ['file', 'loaded', 'raw', 'gzip'],
        rows.map((row) => [row.urlPath, row.part, kib(row.raw), kib(row.gzip)]),
      );
      const verdict = js <= FIRST_VISIT_JS_BUDGET_BYTES ? 'PASS' : 'MISS';
      console.log(
        `${pagePath}: JavaScript until idle ${kib(js)} gzip (${kib(beforeApp)} before the app took over), budget ${kib(FIRST_VISIT_JS_BUDGET_BYTES)}: ${verdict}`,
      );
      if (verdict === 'MISS') {
        for (const line of await explainFirstVisitJs(
          ctx.distDir,
          rows.map((row) => row.urlPath),
          FIRST_VISIT_JS_BUDGET_BYTES,
        ))
          console.log(line);
      }
      console.log(`${pagePath}: CSS ${kib(css)} gzip\n`);
      summary[pagePath] = { js, beforeApp, css, verdict };
    }
  } finally {
    await browser.close();
  }

  const assetsDir = path.join(ctx.distDir, 'assets');
  const lazyRows = [];
  for (const name of await readdir(assetsDir)) {
    const urlPath = `/assets/${name}`;
    if (!name.endsWith('.js') || seen.has(urlPath)) continue;
    lazyRows.push({ urlPath, ...(await fileSizes(path.join(assetsDir, name))) });
  }
  lazyRows.sort((a, b) => b.gzip - a.gzip);
  console.log(`Lazy chunks (not loaded by a first visit to ${PAGES.join(' or ')}):`);
  printTable(
    ['chunk', 'raw', 'gzip'],
    lazyRows.map((row) => [row.urlPath, kib(row.raw), kib(row.gzip)]),
  );
  return summary;
}
