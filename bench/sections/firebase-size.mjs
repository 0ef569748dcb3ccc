// Bundle size with each backend: builds the app twice (no Firebase config -> the local adapter;
// a dummy DEVTRIBE_FIREBASE_* config -> the Firebase adapter), each into its own out dir, visits
// `/` and `/login` in Chromium, and prints the same table for both: all the JavaScript loaded
// until the network is idle against the 105 KiB budget, what loaded before the app took over
// the prerendered page and how much of it is the backend chunk group, and when each happened.
// On the Firebase build a signed-out first visit loads no Auth: `backend-firebase` is the deferred
// backend; App, Auth and the adapter are `backend-firebase-auth`, listed with the later groups.
// Run alone: `npm run bench -- --only=firebase-size` (the shared dist-bench build is not used).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';
import {
  CHROMIUM_ARGS,
  FIRST_VISIT_JS_BUDGET_BYTES,
  explainFirstVisitJs,
  fileSizes,
  firstVisit,
  kib,
  printTable,
} from '../lib.mjs';

export const title = 'First route and backend chunk, local vs Firebase adapter (gzip -9)';

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
  {
    name: 'local',
    chunk: 'backend-local',
    env: Object.fromEntries(Object.keys(DUMMY_FIREBASE_ENV).map((key) => [key, ''])),
  },
  {
    name: 'firebase',
    chunk: 'backend-firebase',
    env: DUMMY_FIREBASE_ENV,
    laterGroups: [
      'backend-firebase-auth',
      'backend-firestore',
      'backend-firebase-storage',
      'backend-firebase-functions',
    ],
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
  return group.assets
    .map((asset) => (typeof asset === 'string' ? asset : asset.name))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/${file}`);
}

async function gzipTotal(distDir, urlPaths) {
  let total = 0;
  for (const urlPath of urlPaths) total += (await fileSizes(path.join(distDir, urlPath))).gzip;
  return total;
}

const PAGES = ['/', '/login'];

export async function run(ctx) {
  const rows = [];
  const results = {};
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    for (const variant of VARIANTS) {
      const outDir = path.join(ctx.root, '.bench', `firebase-size-${variant.name}`);
      const statsFile = path.join(ctx.root, '.bench', `firebase-size-${variant.name}.stats.json`);
      if (ctx.options['no-build'] && existsSync(statsFile)) {
        console.log(`Reusing the ${variant.name} build in ${path.relative(ctx.root, outDir)}/ (--no-build).`);
      } else {
        console.log(`Building with the ${variant.name} adapter into ${path.relative(ctx.root, outDir)}/ ...`);
        build(ctx, variant, outDir, statsFile);
      }
      const backendFiles = new Set(await chunkGroupFiles(statsFile, variant.chunk));
      const server = await startServer({ dir: outDir, port: 0 });
      results[variant.name] = {};
      try {
        for (const pagePath of PAGES) {
          const visit = await firstVisit(browser, `${server.url}${pagePath}`);
          const js = (files) => files.filter((file) => file.endsWith('.js'));
          const all = [...visit.beforeApp, ...visit.afterApp];
          const total = await gzipTotal(outDir, js(all));
          const beforeApp = await gzipTotal(outDir, js(visit.beforeApp));
          const backend = await gzipTotal(
            outDir,
            js(visit.beforeApp).filter((file) => backendFiles.has(file)),
          );
          const fileRows = [];
          for (const file of all) {
            const part = `${visit.beforeApp.includes(file) ? 'before the app' : 'after, until idle'}${backendFiles.has(file) ? ' (backend)' : ''}`;
            fileRows.push([file, part, kib((await fileSizes(path.join(outDir, file))).gzip)]);
          }
          console.log(`${variant.name} build, first visit to ${pagePath}:`);
          printTable(['file', 'loaded', 'gzip'], fileRows);
          console.log(`JavaScript until idle ${kib(total)}: ${total <= FIRST_VISIT_JS_BUDGET_BYTES ? 'PASS' : 'MISS'}`);
          if (total > FIRST_VISIT_JS_BUDGET_BYTES) {
            (await explainFirstVisitJs(outDir, js(all), FIRST_VISIT_JS_BUDGET_BYTES)).forEach((line) =>
              console.log(line),
            );
          }
          console.log('');
          results[variant.name][pagePath] = { total, beforeApp, backend, fcp: visit.fcp, appAt: visit.appAt };
          rows.push([
            variant.name,
            pagePath,
            kib(total),
            total <= FIRST_VISIT_JS_BUDGET_BYTES ? 'PASS' : 'MISS',
            kib(beforeApp),
            kib(backend),
            visit.fcp === null ? '-' : `${Math.round(visit.fcp)} ms`,
            `${Math.round(visit.appAt)} ms`,
          ]);
        }
      } finally {
        await server.close();
      }
      for (const group of variant.laterGroups ?? []) {
        const files = await chunkGroupFiles(statsFile, group);
        results[variant.name][group] = await gzipTotal(outDir, files);
        console.log(
          `Chunk group ${group} (loaded on first use): ${kib(results[variant.name][group])} in ${files.length} file(s)`,
        );
      }
      console.log('');
    }
  } finally {
    await browser.close();
  }
  printTable(
    [
      'adapter',
      'page',
      'JS until idle',
      'budget',
      'JS before the app',
      'of it backend',
      'first paint',
      'app took over',
    ],
    rows,
  );
  console.log(
    `\nBudget: ${kib(FIRST_VISIT_JS_BUDGET_BYTES)} gzip for all the JavaScript a first visit downloads until the network is idle.`,
  );
  console.log(
    'The first paint is the prerendered page (HTML and CSS, no script). The app takes it over after the first auth check,',
  );
  console.log(
    'which needs the backend chunk: the local adapter, or on the Firebase build only the deferred backend and its session check:',
  );
  console.log(
    'Firebase App and Auth (backend-firebase-auth) load at boot only when a session may be persisted, else on the first',
  );
  console.log('auth operation, data call or sign-in form touched; Firestore loads on the first data call.');
  console.log('Times are unthrottled, on this machine: compare the two builds, not with Lighthouse.');
  return results;
}
