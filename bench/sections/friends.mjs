// Friends operation costs: documents read and written per operation, counted by the local
// adapter (billed like Firestore), from src/features/friends/friendsCosts.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { printTable } from '../lib.mjs';

export const title = 'Friends operations: documents read and written (local adapter)';

/**
 * Each two-user operation reads each document it needs once and writes each at most once: the
 * user's own profile and private inbox, the other's public profile; the other's inbox is written,
 * never read (docs/friends-model.md). Accept writes both profiles and both inboxes.
 */
const TWO_USER_BUDGETS = {
  send: { reads: 3, writes: 2 },
  accept: { reads: 3, writes: 4 },
  decline: { reads: 2, writes: 2 },
  cancel: { reads: 3, writes: 2 },
  remove: { reads: 3, writes: 2 },
};

export async function run(ctx) {
  const dir = mkdtempSync(path.join(tmpdir(), 'friends-costs-'));
  const out = path.join(dir, 'costs.json');
  try {
    const jest = spawnSync('npx', ['jest', '--silent', 'src/features/friends/friendsCosts.test.ts'], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, FRIENDS_COSTS_OUT: out },
    });
    if (jest.status !== 0) {
      console.log(jest.stdout, jest.stderr);
      throw new Error('The friends cost run failed.');
    }
    const costs = JSON.parse(readFileSync(out, 'utf8'));
    printTable(
      ['operation', 'reads', 'writes', 'budget', ''],
      costs.map((cost) => {
        const budget = TWO_USER_BUDGETS[cost.operation];
        if (!budget) return [cost.operation, cost.reads, cost.writes, '', ''];
        const pass = cost.reads <= budget.reads && cost.writes <= budget.writes;
        return [cost.operation, cost.reads, cost.writes, `${budget.reads} / ${budget.writes}`, pass ? 'PASS' : 'MISS'];
      }),
    );
    return costs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
