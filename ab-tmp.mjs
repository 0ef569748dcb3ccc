import { chromium } from 'playwright-core';
import { startServer } from './scripts/serve.mjs';
import { CHROMIUM_ARGS } from './bench/lib.mjs';
import { measureOnce } from './bench/sections/signedIn.mjs';
const [, , runsArg, returningArg, ...dirs] = process.argv;
const runs = Number(runsArg); const returning = returningArg === 'returning';
const servers = await Promise.all(dirs.map((dir) => startServer({ dir, http2: true })));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] });
const pages = [{ path: '/dashboard', dataSelector: '.dashboard__panel li' }, { path: '/explore', dataSelector: '.people-grid > li' }];
const out = {};
for (let i = 0; i < runs; i++) for (const target of pages) for (const [k, s] of servers.entries()) {
  const r = await measureOnce(s.url, browser, target, returning);
  const key = `${dirs[k]} ${target.path}`;
  (out[key] ??= []).push(`${Math.round(r.firstPanel)}/${Math.round(r.floor.ms)}/${Math.round(r.longestTask)}/${Math.round(r.otherTask)}`);
  if (r.errors.length) console.log(r.errors);
}
for (const [k, v] of Object.entries(out)) {
  const over = v.map((x) => { const [p, f] = x.split('/').map(Number); return p - f; }).sort((a, b) => a - b);
  console.log(k.padEnd(28), 'over floor median', over[Math.floor(over.length / 2)], ' runs panel/floor/longest/other:', v.join(' '));
}
await browser.close(); for (const s of servers) await s.close();
