// Signed-in pages, cold: a demo user (signed in, the session in IndexedDB) opens /dashboard and
// /explore in a new tab whose renderer has done nothing yet, in Chromium throttled like
// Lighthouse's mobile preset (its devtools throttling figures: 562.5 ms request latency, 1.44
// Mbit/s down, 675 kbit/s up, CPU 4x slower; the Moto G Power screen), served over HTTPS with
// HTTP/2 as Firebase Hosting serves it (over HTTP/1.1 Chromium holds all but six requests per host
// until a connection is free, and each held one then waits the emulated latency again: half a
// second more than users get), three ways:
// - returning: the service worker this user's earlier visit installed answers the HTML and the
//   JavaScript from its precache; the HTTP cache and the page's memory are empty. To be signed
//   in at all, a person has visited before, so this is what a signed-in cold start is. Budgets:
//   the first panel within 1.0 s, and no task over 50 ms. Twice: in a new tab of a browser that
//   has just shown the dashboard in another, and with the browser itself started anew on that
//   profile (the installed app
//   opened with no browser running: the browser's caches cold too, fonts included);
// - empty cache: no service worker and an empty HTTP cache, every file over the throttled network
//   (someone who cleared their cache but not their site data). Its floor is the network's: the HTML
//   and then the scripts each wait the request latency, and the scripts' bytes take their time at
//   1.44 Mbit/s; the bench prints that floor, and the budget is that floor plus 0.4 s.
// Each visit is measured with nothing of Playwright in the page (bench/rawBrowser.mjs: Chromium
// over the DevTools protocol alone, on the profile a Playwright sign-in left): Playwright's own
// set-up of each new document ran inside the navigation's commit task and made even a blank
// page's commit a long task.
// Figures per page, median of runs (--runs=N, default 3):
// - first panel with data painted: navigation start to the frame after the first panel shows
//   rows of data (a dashboard panel's list, an explore card);
// - longest task (Long Tasks API) from navigation start until 1 s after that frame; beside it,
//   the task that commits the navigation (unloading the previous page, creating the new document,
//   parsing the HTML's first bytes), with the same task of a blank page visited the same way (its
//   own profile and origin, answered by its service worker when returning) for scale, and the
//   longest of the others: a miss the browser's own commit forces says so.
// A benchmark: it prints figures against the budgets and never fails on a miss.
/* global window, document, requestAnimationFrame, MutationObserver -- instrumentPage and readFigures run in the page */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';
import { evaluate, launchRawChromium } from '../rawBrowser.mjs';
import { CHROMIUM_ARGS, median, ms, printTable } from '../lib.mjs';

export const title = 'Signed-in pages, cold load, Lighthouse mobile throttling (Chromium)';

const DEFAULT_RUNS = 3;
const TIMEOUT_MS = 90_000;
/** A seeded demo developer of the embedded backend (src/backend/local/demoCommunity.ts), with friends, requests and tribes. */
const DEMO_USER = { email: 'ada@demo.devtribe.dev', password: 'devtribe-demo' };
/** Returning visitor: the first panel and every task of the page's own. */
const BUDGETS = { firstPanel: 1000, longestTask: 50 };
/** Empty cache: the first panel within the network's floor plus this. */
const EMPTY_CACHE_MARGIN_MS = 400;
const SETTLE_MS = 1000;

const PAGES = [
  // Any dashboard panel whose list has a row: friends, requests, tribes, projects, recommendations.
  { path: '/dashboard', heading: 'Dashboard', dataSelector: '.dashboard__panel li' },
  { path: '/explore', heading: 'Explore People', dataSelector: '.people-grid > li' },
];

/** Runs in the page before the app: long tasks, and the frame after the first data row appears. */
function instrumentPage(dataSelector) {
  // This script runs as the new document's window is created, inside the navigation's commit task.
  const bench = { longTasks: [], dataDomAt: null, dataFrameAt: null, commitAt: performance.now(), errors: [] };
  window.__bench = bench;
  window.addEventListener('error', (event) => bench.errors.push(event.message));
  window.addEventListener('unhandledrejection', (event) =>
    bench.errors.push(String(event.reason?.message ?? event.reason)),
  );
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the figure stays empty
  }
  const check = () => {
    if (bench.dataDomAt !== null || !document.querySelector(dataSelector)) return;
    bench.dataDomAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (bench.dataFrameAt = performance.now()), 0));
  };
  const observer = new MutationObserver(check);
  // The document itself: its element does not exist yet, and the parser's insertions count too.
  observer.observe(document, { childList: true, subtree: true });
  check();
}

