// The dashboard's first render with 5,000 friends in jsdom (the real DashboardPage over a store
// holding them), from src/features/dashboard/DashboardPage.test.tsx. The figure used to be a
// wall-clock assertion in that test, which flaked on a busy 2-core machine; the test keeps its
// functional checks, and the time is reported here against the same 3,000 ms budget.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { printTable } from '../lib.mjs';

export const title = 'Dashboard: first render with 5,000 friends (jsdom, median of 5)';

export const BUDGET_MS = 3000;

export async function run(ctx) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-'));
  const out = path.join(dir, 'dashboard.json');
  try {
    const jest = spawnSync(
      'npx',
      ['jest', '--silent', 'src/features/dashboard/DashboardPage.test.tsx', '-t', 'times the first render'],
      {
        cwd: ctx.root,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        env: { ...process.env, DASHBOARD_BENCH_OUT: out },
      },
    );
    if (jest.status !== 0) {
      console.log(jest.stdout, jest.stderr);
      throw new Error('The dashboard render run failed.');
    }
    const result = JSON.parse(readFileSync(out, 'utf8'));
    printTable(
      ['measure', 'median', 'budget', 'verdict'],
      [
        [
          `first render with ${result.friends} friends`,
          `${result.firstRenderMs.toFixed(0)} ms`,
          `${BUDGET_MS} ms`,
          result.firstRenderMs <= BUDGET_MS ? 'within budget' : 'OVER BUDGET',
        ],
      ],
    );
    return { ...result, budgetMs: BUDGET_MS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
