#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure.
// type check -> lint -> jest -> production build -> browser tests -> the Firebase build's browser
// tests (against the Auth emulator), then one "N passed, N failed" line.
// `npm test -- --skip-e2e` stops after the build, for quick local loops.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const skipE2e = process.argv.includes('--skip-e2e');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'devtribe-test-'));
const jestResultsFile = path.join(scratch, 'jest.json');
const e2eResultsFile = path.join(scratch, 'e2e.json');
const firebaseE2eResultsFile = path.join(scratch, 'e2e-firebase.json');
const firebaseDistDir = path.join(scratch, 'dist-firebase');
const totals = { passed: 0, failed: 0 };

function run(command, args, options = {}) {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

// The Firebase adapter's contract tests run against the Auth emulator (firebase-tools, offline
// with a demo-* project), and so do the Firebase build's browser tests (e2e/firebase/). It boots
// in the background while the type check and lint run, and stops at the end. If it cannot start,
// everything else still runs: those tests skip and print why.
const AUTH_EMULATOR = { host: '127.0.0.1', port: 9099, project: 'demo-devtribe', startTimeoutMs: 180_000 };
let authEmulator = null;

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

async function startAuthEmulator() {
  if (await portOpen(AUTH_EMULATOR.host, AUTH_EMULATOR.port)) {
    console.log(`\nAuth emulator: something already listens on ${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}; using it.`);
    return { env: { FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}` }, child: null, failure: null };
  }
  const log = path.join(scratch, 'auth-emulator.log');
  // CI=true skips the CLI's message-of-the-day download; `detached` gives it a process group to stop.
  const child = spawn(npx, ['firebase', 'emulators:start', '--only', 'auth', '--project', AUTH_EMULATOR.project], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
    env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  const state = { child, env: {}, failure: null, log };
  child.once('exit', (code) => { state.failure ??= `the emulator exited early (code ${code})`; state.child = null; });
  child.once('error', (error) => { state.failure ??= error.message; });
  return state;
}

async function waitForAuthEmulator(state) {
  if (!state.child) return state.failure ? `${state.failure}` : null;
  const deadline = Date.now() + AUTH_EMULATOR.startTimeoutMs;
  while (Date.now() < deadline && !state.failure) {
    if (await portOpen(AUTH_EMULATOR.host, AUTH_EMULATOR.port)) {
      state.env = { FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}` };
      return null;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const problem = state.failure ?? `not listening after ${AUTH_EMULATOR.startTimeoutMs / 1000} s`;
  try {
    console.log(readFileSync(state.log, 'utf8').split('\n').slice(-15).join('\n'));
  } catch {
    // no log to show
  }
  return problem;
}

function stopAuthEmulator() {
  const child = authEmulator?.child;
  if (!child) return;
  authEmulator.child = null;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function finish(failedStep) {
  stopAuthEmulator();
  rmSync(scratch, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  if (failedStep) console.error(`npm test: ${failedStep}`);
  process.exit(failedStep || totals.failed > 0 ? 1 : 0);
}

/** Adds a results file's counts to the totals; returns false if it is missing or unreadable. */
function addCounts(file, read) {
  try {
    const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
    totals.passed += passed;
    totals.failed += failed;
    return true;
  } catch {
    return false;
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = 'Chromium is missing: run `sudo apt-get install -y chromium` (browser downloads do not work here)';
  if (process.getuid?.() !== 0) {
    console.error(message);
    return false;
  }
  console.log(`${CHROMIUM_PATH} is missing: installing Chromium from Debian.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed = run('apt-get', ['update'], { env }) && run('apt-get', ['install', '-y', 'chromium'], { env });
  if (!installed || !existsSync(CHROMIUM_PATH)) {
    console.error(message);
    return false;
  }
  return true;
}

authEmulator = await startAuthEmulator();
process.once('SIGINT', () => { stopAuthEmulator(); process.exit(130); });

if (!run(npm, ['run', 'typecheck'])) finish('the type check failed (npm run typecheck).');
if (!run(npm, ['run', 'lint'])) finish('lint failed (npm run lint).');

const emulatorProblem = await waitForAuthEmulator(authEmulator);
if (emulatorProblem) console.log(`\nAuth emulator unavailable (${emulatorProblem}): the Firebase auth contract tests will skip.`);
else console.log(`\nAuth emulator ready on ${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}.`);
const jestPassed = run(npx, ['jest', '--ci', '--json', `--outputFile=${jestResultsFile}`], {
  env: { ...process.env, ...authEmulator.env },
});
const jestCounted = addCounts(jestResultsFile, (report) => ({
  passed: report.numPassedTests,
  failed: report.numFailedTests,
}));
if (!jestPassed) {
  // Jest also exits non-zero when every test passed but something else went wrong, e.g.
  // "Cannot log after tests are done" (a saga still running after its test ended).
  const reason = !jestCounted
    ? 'jest did not run (see its output above).'
    : totals.failed > 0
      ? 'jest tests failed.'
      : 'jest exited with an error although no test failed: look for "Cannot log after tests are done" or a suite error above.';
  finish(reason);
}

if (!run(npm, ['run', 'build'])) finish('the production build failed (npm run build).');

if (skipE2e) {
  console.log('\nBrowser tests skipped (--skip-e2e).');
  finish();
}

if (!ensureChromium()) finish('no Chromium for the browser tests.');
const e2ePassed = run(npm, ['run', 'e2e'], { env: { ...process.env, E2E_RESULTS_FILE: e2eResultsFile } });
const e2eCounted = addCounts(e2eResultsFile, (summary) => summary);
if (!e2ePassed) finish(e2eCounted ? 'browser tests failed.' : 'the browser tests did not run (see the output above).');

// The Firebase build, pointed at the Auth emulator (demo values: the emulator accepts any key),
// in a real browser: what the local build cannot show, such as Firebase Auth loading only when
// a sign-in form is touched. No Firestore emulator runs here, so these tests read no documents.
if (emulatorProblem) {
  console.log(`\nThe Firebase build's browser tests skip: the Auth emulator is unavailable (${emulatorProblem}).`);
  finish();
}
const FIREBASE_E2E_BUILD_ENV = {
  DEVTRIBE_OUT_DIR: firebaseDistDir,
  DEVTRIBE_FIREBASE_API_KEY: 'demo-api-key',
  DEVTRIBE_FIREBASE_AUTH_DOMAIN: `${AUTH_EMULATOR.project}.firebaseapp.com`,
  DEVTRIBE_FIREBASE_PROJECT_ID: AUTH_EMULATOR.project,
  DEVTRIBE_FIREBASE_APP_ID: '1:1234567890:web:e2e',
  DEVTRIBE_USE_EMULATORS: 'true',
  DEVTRIBE_AUTH_EMULATOR: `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`,
};
if (!run(npm, ['run', 'build'], { env: { ...process.env, ...FIREBASE_E2E_BUILD_ENV } })) {
  finish('the Firebase build for its browser tests failed (npm run build with a Firebase config).');
}
const firebaseE2ePassed = run(process.execPath, ['e2e/run.mjs', 'e2e/firebase/deferredAuth.test.mjs'], {
  env: {
    ...process.env,
    ...authEmulator.env,
    E2E_DIST_DIR: firebaseDistDir,
    E2E_RESULTS_FILE: firebaseE2eResultsFile,
    E2E_FIREBASE_API_KEY: FIREBASE_E2E_BUILD_ENV.DEVTRIBE_FIREBASE_API_KEY,
  },
});
const firebaseE2eCounted = addCounts(firebaseE2eResultsFile, (summary) => summary);
if (!firebaseE2ePassed) {
  finish(firebaseE2eCounted ? "the Firebase build's browser tests failed." : "the Firebase build's browser tests did not run (see the output above).");
}
finish();
