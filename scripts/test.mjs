#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure.
// type check -> lint -> jest -> production build -> browser tests -> the Firebase build's browser
// tests (against the emulators), then one "N passed, N failed" line.
// The Firestore emulator (the Cloud SDK's) and the Auth emulator (firebase-tools') start in the
// background while the type check and lint run (scripts/emulators.mjs) and stop at the end, also
// on a failure or Ctrl-C; jest, whose global setup then starts nothing, and the Firebase browser
// tests get FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT. Where the
// Cloud SDK's Firestore emulator is not installed, the suites that need it skip and say how to
// install it; where it is installed, an emulator that does not start fails the run.
// `npm test -- --skip-e2e` stops after the build, for quick local loops; `npm test -- --only-jest
// [paths...]` runs only jest (those suites) with the emulators.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { EMULATOR_PROJECT, loadFirestoreRules, startEmulators } from './emulators.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const skipE2e = process.argv.includes('--skip-e2e');
const onlyJest = process.argv.includes('--only-jest');
// With --only-jest, other arguments are jest's path filters: `npm test -- --only-jest src/backend/rules`.
const jestPaths = onlyJest ? process.argv.slice(2).filter((arg) => !arg.startsWith('--')) : [];
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

let emulators = null;

/** Stops the emulators this run started, prints the totals and exits: `await` it, it never returns. */
async function finish(failedStep) {
  await emulators?.stop();
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

// Both emulators boot while the type check and lint run. Hosts already set in the environment
// (say by `npm run emulators` in another shell) are used as they are.
emulators = await startEmulators({ logDir: scratch });
const onSignal = (signal) => {
  void emulators.stop().finally(() => {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

if (!onlyJest) {
  if (!run(npm, ['run', 'typecheck'])) await finish('the type check failed (npm run typecheck).');
  if (!run(npm, ['run', 'lint'])) await finish('lint failed (npm run lint).');
}

const { env: emulatorEnv, problems, notes } = await emulators.ready();
console.log('');
for (const note of notes) console.log(note);
if (problems.length) {
  for (const problem of problems) console.error(problem);
  await finish(
    'the Firebase emulators did not start (see above); the rule table, the Firebase contract and the Firebase browser tests need them.',
  );
}
const firestoreHost = emulatorEnv.FIRESTORE_EMULATOR_HOST;
const authHost = emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST;

const jestPassed = run(npx, ['jest', '--ci', '--json', `--outputFile=${jestResultsFile}`, ...jestPaths], {
  env: { ...process.env, ...emulatorEnv },
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
  await finish(reason);
}
if (onlyJest) await finish();

if (!run(npm, ['run', 'build'])) await finish('the production build failed (npm run build).');

if (skipE2e) {
  console.log('\nBrowser tests skipped (--skip-e2e).');
  await finish();
}

if (!ensureChromium()) await finish('no Chromium for the browser tests.');
const e2ePassed = run(npm, ['run', 'e2e'], { env: { ...process.env, E2E_RESULTS_FILE: e2eResultsFile } });
const e2eCounted = addCounts(e2eResultsFile, (summary) => summary);
if (!e2ePassed)
  await finish(e2eCounted ? 'browser tests failed.' : 'the browser tests did not run (see the output above).');

// The Firebase build, pointed at the emulators (demo values: the Auth emulator accepts any key),
// in a real browser: what the local build cannot show, such as Firebase Auth loading only when a
// sign-in form is touched, and the journeys on Firestore with the real rules (e2e/firebase/).
// Without the Firestore emulator (no Cloud SDK here) the files that need it skip and say why.
const FIREBASE_E2E_BUILD_ENV = {
  DEVTRIBE_OUT_DIR: firebaseDistDir,
  DEVTRIBE_FIREBASE_API_KEY: 'demo-api-key',
  DEVTRIBE_FIREBASE_AUTH_DOMAIN: `${EMULATOR_PROJECT}.firebaseapp.com`,
  DEVTRIBE_FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  DEVTRIBE_FIREBASE_APP_ID: '1:1234567890:web:e2e',
  // a bucket, so a photo upload reaches Storage (e2e/firebase/photoUpload refuses it there and sees the bounded give-up)
  DEVTRIBE_FIREBASE_STORAGE_BUCKET: `${EMULATOR_PROJECT}.appspot.com`,
  DEVTRIBE_USE_EMULATORS: 'true',
  DEVTRIBE_AUTH_EMULATOR: `http://${authHost}`,
  ...(firestoreHost ? { DEVTRIBE_FIRESTORE_EMULATOR: firestoreHost } : {}),
};
if (!run(npm, ['run', 'build'], { env: { ...process.env, ...FIREBASE_E2E_BUILD_ENV } })) {
  await finish('the Firebase build for its browser tests failed (npm run build with a Firebase config).');
}
// The contract loaded its own rules (with a scratch collection) into this project: back to firestore.rules.
if (firestoreHost) {
  try {
    await loadFirestoreRules(firestoreHost, EMULATOR_PROJECT);
  } catch (error) {
    await finish(`firestore.rules could not be loaded for the Firebase browser tests: ${error.message}`);
  }
}
const firebaseE2eFiles = readdirSync(path.join(ROOT, 'e2e', 'firebase'))
  .filter((name) => name.endsWith('.test.mjs'))
  .sort()
  .map((name) => path.join('e2e', 'firebase', name));
const firebaseE2ePassed = run(process.execPath, ['e2e/run.mjs', ...firebaseE2eFiles], {
  env: {
    ...process.env,
    ...emulatorEnv,
    E2E_DIST_DIR: firebaseDistDir,
    E2E_RESULTS_FILE: firebaseE2eResultsFile,
    E2E_FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    E2E_FIREBASE_API_KEY: FIREBASE_E2E_BUILD_ENV.DEVTRIBE_FIREBASE_API_KEY,
  },
});
const firebaseE2eCounted = addCounts(firebaseE2eResultsFile, (summary) => summary);
if (!firebaseE2ePassed) {
  await finish(
    firebaseE2eCounted
      ? "the Firebase build's browser tests failed."
      : "the Firebase build's browser tests did not run (see the output above).",
  );
}
await finish();
