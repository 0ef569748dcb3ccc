// The short soak: 3 users in 3 tabs of one browser, a few rounds of every write the app has at
// full speed through the UI, then the invariants over the stored data (e2e/soak.mjs). A fixed
// seed, so a failure replays with `npm run bench -- --only=soak --tabs=3 --rounds=4 --seed=1414`.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { useBrowser } from './helpers.mjs';
import { runSoakIteration } from './soak.mjs';

const env = useBrowser();

const SEED = 1414;

test('3 tabs writing at once for 4 rounds: every submission answered, everything acknowledged stored, counters exact', async () => {
  const result = await runSoakIteration({ browser: env.browser, baseURL: env.baseURL, tabs: 3, rounds: 4, seed: SEED });
  assert.ok(result.operations >= 12, `a submission per tab and round at least (${result.operations})`);
  assert.deepEqual(result.violations, [], `seed ${SEED}: ${result.violations.length} violation(s)`);
});
