// The short soak on the Firebase build (e2e/soak.mjs): 3 users, each in their own browser context,
// a few rounds of every write the app has at full speed through the UI, all at once, on the
// Firestore and Auth emulators with the real rules; then the invariants over every stored
// document, read from the emulator as its admin. A fixed seed, as on the local build.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { useBrowser } from '../helpers.mjs';
import { runSoakIteration } from '../soak.mjs';
import { readAllDocuments, SKIP_REASON, useEmulators } from './emulators.mjs';

const env = useBrowser();
useEmulators();

const SEED = 1414;

test(
  'Firebase build: 3 users in 3 contexts writing at once for 4 rounds: every submission answered, everything acknowledged stored, counters exact',
  { skip: SKIP_REASON },
  async (t) => {
    const result = await runSoakIteration({
      browser: env.browser,
      baseURL: env.baseURL,
      tabs: 3,
      rounds: 4,
      seed: SEED,
      contextPerTab: true,
      readDocs: () => readAllDocuments(),
    });
    t.diagnostic(
      `operations ${JSON.stringify(result.byKind)}, answers ${JSON.stringify(result.answers)}, documents checked ${result.documents}`,
    );
    assert.ok(result.operations >= 12, `a submission per user and round at least (${result.operations})`);
    assert.deepEqual(
      result.violations,
      [],
      `seed ${SEED}: ${result.violations.length} violation(s); messages: ${JSON.stringify(result.messages)}`,
    );
  },
);