/** Runs in the page once it has settled: the figures from instrumentPage's records and the resources. */
function readFigures(settleMs) {
  const { longTasks, dataFrameAt, dataDomAt, commitAt } = window.__bench;
  const isCommitTask = (task, at) => task.start <= at && at <= task.start + task.duration;
  const until = dataFrameAt + settleMs;
  const navigation = performance.getEntriesByType('navigation')[0];
  const transfers = [
    navigation,
    ...performance.getEntriesByType('resource').filter((entry) => entry.startTime < dataFrameAt),
  ].map((entry) => ({
    type: entry.entryType,
    path: new URL(entry.name).pathname,
    bytes: entry.transferSize,
    protocol: entry.nextHopProtocol,
  }));
  const tasks = longTasks.filter((task) => task.start < until);
  const longest = (list) => list.reduce((max, task) => Math.max(max, task.duration), 0);
  return {
    firstPanel: dataFrameAt,
    firstPanelDom: dataDomAt,
    longestTask: longest(tasks),
    // 0 when the commit took under 50 ms (no long task).
    commitTask: longest(tasks.filter((task) => isCommitTask(task, commitAt))),
    otherTask: longest(tasks.filter((task) => !isCommitTask(task, commitAt))),
    transfers,
    pageErrors: window.__bench.errors,
  };
}

/** Until this origin's service worker is active: its install precached every file, and it controls the next navigation. */
async function waitForServiceWorker(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/**
 * The throttled network's own floor for a load: the HTML, then every script and stylesheet, each
 * waiting the request latency once (in parallel) and sharing the download rate.
 */
function networkFloor(transfers) {
  const { requestLatencyMs, downloadThroughputKbps } = throttling.mobileSlow4G;
  const bytesPerMs = (downloadThroughputKbps * 1024) / 8 / 1000;
  const html = transfers.find((entry) => entry.type === 'navigation');
  const files = transfers.filter((entry) => entry.type !== 'navigation' && /\.(js|css)$/.test(entry.path));
  const fileBytes = files.reduce((sum, entry) => sum + entry.bytes, 0);
  return { ms: 2 * requestLatencyMs + ((html?.bytes ?? 0) + fileBytes) / bytesPerMs, fileBytes };
}

/** A phone's context options, as Lighthouse's mobile preset emulates it. */
function mobileOptions(options) {
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  return {
    ...options,
    viewport: { width, height },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  };
}

/**
 * A blank page (a title and a paragraph) on an origin of its own, with a service worker that
 * precaches it and answers it cache-first, as the app's answers its HTML.
 */
const BLANK_SITE = {
  'index.html':
    "<!doctype html><title>Install</title><p>Install</p><script>navigator.serviceWorker.register('/sw.js')</script>",
  'blank.html': '<!doctype html><title>Blank</title><p>Blank</p>',
  'sw.js': `self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open('blank').then((cache) => cache.addAll(['/blank.html'])));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) =>
  event.respondWith(caches.match(event.request).then((hit) => hit || fetch(event.request))),
);`,
};

/** Serves BLANK_SITE over HTTP/2 from a temporary directory until `close`. */
export async function startBlankSite() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'devtribe-blank-'));
  await Promise.all(Object.entries(BLANK_SITE).map(([name, text]) => writeFile(path.join(dir, name), text)));
  const server = await startServer({ dir, http2: true });
  return {
    url: server.url,
    close: () => server.close().finally(() => rm(dir, { recursive: true, force: true })),
  };
}

/**
 * The navigation's commit task of the blank page, visited as `scenario` visits the app (the same
 * profile on disk, service worker, new tab or browser started anew, throttling): what the browser
 * itself spends there on this host, beside the pages' own.
 */
export async function measureBlankCommit(url, chromiumPath, scenario) {
  const install = async (first) => {
    await first.goto('/');
    if (scenario.returning) await waitForServiceWorker(first);
  };
  // Its paragraph stands for the app's data: the same instrumentation, the same settling.
  const { commitTask } = await rawVisit(url, chromiumPath, scenario, install, (tab) =>
    visitInstrumented(tab, `${url}/blank.html`, 'p'),
  );
  return commitTask;
}

/** Signs the demo user in, unthrottled (which also seeds the demo community); `returning`, until the service worker is active. */
const signIn =
  ({ returning }) =>
  async (page) => {
    await page.goto('/login');
    await page.waitForFunction(() => document.querySelector('input[name="email"]')?.disabled === false);
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    if (returning) await waitForServiceWorker(page);
  };

/** The checks a visit's figures must pass to mean what they say, as errors; the network's floor. */
function checkFigures(figures, returning) {
  const errors = figures.pageErrors.map((message) => `the page threw: ${message}`);
  // The returning figure is only what it says if the worker answered the page and its scripts.
  if (
    returning &&
    figures.transfers.some((entry) => entry.bytes > 0 && /\.(js|css|html)$|^\/[a-z-]*$/.test(entry.path))
  ) {
    const fetched = figures.transfers.filter((entry) => entry.bytes > 0).map((entry) => entry.path);
    errors.push(`returning visit fetched from the network: ${fetched.join(', ')}`);
  }
  // The figure is only what it says if the files came over HTTP/2, as from hosting.
  const notH2 = figures.transfers
    .filter((entry) => entry.bytes > 0 && entry.protocol !== 'h2')
    .map((entry) => `${entry.path} (${entry.protocol})`);
  if (notH2.length) errors.push(`not served over HTTP/2: ${notH2.join(', ')}`);
  return { ...figures, floor: networkFloor(figures.transfers), errors };
}

