// jest's global setup (jest.config.js): the Firebase emulators for the suites that need them,
// src/backend/rules/firestore.rules.test.ts (Firestore) and
// src/backend/contract/firebase.contract.test.ts (Firestore and Auth). It starts those the run's
// suites need (every suite when no path filter is given) that are not set already: `npm test`
// starts both itself and sets FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST, and so can
// a shell that exports what `npm run emulators` prints. What it sets in process.env reaches the
// test workers, which start after it. scripts/jestGlobalTeardown.mjs stops them.
import path from 'node:path';

import { startEmulators } from './emulators.mjs';

const EMULATOR_SUITES = [
  { file: 'src/backend/rules/firestore.rules.test.ts', needs: ['firestore'] },
  { file: 'src/backend/contract/firebase.contract.test.ts', needs: ['firestore', 'auth'] },
];

/** The emulators this run's suites may need: a path filter naming none of those suites needs none. */
function neededEmulators(globalConfig) {
  const patterns = globalConfig.testPathPatterns;
  const selectsByPath =
    patterns?.isSet?.() &&
    !(
      globalConfig.findRelatedTests ||
      globalConfig.onlyChanged ||
      globalConfig.changedSince ||
      globalConfig.watch ||
      globalConfig.watchAll
    );
  const executor = selectsByPath ? patterns.toExecutor({ rootDir: globalConfig.rootDir }) : null;
  const suites = EMULATOR_SUITES.filter(
    (suite) => !executor || executor.isMatch(path.join(globalConfig.rootDir, suite.file)),
  );
  return new Set(suites.flatMap((suite) => suite.needs));
}

// stderr, so `jest --json` keeps a clean stdout.
const say = (line) => process.stderr.write(`${line}\n`);

export default async function globalSetup(globalConfig) {
  const needed = neededEmulators(globalConfig);
  const { FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST, DEVTRIBE_FIRESTORE_EMULATOR_MISSING } = process.env;
  const only = [];
  // Set already, or known to be missing (npm test looked): nothing to start for it.
  if (needed.has('firestore') && !FIRESTORE_EMULATOR_HOST && !DEVTRIBE_FIRESTORE_EMULATOR_MISSING)
    only.push('firestore');
  if (needed.has('auth') && !FIREBASE_AUTH_EMULATOR_HOST) only.push('auth');
  if (only.length === 0) return;

  say(
    `\nStarting the ${only.join(' and ')} emulator${only.length > 1 ? 's' : ''} for this run (scripts/emulators.mjs)...`,
  );
  const emulators = await startEmulators({ only });
  globalThis.__devtribeEmulators = emulators;
  // Ctrl-C during the run: stop them before leaving (they run in process groups of their own).
  const onSignal = (signal) => {
    void emulators.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  globalThis.__devtribeEmulatorSignals = onSignal;
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const { env, problems, notes } = await emulators.ready();
  for (const note of notes) say(note);
  if (problems.length) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await emulators.stop();
    throw new Error(`The Firebase emulators did not start:\n${problems.join('\n')}`);
  }
  Object.assign(process.env, env);
}
