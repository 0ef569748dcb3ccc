// Tribe feed rendering: a feed of 1,000 posts (49 "Load more" pages deep) rendered by the real
// TribeFeed component in jsdom, from src/features/tribes/TribeFeed.render.test.tsx. jsdom is
// several times slower than a browser, so these figures are an upper bound for Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { printTable } from '../lib.mjs';

export const title = 'Tribe feed: rendering 1,000 posts (jsdom, median of 5)';

/** Budgets for jsdom on a 2-core CI machine. */
export const BUDGETS_MS = { firstRender: 2000, liveUpdate: 150 };

export async function run(ctx) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tribe-feed-'));
  const out = path.join(dir, 'feed.json');
  try {
    const jest = spawnSync('npx', ['jest', '--silent', 'src/features/tribes/TribeFeed.render.test.tsx'], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, TRIBE_FEED_BENCH_OUT: out },
    });
    if (jest.status !== 0) {
      console.log(jest.stdout, jest.stderr);
      throw new Error('The tribe feed render run failed.');
    }
    const result = JSON.parse(readFileSync(out, 'utf8'));
    const row = (label, ms, budget) => [
      label,
      `${ms.toFixed(0)} ms`,
      `${budget} ms`,
      ms <= budget ? 'within budget' : 'OVER BUDGET',
    ];
    printTable(
      ['measure', 'median', 'budget', 'verdict'],
      [
        row(`first render of ${result.posts} posts`, result.firstRenderMs, BUDGETS_MS.firstRender),
        row('live update (one new post on top)', result.liveUpdateMs, BUDGETS_MS.liveUpdate),
      ],
    );
    return { ...result, budgets: BUDGETS_MS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