/** Until `check` (run in the page) returns true, asking every 200 ms. */
async function untilInPage(tab, check, what) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await evaluate(tab, check))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Refuses the app's service worker registration, as Playwright's `serviceWorkers: 'block'` does. */
const NO_SERVICE_WORKER = `if (navigator.serviceWorker) navigator.serviceWorker.register = () =>
  Promise.reject(new DOMException('The bench keeps service workers out of empty-cache visits.', 'SecurityError'));`;

/**
 * A visit with nothing of Playwright in the measured browser: `prepare` (the sign-in, and when
 * `returning` the service worker's install) runs in a Playwright browser on a profile of its own,
 * which is closed; Chromium is started on that profile over the DevTools protocol alone, and `measure`
 * gets a tab whose renderer has done nothing yet, phone-sized and throttled. `restart`: its first
 * tab; else a new tab, once another has shown `warmPath` (the page the sign-in ended on, as in
 * the browser that signed in).
 */
async function rawVisit(url, chromiumPath, { returning, restart = false }, prepare, measure, warmPath = '/') {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'devtribe-bench-'));
  let browser = null;
  try {
    const context = await chromium.launchPersistentContext(profile, {
      ...mobileOptions({ baseURL: url, serviceWorkers: returning ? 'allow' : 'block' }),
      executablePath: chromiumPath,
      headless: true,
      args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    });
    try {
      context.setDefaultTimeout(TIMEOUT_MS);
      await prepare(context.pages()[0] ?? (await context.newPage()));
    } finally {
      await context.close();
    }
    browser = await launchRawChromium({
      chromiumPath,
      profile,
      args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    });
    // With an empty cache, no service worker: the app would register one meanwhile.
    const noServiceWorker = (tab) =>
      returning ? undefined : tab.send('Page.addScriptToEvaluateOnNewDocument', { source: NO_SERVICE_WORKER });
    let tab = await browser.firstTab();
    if (!restart) {
      const warm = tab;
      await warm.send('Page.enable');
      await noServiceWorker(warm);
      await warm.send('Page.navigate', { url: `${url}${warmPath}` });
      await untilInPage(warm, () => document.readyState === 'complete', 'the first tab to load');
      tab = await browser.newTab();
      await browser.send('Target.closeTarget', { targetId: warm.targetId });
    }
    const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
    const { requestLatencyMs, downloadThroughputKbps, uploadThroughputKbps, cpuSlowdownMultiplier } =
      throttling.mobileSlow4G;
    await tab.send('Page.enable');
    await noServiceWorker(tab);
    // In front and focused, as a tab someone opens is (and as Playwright's pages are).
    await tab.send('Page.bringToFront');
    await tab.send('Network.enable');
    await tab.send('Network.clearBrowserCache');
    await tab.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: requestLatencyMs,
      downloadThroughput: (downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (uploadThroughputKbps * 1024) / 8,
    });
    await tab.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdownMultiplier });
    await tab.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile: true });
    await tab.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    await tab.send('Emulation.setUserAgentOverride', { userAgent: userAgents.mobile });
    return await measure(tab);
  } finally {
    await browser?.close().catch((error) => console.warn(`  could not close the browser: ${error.message}`));
    await rm(profile, { recursive: true, force: true });
  }
}

/** `fn(arg)` as the source of a script to add to every new document. */
const scriptOf = (fn, arg) => `(${fn})(${JSON.stringify(arg)})`;

/**
 * One cold load of `target` by the signed-in demo user, with nothing of Playwright in the page:
 * `returning` with the service worker's precache, else with an empty cache and no service worker.
 */
export async function measureOnce(url, chromiumPath, target, scenario) {
  const measure = async (tab) =>
    checkFigures(await visitInstrumented(tab, `${url}${target.path}`, target.dataSelector), scenario.returning);
  return rawVisit(url, chromiumPath, scenario, signIn(scenario), measure, '/dashboard');
}

/** Opens `url` in `tab` under instrumentPage, waits for `dataSelector`'s frame and the settling time: readFigures. */
async function visitInstrumented(tab, url, dataSelector) {
  await tab.send('Page.addScriptToEvaluateOnNewDocument', { source: scriptOf(instrumentPage, dataSelector) });
  await tab.send('Page.navigate', { url });
  await untilInPage(tab, () => window.__bench?.dataFrameAt != null, `${dataSelector} in ${url}`);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * throttling.mobileSlow4G.cpuSlowdownMultiplier));
  return evaluate(tab, readFigures, SETTLE_MS);
}

