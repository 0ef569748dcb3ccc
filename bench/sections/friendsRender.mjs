// The dashboard with 5,000 friends, in Chromium on the production build: how long the friends
// panel takes to render, and whether typing in its filter stays responsive.
//
// Per run, in a fresh browser context: sign up through the UI, then write 5,000 friend entries
// into the user's own users doc, plus a users doc for each friend (getFriends drops friends whose
// document is missing), straight into the app's IndexedDB ('devtribe-2', store 'docs', records
// { key: 'users/<id>', collection, id, data, version }; see src/backend/local/openLocalDatabase.ts).
// That bypasses the access policy on purpose: the policy caps friends at FRIENDS_MAX (500), so
// the app cannot reach 5,000 by itself; the dashboard is built to cope with it regardless.
//
// Figures (median of runs, --runs=N, default 3):
// - cold load: navigation start of a full load of /dashboard to the frame after the friends panel
//   shows its first page of rows and the 5,000 count (performance.now() in the page);
// - in-app navigation: click on the "Dashboard" nav link (from the own profile) to that frame;
// - longest task (PerformanceObserver 'longtask') during the cold load, and while typing;
// - typing: keydown to the next frame after the filter input's update, per keystroke (the first
//   one too), and the Event Timing API's longest keyboard interaction (reported only when >= 16 ms);
// - the same for the explore search, whose directory (up to 500 developers) is mostly bench friends.
// Typing "friend 0499" leaves 10 rows. --friends=N seeds another count (the policy's cap is 500).
// A benchmark: it prints figures against the budgets and never fails on a miss.
/* global window, document, indexedDB, requestAnimationFrame, MutationObserver -- instrumentPage and seedFriends run in the page */
import os from 'node:os';

import { signUp } from '../../e2e/soak.mjs';
import { measureRuns, median, ms, printFigures } from '../lib.mjs';

export const title = 'Dashboard with 5,000 friends: render time and input responsiveness (Chromium)';

const DEFAULT_FRIENDS = 5000;
const DEFAULT_RUNS = 3;
const PASSWORD = 'correct-horse-42';
const TIMEOUT_MS = 60_000;
/** Typed into "Find a friend", one key at a time: matches the last 10 friends ("Bench Friend 04990".."04999"). */
const filterFor = (count) => {
  const last = String(count - 1).padStart(5, '0');
  return { text: `friend ${last.slice(0, 4)}`, lastName: `Bench Friend ${last}` };
};

/** Typed into the explore search, one key at a time. */
const EXPLORE_QUERY = 'bench friend 01';

const BUDGETS = {
  coldRender: 1000,
  spaRender: 300,
  loadLongestTask: 100,
  keyLatencyMax: 100,
  keyLatencyMedian: 50,
  typingLongestTask: 50,
  eventTimingMax: 100,
};

/**
 * Runs in the page before the app: records long tasks, Event Timing entries, per-keystroke
 * latency in inputs, and the moment the friends panel shows its rows and the full count.
 */
function instrumentPage(expectedCount) {
  const bench = {
    longTasks: [],
    events: [],
    keyLatencies: [],
    friendsDomAt: null,
    friendsFrameAt: null,
    reset() {
      this.friendsDomAt = null;
      this.friendsFrameAt = null;
      this.keyLatencies = [];
    },
  };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the figure stays empty
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        bench.events.push({
          name: entry.name,
          start: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    // no Event Timing API
  }
  // Keystroke to next frame: keydown's timestamp to a task queued from the frame after the input event.
  let keydownAt = null;
  document.addEventListener('keydown', (event) => (keydownAt = event.timeStamp), true);
  document.addEventListener(
    'input',
    () => {
      const start = keydownAt;
      if (start === null) return;
      keydownAt = null;
      requestAnimationFrame(() => setTimeout(() => bench.keyLatencies.push(performance.now() - start), 0));
    },
    true,
  );
  const friendsRendered = () => {
    const heading = document.getElementById('friends-title');
    const panel = heading?.closest('section');
    return Boolean(panel?.querySelector('.person-list > li') && heading.textContent.includes(String(expectedCount)));
  };
  const observer = new MutationObserver(() => {
    if (bench.friendsDomAt !== null || !friendsRendered()) return;
    bench.friendsDomAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => (bench.friendsFrameAt = performance.now()), 0));
  });
  const start = () =>
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** Writes the friends and their users docs into the app's own database ('devtribe-2'), in one transaction. */
function seedFriends({ uid, count }) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('devtribe-2');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('docs', 'readwrite');
      const store = tx.objectStore('docs');
      const version = () => Math.random().toString(36).slice(2, 14);
      const now = Date.now();
      const get = store.get(`users/${uid}`);
      get.onsuccess = () => {
        const own = get.result;
        if (!own) {
          tx.abort();
          reject(new Error(`no users doc for ${uid}`));
          return;
        }
        // friends as a map keyed by id (docs/friends-model.md)
        const friends = {};
        const order = [];
        for (let i = 0; i < count; i += 1) {
          const id = `bench-friend-${String(i).padStart(5, '0')}`;
          const displayName = `Bench Friend ${String(i).padStart(5, '0')}`;
          const addedAt = new Date(now - i * 60_000).toISOString();
          order.push({ id, displayName, photoURL: null, addedAt });
          store.put({
            key: `users/${id}`,
            collection: 'users',
            id,
            version: version(),
            data: {
              displayName,
              email: `${id}@example.com`,
              photoURL: null,
              joinDate: now - i * 3_600_000,
              postCount: i % 7,
              bio: '',
              skills: ['JavaScript', 'React', 'TypeScript'].slice(0, (i % 3) + 1),
              friends: { [uid]: { id: uid, displayName: own.data.displayName, photoURL: null, addedAt } },
              friendCount: 1,
            },
          });
        }
        // Unsorted on purpose, as accepts over time would leave it: the app sorts by name.
        for (const friend of order.reverse()) friends[friend.id] = friend;
        store.put({ ...own, version: version(), data: { ...own.data, friends, friendCount: order.length } });
      };
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** Clears the key latencies and answers the time typing starts from. */
const startTyping = (page) =>
  page.evaluate(() => {
    window.__bench.keyLatencies = [];
    return performance.now();
  });

