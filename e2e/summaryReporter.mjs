// A node:test reporter that writes the run's totals as JSON, for scripts/test.mjs to add up.
// node:test ends every run with diagnostics like "pass 12" and "fail 1": those are the totals.
const COUNTERS = new Set(['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo']);

export default async function* summaryReporter(source) {
  const totals = {};
  for await (const event of source) {
    if (event.type !== 'test:diagnostic') continue;
    const match = /^(\w+) (\d+)$/.exec(event.data.message);
    if (match && COUNTERS.has(match[1])) totals[match[1]] = Number(match[2]);
  }
  // A cancelled test (a timeout, or a hook that failed) did not pass: count it as failed.
  yield `${JSON.stringify({ passed: totals.pass ?? 0, failed: (totals.fail ?? 0) + (totals.cancelled ?? 0), ...totals })}\n`;
}