const SCENARIOS = [
  { returning: true, label: 'returning (service worker)' },
  { returning: true, restart: true, label: 'returning, browser started anew' },
  { returning: false, label: 'empty cache' },
];

export async function run(ctx) {
  const runs = Number(ctx.options.runs || DEFAULT_RUNS);
  // Its own server: HTTP/2 needs TLS, with a certificate made for this run that this browser accepts.
  const server = await startServer({ dir: ctx.distDir, http2: true });
  const rows = [];
  const summary = {};
  const notes = [];
  const errors = new Set();
  const [loadAtStart] = os.loadavg();
  const blankSite = await startBlankSite();
  try {
    for (const scenario of SCENARIOS) {
      const blank = [];
      for (let i = 1; i <= runs; i += 1) {
        process.stdout.write(`  ${scenario.label} blank page run ${i}/${runs}\r`);
        blank.push(await measureBlankCommit(blankSite.url, ctx.chromiumPath, scenario));
      }
      const blankCommit = median(blank);
      for (const target of PAGES) {
        const results = [];
        for (let i = 1; i <= runs; i += 1) {
          process.stdout.write(`  ${scenario.label} ${target.path} run ${i}/${runs}\r`);
          const result = await measureOnce(server.url, ctx.chromiumPath, target, scenario);
          result.errors.forEach((error) => errors.add(error));
          results.push(result);
        }
        const med = (key) => median(results.map((result) => result[key]));
        const firstPanel = med('firstPanel');
        const longestTask = med('longestTask');
        const name = `${target.path}, ${scenario.label}`;
        const floor = median(results.map((result) => result.floor.ms));
        // Returning: a budget of its own. Empty cache: the network's floor, which no script gets under, plus a margin.
        const panelBudget = scenario.returning ? BUDGETS.firstPanel : floor + EMPTY_CACHE_MARGIN_MS;
        summary[name] = {
          firstPanel,
          panelBudget,
          longestTask,
          commitTask: med('commitTask'),
          blankCommitTask: blankCommit,
          otherTask: med('otherTask'),
        };
        rows.push([
          `${name}: first panel with data painted`,
          ms(firstPanel),
          ms(panelBudget),
          firstPanel <= panelBudget ? 'PASS' : 'MISS',
          scenario.returning ? '' : `network floor ${ms(floor)} + ${ms(EMPTY_CACHE_MARGIN_MS)}`,
        ]);
        rows.push([`${name}:   (its rows in the DOM)`, ms(med('firstPanelDom')), '', '', '']);
        const tasks = `the navigation's commit ${ms(med('commitTask'))} (a blank page's ${ms(blankCommit)}), the others ${ms(med('otherTask'))}`;
        rows.push(
          scenario.returning
            ? [
                `${name}: longest task`,
                ms(longestTask),
                ms(BUDGETS.longestTask),
                longestTask <= BUDGETS.longestTask ? 'PASS' : 'MISS',
                tasks,
              ]
            : [`${name}: longest task`, ms(longestTask), '', '', `no budget decided; ${tasks}`],
        );
        if (!scenario.returning) {
          const bytes = median(results.map((result) => result.floor.fileBytes));
          notes.push(
            `${target.path}, empty cache: the HTML and ${(bytes / 1024).toFixed(1)} KiB of scripts and styles before the panel: ` +
              `2 x ${throttling.mobileSlow4G.requestLatencyMs} ms latency + the bytes at ${(throttling.mobileSlow4G.downloadThroughputKbps / 1024).toFixed(2)} Mbit/s = ${ms(floor)} before any script runs.`,
          );
        }
      }
    }
    process.stdout.write(`${' '.repeat(60)}\r`);
  } finally {
    await Promise.all([server.close(), blankSite.close()]);
  }
  const [loadAtEnd] = os.loadavg();
  console.log(
    `Signed in as ${DEMO_USER.email}, median of ${runs} runs (host: ${os.cpus().length} CPUs, ` +
      `load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end).\n`,
  );
  printTable(['figure', 'median', 'budget', '', ''], rows);
  console.log(
    `\nLong tasks are those over 50 ms (0: none). The navigation's commit task is mostly the browser's: it unloads the previous page, creates the document and parses the HTML's first bytes; a blank page's (a title and a paragraph, on an origin whose service worker answers it from its cache) is measured visited the same way, on a profile of its own, under the same throttling on this host. Every visit runs with nothing of Playwright in the page.`,
  );
  console.log(notes.join('\n'));
  if (errors.size) console.log(`\nThe page reported errors:\n  ${[...errors].join('\n  ')}`);
  console.log('');
  return summary;
}
