// A tribe page whose post holds 1,000 comments, in Chromium on the production build at 4x CPU
// throttling: the longest main-thread task from pressing "1,000 comments" until the thread shows
// its newest 50, rendered (Markdown included) and painted; and how long that takes.
//
// Per run, in a fresh browser context: sign up through the UI, create a tribe and a post, then
// write 1,000 comments on the post (and its commentCount) straight into the app's IndexedDB
// ('devtribe-2', store 'docs', records { key: 'comments/<id>', collection, id, data, version };
// see src/backend/local/openLocalDatabase.ts): the app itself would take minutes to post them.
// The page is then loaded afresh, so the thread is read from the database like any other.
// Task durations come from a Chromium trace (RunTask events on the page's main thread), as in
// markdownCode.mjs; inside the traced window the click is the DOM's own and the wait a cheap poll.
// Median of --runs=N (default 3); a miss is printed as a miss. --comments=N seeds another count.
/* global document, indexedDB, requestAnimationFrame -- seedComments and the waits run in the page */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import { signUp } from '../../e2e/soak.mjs';
import { measureRuns, median, ms, printFigures } from '../lib.mjs';
import { longestTask } from './markdownCode.mjs';

export const title = 'Conversations: a post with 1,000 comments opens its thread (newest 50), 4x CPU (Chromium)';

const DEFAULT_RUNS = 3;
const DEFAULT_COMMENTS = 1000;
/** src/domain/conversationTypes.ts: the thread's live page. */
const PAGE_SIZE = 50;
const CPU_SLOWDOWN = 4;
const POLL_MS = 100;
const TIMEOUT_MS = 90_000;
export const BUDGET_MS = { longestTask: 100 };

/** Writes `count` comments on the post, a minute apart, the newest last, and the post's commentCount, in one transaction. */
function seedComments({ postId, tribeId, uid, name, count }) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('devtribe-2');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('docs', 'readwrite');
      const store = tx.objectStore('docs');
      const version = () => Math.random().toString(36).slice(2, 14);
      const now = Date.now();
      const getPost = store.get(`posts/${postId}`);
      getPost.onsuccess = () => {
        const post = getPost.result;
        if (!post) {
          tx.abort();
          reject(new Error(`no post ${postId}`));
          return;
        }
        for (let i = 0; i < count; i += 1) {
          const id = `bench-comment-${String(i).padStart(5, '0')}`;
          store.put({
            key: `comments/${id}`,
            collection: 'comments',
            id,
            version: version(),
            data: {
              commentId: id,
              postId,
              tribeId,
              authorId: uid,
              authorName: name,
              authorPhoto: null,
              // A little Markdown in each, as people write: emphasis, inline code, a link.
              body: `Comment ${i}: *try* \`cargo check\` first, then see [the book](https://doc.rust-lang.org/book/).`,
              parentId: null,
              createdAt: now - (count - i) * 60_000,
              editedAt: null,
              reactionCounts: i % 7 === 0 ? { heart: 1 + (i % 3) } : {},
            },
          });
        }
        store.put({ ...post, version: version(), data: { ...post.data, commentCount: count } });
      };
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** Runs `action` with a trace going and answers the longest main-thread task and the elapsed time. */
async function traced(browser, page, action) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const start = Date.now();
  let trace;
  try {
    await action();
    // The frame after the thread is painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  } finally {
    trace = await browser.stopTracing();
  }
  return { elapsed: Date.now() - start, longest: longestTask(trace) };
}

async function measureOnce(ctx, browser, run, count) {
  const context = await browser.newContext({ baseURL: ctx.url, serviceWorkers: 'block' });
  context.setDefaultTimeout(TIMEOUT_MS);
  context.setDefaultNavigationTimeout(TIMEOUT_MS);
  const errors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const name = `Bench Thread ${run}`;
    await signUp(page, {
      name,
      email: `bench-thread-${Date.now().toString(36)}-${run}@example.com`,
      password: 'correct-horse-42',
    });
    const uid = decodeURIComponent(
      (
        await page
          .getByRole('banner')
          .getByRole('link', { name: /, your profile$/ })
          .getAttribute('href')
      ).replace(/^\/profile\//, ''),
    );
    await page.goto('/tribes/create');
    await page.getByLabel('Name', { exact: true }).fill(`Bench Thread ${randomBytes(3).toString('hex')}`);
    await page.getByLabel('Add a topic').fill('Rust');
    await page.getByLabel('Add a topic').press('Enter');
    await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await page.getByLabel('Write a post').fill('Where do you start when the borrow checker says no?');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const conversation = page.locator('.conversation[data-post-id]');
    await conversation.waitFor();
    const postId = await conversation.getAttribute('data-post-id');
    const tribePath = new URL(page.url()).pathname;
    const tribeId = decodeURIComponent(tribePath.replace(/^\/tribes\//, ''));

    const seedStart = Date.now();
    await page.evaluate(seedComments, { postId, tribeId, uid, name, count });
    const seedMs = Date.now() - seedStart;

    // A fresh load of the page: the post with its count, the Markdown renderer there (the post uses it).
    await page.goto(tribePath);
    const label = `${count.toLocaleString('en-US')} comments`;
    await page.getByRole('button', { name: label, exact: true }).waitFor();
    await page.locator('.post__body p').first().waitFor();
    await page.waitForTimeout(1000);

    // Playwright's own helpers, injected into the page the first time a wait needs them: not in the figure.
    await page.waitForFunction(() => true, null, { polling: POLL_MS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let open;
    try {
      open = await traced(browser, page, async () => {
        await page.evaluate(() => document.querySelector('.conversation__toggle').click());
        await page.waitForFunction(
          (size) => {
            const items = document.querySelectorAll('ol.comments[aria-label="Comments"] > li');
            const last = items[items.length - 1];
            // Rendered: the Markdown renderer's output, not its plain fallback.
            return items.length === size && last?.querySelector('.comment__body a') !== null;
          },
          PAGE_SIZE,
          { polling: POLL_MS, timeout: TIMEOUT_MS },
        );
      });
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    const shown = await page.locator('ol.comments[aria-label="Comments"] > li').count();
    const newest = await page.locator('ol.comments[aria-label="Comments"] > li').last().textContent();
    if (!newest.includes(`Comment ${count - 1}:`))
      errors.push(`the thread's last comment is not the newest: ${newest}`);
    const earlier = await page.getByRole('button', { name: 'Show earlier comments', exact: true }).count();
    return { ...open, shown, earlier, seedMs, errors };
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  const runs = Number(ctx.options.runs || DEFAULT_RUNS);
  const count = Number(ctx.options.comments || DEFAULT_COMMENTS);
  const results = await measureRuns(ctx, runs, (browser, i) => measureOnce(ctx, browser, i, count));
  const med = (pick) => median(results.map(pick));
  const [load1] = os.loadavg();
  console.log(
    `${count} comments seeded in ${ms(med((r) => r.seedMs))}; the thread showed ${results[0].shown} with "Show earlier comments" ${results[0].earlier ? 'offered' : 'NOT offered'}. Median of ${runs} runs, CPU ${CPU_SLOWDOWN}x (host: ${os.cpus().length} CPUs, load average ${load1.toFixed(1)}: other work on the machine lengthens every task).\n`,
  );
  const figures = [
    ['Opening the thread: longest task', med((r) => r.longest), BUDGET_MS.longestTask],
    [`  (click to the frame with the newest ${PAGE_SIZE} rendered)`, med((r) => r.elapsed), null],
  ];
  return printFigures(figures, results);
}
