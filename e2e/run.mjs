#!/usr/bin/env node
// Runs the browser tests (e2e/*.test.mjs) one file at a time against the production build.
// Usage: npm run e2e [-- e2e/session.test.mjs ...] [-- --test-name-pattern=title]
// Env: E2E_DIST_DIR (default dist), E2E_RESULTS_FILE (JSON totals for scripts/test.mjs),
//      E2E_TEST_TIMEOUT_MS (per test, default 180000), CHROMIUM_PATH,
//      E2E_DEVTOOLS_DIST_DIR (a build with Redux DevTools for e2e/devtools.test.mjs; made here when unset).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEVTOOLS_TEST_FILE, devToolsBuildEnv } from './devtoolsBuild.mjs';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const DIST_DIR = path.resolve(ROOT, process.env.E2E_DIST_DIR || 'dist');
// Per test, not per file: generous, because a timeout here should only ever mean a hang.
const TEST_TIMEOUT_MS = Number(process.env.E2E_TEST_TIMEOUT_MS || 180_000);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
  console.log(`No build in ${path.relative(ROOT, DIST_DIR)}/: building first.`);
  const build = spawnSync(npm, ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DEVTRIBE_OUT_DIR: DIST_DIR },
  });
  if (build.status !== 0) {
    console.error('e2e: the production build failed, so no browser test ran.');
    process.exit(1);
  }
}

const args = process.argv.slice(2);
const chosenFiles = args.filter((arg) => arg.endsWith('.test.mjs'));
const nodeOptions = args.filter((arg) => !arg.endsWith('.test.mjs'));
const files = chosenFiles.length
  ? chosenFiles.map((file) => path.resolve(file))
  : readdirSync(E2E_DIR)
      .filter((name) => name.endsWith('.test.mjs'))
      .sort()
      .map((name) => path.join(E2E_DIR, name));

// The DevTools journey runs against a build of its own (e2e/devtoolsBuild.mjs), made here so its
// minute or two does not count against the test file's timeout.
let devToolsDistDir = process.env.E2E_DEVTOOLS_DIST_DIR;
let devToolsBuildDir = null;
if (files.includes(DEVTOOLS_TEST_FILE) && !devToolsDistDir) {
  devToolsBuildDir = mkdtempSync(path.join(os.tmpdir(), 'devtribe-devtools-'));
  console.log('Building with Redux DevTools for e2e/devtools.test.mjs.');
  const build = spawnSync(npm, ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: devToolsBuildEnv(devToolsBuildDir),
  });
  if (build.status !== 0) {
    rmSync(devToolsBuildDir, { recursive: true, force: true });
    console.error('e2e: the build with Redux DevTools failed, so no browser test ran.');
    process.exit(1);
  }
  devToolsDistDir = devToolsBuildDir;
}

const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
if (process.env.E2E_RESULTS_FILE) {
  reporters.push(
    `--test-reporter=${path.join(E2E_DIR, 'summaryReporter.mjs')}`,
    `--test-reporter-destination=${process.env.E2E_RESULTS_FILE}`,
  );
}

// One file at a time: each file starts its own Chromium, and CI has two cores.
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=1', `--test-timeout=${TEST_TIMEOUT_MS}`, ...reporters, ...nodeOptions, ...files],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_DIST_DIR: DIST_DIR,
      ...(devToolsDistDir ? { E2E_DEVTOOLS_DIST_DIR: devToolsDistDir } : {}),
    },
  },
);
if (devToolsBuildDir) rmSync(devToolsBuildDir, { recursive: true, force: true });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
