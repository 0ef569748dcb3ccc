// Bundle size with each backend: builds the app twice (no Firebase config -> the local adapter;
// a dummy DEVTRIBE_FIREBASE_* config -> the Firebase adapter), each into its own out dir, loads
// `/` in Chromium, and prints what the first route requests, with and without the backend
// chunk group (the adapter plus the vendor chunks it pulls in), against the 120 KiB budget.
// Run alone: `npm run bench -- --only=firebase-size` (the shared dist-bench build is not used).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, fileSizes, kib, printTable } from '../lib.mjs';

export const title = 'First route and backend chunk, local vs Firebase adapter (gzip -9)';

const FIRST_ROUTE_BUDGET_BYTES = 120 * 1024;
const IDLE_TIMEOUT_MS = 60_000;
/** A syntactically valid configuration for a project that does not exist: nothing is contacted on `/`. */
const DUMMY_FIREBASE_ENV = {
  DEVTRIBE_FIREBASE_API_KEY: 'AIzaSyDummyDummyDummyDummyDummyDummy00',
  DEVTRIBE_FIREBASE_AUTH_DOMAIN: 'demo-devtribe.firebaseapp.com',
  DEVTRIBE_FIREBASE_PROJECT_ID: 'demo-devtribe',
  DEVTRIBE_FIREBASE_STORAGE_BUCKET: 'demo-devtribe.appspot.com',
  DEVTRIBE_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
  DEVTRIBE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
};
const VARIANTS = [
  { name: 'local', chunk: 'backend-local', env: Object.fromEntries(Object.keys(DUMMY_FIREBASE_ENV).map((key) => [key, ''])) },
  {
    name: 'firebase',
    chunk: 'backend-firebase',
    env: DUMMY_FIREBASE_ENV,
    laterGroups: ['backend-firestore', 'backend-firebase-storage', 'backend-firebase-functions'],
  },
];

function build(ctx, variant, outDir, statsFile) {
  const result = spawnSync('npx', ['webpack', '--mode', 'production', '--json', statsFile], {
    cwd: ctx.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...variant.env, DEVTRIBE_OUT_DIR: outDir },
  });
  if (result.status !== 0) {
    console.log(result.stdout, result.stderr);
    throw new Error(`The ${variant.name} build failed.`);
  }
}

/** Every JS file of a named chunk group (an async import's chunk and the shared chunks it needs). */
async function chunkGroupFiles(statsFile, name) {
  const stats = JSON.parse(await readFile(statsFile, 'utf8'));
  const group = stats.namedChunkGroups?.[name];
  if (!group) return [];
  return group.assets.map((asset) => (typeof asset === 'string' ? asset : asset.name)).filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
}

async function firstRouteRequests(ctx, url) {
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const requested = new Set();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) requested.add(pathname);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle', timeout: IDLE_TIMEOUT_MS });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: IDLE_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS });
    return [...requested];
  } finally {
    await browser.close();
  }
}

async function gzipTotal(distDir, urlPaths) {
  let total = 0;
  for (const urlPath of urlPaths) total += (await fileSizes(path.join(distDir, urlPath))).gzip;
  return total;
}

export async function run(ctx) {
  const rows = [];
  const results = {};
  for (const variant of VARIANTS) {
    const outDir = path.join(ctx.root, '.bench', `firebase-size-${variant.name}`);
    const statsFile = path.join(ctx.root, '.bench', `firebase-size-${variant.name}.stats.json`);
    if (ctx.options['no-build'] && existsSync(statsFile)) {
      console.log(`Reusing the ${variant.name} build in ${path.relative(ctx.root, outDir)}/ (--no-build).`);
    } else {
      console.log(`Building with the ${variant.name} adapter into ${path.relative(ctx.root, outDir)}/ ...`);
      build(ctx, variant, outDir, statsFile);
    }
    const backendFiles = await chunkGroupFiles(statsFile, variant.chunk);
    const server = await startServer({ dir: outDir, port: 0 });
    let requested;
    try {
      requested = await firstRouteRequests(ctx, server.url);
    } finally {
      await server.close();
    }
    const backendSet = new Set(backendFiles);
    const firstRoute = await gzipTotal(outDir, requested);
    const ownFiles = requested.filter((file) => !backendSet.has(file));
    const withoutBackend = await gzipTotal(outDir, ownFiles);
    const ownJs = await gzipTotal(outDir, ownFiles.filter((file) => file.endsWith('.js')));
    const backend = await gzipTotal(outDir, backendFiles);
    const backendRequested = await gzipTotal(outDir, requested.filter((file) => backendSet.has(file)));
    results[variant.name] = { firstRoute, ownJs, withoutBackend, backend, backendRequested, backendFiles };
    const fileRows = [];
    for (const file of requested) {
      const sizes = await fileSizes(path.join(outDir, file));
      fileRows.push([file, backendSet.has(file) ? 'backend' : 'first route', kib(sizes.gzip)]);
    }
    for (const file of backendFiles.filter((f) => !requested.includes(f))) {
      fileRows.push([file, 'backend (not requested)', kib((await fileSizes(path.join(outDir, file))).gzip)]);
    }
    printTable(['file', 'part', 'gzip'], fileRows);
    for (const group of variant.laterGroups ?? []) {
      const files = await chunkGroupFiles(statsFile, group);
      results[variant.name][group] = await gzipTotal(outDir, files);
      console.log(`Chunk group ${group} (loaded on first use): ${kib(results[variant.name][group])} in ${files.length} file(s)`);
    }
    console.log('');
    rows.push([
      variant.name,
      kib(ownJs),
      ownJs <= FIRST_ROUTE_BUDGET_BYTES ? 'PASS' : 'MISS',
      kib(withoutBackend),
      kib(backend),
      kib(backendRequested),
      kib(firstRoute),
    ]);
  }
  printTable(['adapter', 'first-route JS', 'budget', '+ CSS', 'backend chunk group', 'backend loaded on /', 'all loaded on /'], rows);
  console.log(`\nBudget: ${kib(FIRST_ROUTE_BUDGET_BYTES)} gzip for the first route's own JS (entry + route chunk, no backend).`);
  console.log('"backend loaded on /" is the part of the backend chunk group that loads before the first render (the first auth check).');
  return results;
}