/** Key latencies, the longest task and the longest keyboard Event Timing entry since `from`. */
const typingFigures = (page, from) =>
  page.evaluate((since) => {
    const { keyLatencies, longTasks, events } = window.__bench;
    const keyboard = events.filter((entry) => entry.start >= since && /^key|input/.test(entry.name));
    return {
      latencies: keyLatencies,
      longest: longTasks.filter((task) => task.start >= since).reduce((max, task) => Math.max(max, task.duration), 0),
      eventMax: keyboard.reduce((max, entry) => Math.max(max, entry.duration), 0),
    };
  }, from);

const friendsPanel = (page) => page.getByRole('region', { name: /^Friends( \d+)?$/ });

async function waitForFriendsFrame(page) {
  await page.waitForFunction(() => window.__bench.friendsFrameAt !== null, null, { timeout: TIMEOUT_MS, polling: 50 });
  return page.evaluate(() => ({ dom: window.__bench.friendsDomAt, frame: window.__bench.friendsFrameAt }));
}

async function measureOnce(ctx, browser, run, count) {
  const context = await browser.newContext({ baseURL: ctx.url, serviceWorkers: 'block' });
  context.setDefaultTimeout(TIMEOUT_MS);
  context.setDefaultNavigationTimeout(TIMEOUT_MS);
  const errors = [];
  try {
    await context.addInitScript(instrumentPage, count);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // Blocking service workers (so none reloads the page mid-measurement) makes registration fail; the app only logs it.
      if (message.type() === 'error' && !message.text().startsWith('Service worker registration failed'))
        errors.push(message.text());
    });
    const user = {
      name: `Bench User ${run}`,
      email: `bench-${Date.now().toString(36)}-${run}@example.com`,
      password: PASSWORD,
    };
    await signUp(page, user);
    const href = await page
      .getByRole('banner')
      .getByRole('link', { name: /, your profile$/ })
      .getAttribute('href');
    const uid = decodeURIComponent(href.replace(/^\/profile\//, ''));

    const seedStart = Date.now();
    await page.evaluate(seedFriends, { uid, count });
    const seedMs = Date.now() - seedStart;

    // Cold load: a full navigation to /dashboard (the JS and CSS come from the HTTP cache, as for a returning user).
    await page.goto('/dashboard');
    const cold = await waitForFriendsFrame(page);
    const rows = await friendsPanel(page).getByRole('listitem').count();
    // Let the rest of the load (sign-in sagas, stale-request cleanup) finish before typing.
    await page.waitForTimeout(1000);
    const loadLongest = await page.evaluate((to) => {
      const tasks = window.__bench.longTasks;
      return tasks.filter((task) => task.start < to).reduce((max, task) => Math.max(max, task.duration), 0);
    }, cold.frame + 1000);

    // Typing in "Find a friend", one key at a time, as a person types.
    const filter = page.getByRole('searchbox', { name: 'Find a friend' });
    await filter.click();
    const typingFrom = await startTyping(page);
    const filterText = filterFor(count);
    await page.keyboard.type(filterText.text, { delay: 60 });
    await friendsPanel(page).getByRole('link', { name: filterText.lastName, exact: true }).waitFor();
    const filteredRows = await friendsPanel(page).getByRole('listitem').count();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace', { delay: 60 });
    await page.waitForTimeout(300);
    const typing = await typingFigures(page, typingFrom);

    // In-app navigation back to the dashboard from the own profile (the friends list is already in the store).
    await page
      .getByRole('banner')
      .getByRole('link', { name: /, your profile$/ })
      .click();
    await page.getByRole('heading', { level: 1, name: user.name }).waitFor();
    const clickAt = await page.evaluate(() => {
      window.__bench.reset();
      return performance.now();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const spa = await waitForFriendsFrame(page);
    const spaLongest = await page.evaluate(
      ([from, to]) =>
        window.__bench.longTasks
          .filter((t) => t.start >= from && t.start < to)
          .reduce((m, t) => Math.max(m, t.duration), 0),
      [clickAt, spa.frame],
    );

    // The explore search over the same 5,000 developers (the directory holds every bench friend).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
    await page.getByRole('region', { name: 'All developers' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search people' });
    await search.click();
    const exploreFrom = await startTyping(page);
    // The directory holds the first DIRECTORY_LIMIT (50) developers of exploreSagas: most of them bench friends.
    await page.keyboard.type(EXPLORE_QUERY, { delay: 60 });
    await page
      .getByRole('region', { name: 'Results' })
      .getByRole('link', { name: /^Bench Friend/ })
      .first()
      .waitFor();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace', { delay: 60 });
    await page.waitForTimeout(300);
    const exploreTyping = await typingFigures(page, exploreFrom);

    return {
      exploreKeyMax: Math.max(...exploreTyping.latencies),
      exploreKeyFirst: exploreTyping.latencies[0] ?? 0,
      exploreLongest: exploreTyping.longest,
      exploreEventMax: exploreTyping.eventMax,
      keyLatencyFirst: typing.latencies[0] ?? 0,
      seedMs,
      coldRender: cold.frame,
      coldDom: cold.dom,
      rows,
      filteredRows,
      loadLongest,
      keyLatencyMax: Math.max(...typing.latencies),
      keyLatencyMedian: median(typing.latencies),
      keys: typing.latencies.length,
      typingLongest: typing.longest,
      eventMax: typing.eventMax,
      spaRender: spa.frame - clickAt,
      spaLongest,
      errors,
    };
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  const runs = Number(ctx.options.runs || DEFAULT_RUNS);
  const count = Number(ctx.options.friends || DEFAULT_FRIENDS);
  const results = await measureRuns(ctx, runs, (browser, i) => measureOnce(ctx, browser, i, count));
  const med = (key) => median(results.map((result) => result[key]));
  const [load1] = os.loadavg();
  console.log(
    `${count} friends, median of ${runs} runs (host: ${os.cpus().length} CPUs, load average ${load1.toFixed(1)}).`,
  );
  console.log(
    `Seeded in ${ms(med('seedMs'))}; the panel showed ${results[0].rows} rows at first and ${results[0].filteredRows} after filtering.\n`,
  );
  const figures = [
    ['Cold load: navigation to friends panel painted', med('coldRender'), BUDGETS.coldRender],
    ['  (friends rows in the DOM)', med('coldDom'), null],
    ['In-app navigation: click to friends panel painted', med('spaRender'), BUDGETS.spaRender],
    ['Longest task during cold load', med('loadLongest'), BUDGETS.loadLongestTask],
    ['Longest task during in-app navigation', med('spaLongest'), null],
    [`Typing "${filterFor(count).text}": keystroke to next frame, max`, med('keyLatencyMax'), BUDGETS.keyLatencyMax],
    ['Typing: keystroke to next frame, median', med('keyLatencyMedian'), BUDGETS.keyLatencyMedian],
    ['Typing: longest task', med('typingLongest'), BUDGETS.typingLongestTask],
    ['Typing: longest Event Timing entry (0 = all < 16 ms)', med('eventMax'), BUDGETS.eventTimingMax],
    ['Typing: first keystroke to next frame', med('keyLatencyFirst'), BUDGETS.keyLatencyMax],
    [
      `Explore search, typing "${EXPLORE_QUERY}": keystroke to next frame, max`,
      med('exploreKeyMax'),
      BUDGETS.keyLatencyMax,
    ],
    ['Explore search: first keystroke to next frame', med('exploreKeyFirst'), BUDGETS.keyLatencyMax],
    ['Explore search: longest task', med('exploreLongest'), BUDGETS.typingLongestTask],
    ['Explore search: longest Event Timing entry (0 = all < 16 ms)', med('exploreEventMax'), BUDGETS.eventTimingMax],
  ];
  return printFigures(figures, results);
}
