// Lighthouse 12, mobile preset (the default config), several runs per page: medians against the
// goals. The server compresses like hosting (scripts/serve.mjs), so these are the figures users get.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, median, printTable } from '../lib.mjs';

export const title = 'Lighthouse (mobile, median of runs)';

const PAGES = ['/', '/login', '/signup'];
const DEFAULT_RUNS = 5;

// Each goal: how to read it from a report, how to print it, and whether higher is better.
const FIGURES = [
  {
    name: 'Performance',
    goal: 98,
    higherIsBetter: true,
    read: (lhr) => lhr.categories.performance.score * 100,
    format: (v) => v.toFixed(0),
  },
  {
    name: 'LCP',
    goal: 1000,
    read: (lhr) => lhr.audits['largest-contentful-paint'].numericValue,
    format: (v) => `${(v / 1000).toFixed(2)} s`,
  },
  {
    name: 'TBT',
    goal: 100,
    read: (lhr) => lhr.audits['total-blocking-time'].numericValue,
    format: (v) => `${v.toFixed(0)} ms`,
  },
  {
    name: 'CLS',
    goal: 0.02,
    read: (lhr) => lhr.audits['cumulative-layout-shift'].numericValue,
    format: (v) => v.toFixed(3),
  },
];

/** Printed beside the goals, without one: when the page first painted (the prerendered page). */
const FCP = {
  name: 'FCP',
  read: (lhr) => lhr.audits['first-contentful-paint'].numericValue,
  format: (v) => `${(v / 1000).toFixed(2)} s`,
};

/** Lighthouse's long tasks (main-thread tasks over 50 ms, at its 4x CPU slowdown), longest first: "120 ms boot.js". */
function longTasks(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  return [...items]
    .sort((a, b) => b.duration - a.duration)
    .map(
      (task) =>
        `${Math.round(task.duration)} ms ${/^https?:/.test(task.url) ? new URL(task.url).pathname.split('/').pop() || '(page)' : task.url}`,
    );
}

/** One Lighthouse run in its own Chromium, so no run inherits caches or storage from another. */
async function audit(ctx, url) {
  const chrome = await launch({ chromePath: ctx.chromiumPath, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse simulates LCP from an unthrottled trace. Its pessimistic estimate counts every
 * request that finished before the observed paint as blocking it: when a script (main.js) won
 * that race, its download and evaluation at 4x CPU go into the simulated LCP.
 */
function lcpRace(lhr) {
  const observed = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  if (typeof observed !== 'number') return null;
  const scriptsBefore = requests
    .filter((request) => request.resourceType === 'Script' && request.networkEndTime <= observed)
    .map((request) => new URL(request.url).pathname.split('/').pop());
  return { observed, scriptsBefore };
}

const ATTEMPTS = 3;

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): that run is tried again. */
async function auditWithRetry(ctx, url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(ctx, url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`  ${new URL(url).pathname}: ${error.message}; trying again`);
    }
  }
}

export async function run(ctx) {
  const runs = Number(ctx.options.runs || DEFAULT_RUNS);
  const summary = {};
  for (const pagePath of PAGES) {
    const reports = [];
    for (let i = 1; i <= runs; i += 1) {
      const lhr = await auditWithRetry(ctx, `${ctx.url}${pagePath}`);
      reports.push(lhr);
      const race = lcpRace(lhr);
      const raceNote = race
        ? `; observed paint ${Math.round(race.observed)} ms, ${race.scriptsBefore.length ? `after ${race.scriptsBefore.join(', ')} had loaded` : 'before any script had loaded'}`
        : '';
      const tasks = longTasks(lhr);
      console.log(
        `  ${pagePath} run ${i}/${runs}: ${[FCP, ...FIGURES].map((f) => `${f.name} ${f.format(f.read(lhr))}`).join(', ')}${raceNote}; ` +
          `long tasks: ${tasks.length ? tasks.join(', ') : 'none'}`,
      );
    }
    console.log(`${pagePath} (median of ${runs} runs):`);
    const rows = FIGURES.map((figure) => {
      const value = median(reports.map(figure.read));
      const met = figure.higherIsBetter ? value >= figure.goal : value <= figure.goal;
      summary[`${pagePath} ${figure.name}`] = value;
      return [figure.name, figure.format(value), figure.format(figure.goal), met ? 'PASS' : 'MISS'];
    });
    const fcp = median(reports.map(FCP.read));
    summary[`${pagePath} FCP`] = fcp;
    printTable(['figure', 'median', 'goal', ''], [[FCP.name, FCP.format(fcp), '-', ''], ...rows]);
    if (rows.some(([name, , , verdict]) => name === 'LCP' && verdict === 'MISS')) {
      const lcpOf = (scriptFirst) =>
        reports
          .filter((lhr) => (lcpRace(lhr)?.scriptsBefore.length ?? 0) > 0 === scriptFirst)
          .map((lhr) => FIGURES[1].format(FIGURES[1].read(lhr)));
      console.log(
        'LCP: Lighthouse simulates it from an unthrottled trace, and counts a script that finished loading before the observed paint as\n' +
          `blocking that paint (its download and evaluation at 4x CPU). Runs where a script won that race: ${lcpOf(true).join(', ') || 'none'};\n` +
          `runs where the prerendered page painted first: ${lcpOf(false).join(', ') || 'none'}.`,
      );
    }
    console.log('');
  }
  return summary;
}
