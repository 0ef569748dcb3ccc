// The multi-tab soak (e2e/soak.mjs): N tabs of one Chromium (default 10), each a different user,
// writing at once through the UI for R rounds (default 8) per iteration, then the invariants over
// the stored data. Prints operations, iterations and violations (goal: 0), and the seed of every
// failing iteration. Options: --iterations=N (default 20), --tabs=N, --rounds=N, --seed=S (replays
// one iteration: with --seed, iterations default to 1 and run seeds S, S+1, ...).
import { chromium } from 'playwright-core';

import { runSoakIteration } from '../../e2e/soak.mjs';
import { CHROMIUM_ARGS, printTable } from '../lib.mjs';

export const title = 'Multi-tab soak: every write at once through the UI, then the stored data checked (Chromium)';

export async function run(ctx) {
  const { options } = ctx;
  const tabs = Number(options.tabs ?? 10);
  const rounds = Number(options.rounds ?? 8);
  const replay = options.seed !== undefined && options.seed !== true;
  const iterations = Number(options.iterations ?? (replay ? 1 : 20));
  const firstSeed = replay ? Number(options.seed) : Math.floor(Math.random() * 2 ** 31);
  console.log(`${iterations} iteration(s) of ${tabs} tabs x ${rounds} rounds, seeds from ${firstSeed}`);

  const browser = await chromium.launch({ executablePath: ctx.chromiumPath, headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (let i = 0; i < iterations; i += 1) {
      const seed = firstSeed + i;
      const started = Date.now();
      let result;
      try {
        result = await runSoakIteration({
          browser,
          baseURL: ctx.url,
          tabs,
          rounds,
          seed,
          log: (line) => console.log(line),
        });
      } catch (error) {
        // The soak itself could not go on (a page never loaded): counted, with its seed.
        result = {
          seed,
          operations: 0,
          byKind: {},
          answers: { ack: 0, message: 0, none: 0 },
          messages: [],
          violations: [`the iteration stopped: ${error.message.split('\n')[0]}`],
        };
      }
      result.seconds = (Date.now() - started) / 1000;
      results.push(result);
      console.log(
        `iteration ${i + 1}/${iterations} seed=${seed}: ${result.operations} operations ` +
          `(${result.answers.ack} acknowledged, ${result.answers.message} answered with a message, ${result.answers.none} unanswered), ` +
          `${result.violations.length} violation(s), ${result.seconds.toFixed(0)} s`,
      );
      for (const violation of result.violations) console.log(`    VIOLATION: ${violation}`);
      for (const message of new Set(result.messages)) console.log(`    answered with a message: ${message}`);
      for (const error of new Set(result.consoleErrors ?? [])) console.log(`    console error: ${error}`);
    }
  } finally {
    await browser.close();
  }

  const operations = results.reduce((sum, r) => sum + r.operations, 0);
  const violations = results.reduce((sum, r) => sum + r.violations.length, 0);
  const byKind = {};
  for (const r of results) for (const [kind, n] of Object.entries(r.byKind)) byKind[kind] = (byKind[kind] ?? 0) + n;
  const failing = results.filter((r) => r.violations.length > 0).map((r) => r.seed);
  console.log('');
  printTable(
    ['tabs', 'rounds', 'iterations', 'operations', 'violations', 'verdict'],
    [[tabs, rounds, iterations, operations, violations, violations === 0 ? 'goal met (0 violations)' : 'VIOLATIONS']],
  );
  console.log(
    `operations by kind: ${Object.entries(byKind)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
  );
  if (failing.length)
    console.log(`failing seeds (replay with --seed=S --tabs=${tabs} --rounds=${rounds}): ${failing.join(', ')}`);
  return { tabs, rounds, iterations, operations, violations, byKind, failingSeeds: failing };
}
