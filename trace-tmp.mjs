// One traced empty-cache (or returning) load of a signed-in page: resource arrivals and main-thread work.
import { chromium } from 'playwright-core';
import { startServer } from './scripts/serve.mjs';
import { CHROMIUM_ARGS } from './bench/lib.mjs';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import fs from 'node:fs';
const dir = process.argv[2] || '/tmp/dist-a';
const target = process.argv[3] || '/dashboard';
const returning = process.argv[4] === 'returning';
const sel = target === '/dashboard' ? '.dashboard__panel li' : '.people-grid > li';
const server = await startServer({ dir, http2: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] });
const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
const context = await browser.newContext({ baseURL: server.url, serviceWorkers: returning ? 'allow' : 'block', viewport: { width, height }, deviceScaleFactor, isMobile: true, hasTouch: true, userAgent: userAgents.mobile });
const page = await context.newPage();
await page.goto('/login');
await page.waitForFunction(() => document.querySelector('input[name="email"]')?.disabled === false);
await page.getByLabel('Email').fill('ada@demo.devtribe.dev');
await page.getByLabel('Password', { exact: true }).fill('devtribe-demo');
await page.getByRole('button', { name: 'Log in', exact: true }).click();
await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
if (returning) await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
await page.goto('about:blank');
await context.addInitScript((s) => {
  window.__b = { at: null };
  const o = new MutationObserver(() => { if (window.__b.at === null && document.querySelector(s)) { window.__b.at = performance.now(); o.disconnect(); } });
  const st = () => o.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) st(); else document.addEventListener('DOMContentLoaded', st);
}, sel);
const t = throttling.mobileSlow4G;
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.clearBrowserCache');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: t.requestLatencyMs, downloadThroughput: t.downloadThroughputKbps * 128, uploadThroughput: t.uploadThroughputKbps * 128 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
await page.goto(target, { waitUntil: 'commit' });
await page.waitForFunction(() => window.__b?.at != null, null, { timeout: 60000, polling: 200 });
await page.waitForTimeout(1500);
const info = await page.evaluate(() => ({ at: window.__b.at, nav: performance.timeOrigin, res: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, Math.round(e.startTime), Math.round(e.responseStart), Math.round(e.responseEnd), e.transferSize]), marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]) }));
const buf = await browser.stopTracing();
fs.writeFileSync('/tmp/tr/trace.json', buf);
console.log('first panel DOM at', Math.round(info.at));
for (const r of info.res) console.log('res', r.join(' '));
for (const m of info.marks) console.log('mark', m.join(' '));
// main thread top-level tasks
const tr = JSON.parse(buf.toString());
const ev = tr.traceEvents || tr;
const navStart = ev.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('https'));
const t0 = navStart ? navStart.ts : 0;
const rendererMain = ev.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
const pidtid = navStart ? `${navStart.pid}:${navStart.tid}` : rendererMain[0];
const tasks = ev.filter((e) => `${e.pid}:${e.tid}` === pidtid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 8000);
for (const task of tasks) {
  const inside = ev.filter((e) => `${e.pid}:${e.tid}` === pidtid && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + task.dur && ['EvaluateScript', 'v8.compile', 'FunctionCall', 'ParseHTML', 'v8.evaluateModule', 'TimerFire', 'EventDispatch', 'v8.run', 'Layout', 'UpdateLayoutTree', 'Paint', 'FireAnimationFrame', 'RunMicrotasks', 'v8.compileModule', 'V8.CompileCode'].includes(e.name));
  const desc = inside.slice(0, 6).map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').pop() + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''}:${Math.round(e.dur / 1000)}`).join(' ');
  console.log(`task @${Math.round((task.ts - t0) / 1000)} ${Math.round(task.dur / 1000)}ms  ${desc}`);
}
await browser.close(); await server.close();
