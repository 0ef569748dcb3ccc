// The installable app: service worker, offline start, install prompt card and its instructions,
// the update notice after a deploy, and Chromium's own installability check.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { startServer } from '../scripts/serve.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import {
  ACTION_TIMEOUT_MS,
  DIST_DIR,
  NAVIGATION_TIMEOUT_MS,
  ROOT,
  expectPath,
  expectVisible,
  heading,
  logOut,
  newUser,
  signUp,
  useBrowser,
  withPage,
  withPersistentPage,
} from './helpers.mjs';

const env = useBrowser();

// The app's constants (src/features/installPrompt/installPromptSagas.ts, src/platform/serviceWorker.ts).
const INSTALL_PROMPT_DELAY_MS = 5000;
const SERVICE_WORKER_UPDATE_INTERVAL_MS = 3_600_000;
const INSTALL_PROMPT_DISMISSED_KEY = 'devtribe.installPromptDismissed';
// A production build takes about a minute on two cores; the hook must not inherit the per-test limit.
const BUILD_TIMEOUT_MS = 10 * 60_000;

const installCard = (page) => page.getByRole('region', { name: 'Install DevTribe' });
const updateNotice = (page) => page.getByRole('region', { name: 'App update' });

async function expectAbsent(locator, message) {
  assert.equal(await locator.count(), 0, message);
}

/** Resolves once a service worker is active for the page's origin (not necessarily in control yet). */
async function serviceWorkerReady(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
}

/** The first load installs the worker; it controls the page from the next load on. */
async function takeControl(page) {
  await serviceWorkerReady(page);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Until React has rendered into #root (its nodes carry React's own properties; the prerendered
 * page's do not): the scripts, which the prerendered pages request after the first paint, have
 * run. Not a performance mark: the fake clock replaces `performance`.
 */
async function appStarted(page) {
  await page.waitForFunction(() => {
    const node = document.querySelector('#root > *');
    return node !== null && Object.keys(node).some((key) => key.startsWith('__react'));
  });
}

/**
 * Records the period of every interval the page sets on the fake clock (installed first), so a
 * test can wait until a timer exists before running the clock past it.
 */
async function recordIntervals(page) {
  await page.addInitScript(() => {
    const setInterval = window.setInterval;
    window.__intervals = [];
    window.setInterval = function (handler, ms, ...args) {
      window.__intervals.push(ms);
      return setInterval.call(this, handler, ms, ...args);
    };
  });
}

/**
 * The fake clock, paused: from here on the page's timers only move when the test says so.
 * Called after the page has rendered what it needs; before that, a paused clock would also
 * hold back React's Suspense reveal.
 */
async function pauseClock(page) {
  // The page's clock runs on while the test asks for it: on a busy machine the target can pass
  // before pauseAt arrives ("Cannot fast-forward to the past"), so read it again and retry.
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 20);
      return;
    } catch (error) {
      if (attempt >= 5 || !/fast-forward to the past/.test(String(error))) throw error;
    }
  }
}

/** Records console errors and uncaught errors, like helpers.mjs does for its own contexts. */
function recordErrors(context) {
  const errors = [];
  const watch = (page) => {
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

/** helpers.mjs's signUp, minus its navigation to /signup: the test has loaded that page already. */
async function submitSignUp(page, { name, email, password }) {
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectVisible(heading(page, 'Dashboard'));
  await expectPath(page, '/dashboard');
}

async function newOwnContext(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

test(
  'the service worker registers at /service-worker.js and controls the page after a reload',
  withPage(env, async ({ page, baseURL }) => {
    await page.goto('/');
    await expectVisible(page.getByRole('link', { name: 'Sign up' }));
    assert.equal(await serviceWorkerReady(page), `${baseURL}/service-worker.js`);
    assert.equal(
      await page.evaluate(() => navigator.serviceWorker.controller),
      null,
      'the first load is not controlled',
    );

    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(
      await page.evaluate(() => navigator.serviceWorker.controller.scriptURL),
      `${baseURL}/service-worker.js`,
    );
  }),
);

test(
  'Chromium finds the production build installable (Page.getInstallabilityErrors)',
  withPersistentPage(env, async ({ page, context }) => {
    await page.goto('/');
    await expectVisible(page.getByRole('link', { name: 'Sign up' }));
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    assert.equal(manifest.start_url, '/dashboard');
    assert.equal(manifest.display, 'standalone');
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      assert.equal(response.status(), 200, icon.src);
      assert.equal(response.headers()['content-type'], 'image/png', icon.src);
    }
  }),
);

test('offline: once visited, /dashboard and the other routes still load with the network cut', async () => {
  // Its own server, so it can really go away (setOffline alone may not cover the worker's fetches).
  const server = await startServer({ dir: DIST_DIR, port: 0 });
  let serverOpen = true;
  const context = await newOwnContext(env.browser, server.url);
  const errors = recordErrors(context);
  try {
    const page = await context.newPage();
    await signUp(page, newUser('offline'));
    await takeControl(page);
    await expectVisible(heading(page, 'Dashboard'));

    await context.setOffline(true);
    await server.close();
    serverOpen = false;

    await page.reload();
    await expectVisible(heading(page, 'Dashboard'));
    await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));

    // Never opened online: their chunks come from the precache too.
    await page.goto('/learn-more');
    await expectVisible(heading(page, 'Learn more about DevTribe'));
    await page.goto('/explore');
    await expectPath(page, '/explore');
    await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
    await expectAbsent(page.getByRole('heading', { name: 'Something went wrong' }), 'no error fallback offline');
  } finally {
    await context.close();
    if (serverOpen) await server.close();
  }
  assert.deepEqual(errors, [], `The page reported errors:\n${errors.join('\n')}`);
});

test(
  'the install card appears 5 s after a signed-in user opens /dashboard, not before; Maybe Later is for good',
  withPersistentPage(env, async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', () => {
        window.__installOffered = true;
      });
    });
    await page.clock.install();
    await page.goto('/signup');
    // Chromium makes its offer on page load (here, on /signup, where it only gets stored); waiting
    // for it keeps it from arriving on the dashboard and racing the timer.
    await page.waitForFunction(() => window.__installOffered === true);
    await submitSignUp(page, newUser('install-card'));

    await pauseClock(page);
    await expectAbsent(installCard(page), 'no card on arrival');
    // The timer started a moment before the clock was paused: a second of margin.
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS - 1000);
    await expectAbsent(installCard(page), 'no card before 5 s');
    await page.clock.runFor(1000);
    const card = installCard(page);
    await expectVisible(card);
    await expectVisible(card.getByRole('heading', { name: 'Install DevTribe' }));
    await expectVisible(card.getByText('Add to your home screen for quick access and a better experience!'));
    await expectVisible(card.getByRole('button', { name: 'Install App' }));
    await expectVisible(card.getByRole('button', { name: 'Close' }));

    await card.getByRole('button', { name: 'Maybe Later' }).click();
    await installCard(page).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), INSTALL_PROMPT_DISMISSED_KEY), 'true');

    await page.clock.resume();
    await page.reload();
    await expectVisible(heading(page, 'Dashboard'));
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS * 2);
    await expectAbsent(installCard(page), 'still hidden after a reload');
  }),
);

test(
  'the install card never shows on other pages or when signed out',
  withPage(env, async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectVisible(page.getByRole('link', { name: 'Sign up' }));
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS * 2);
    await expectAbsent(installCard(page), 'signed out on the home page');

    await signUp(page, newUser('other-pages'));
    // Away from the dashboard before the 5 s are up: the timer is cancelled.
    await page.getByRole('link', { name: 'Tribes', exact: true }).click();
    await expectPath(page, '/tribes');
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS * 2);
    await expectAbsent(installCard(page), 'on /tribes');
    await page.goto('/learn-more');
    await expectVisible(heading(page, 'Learn more about DevTribe'));
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS * 2);
    await expectAbsent(installCard(page), 'on /learn-more');

    await page.goto('/dashboard');
    await expectVisible(heading(page, 'Dashboard'));
    await logOut(page);
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS * 2);
    await expectAbsent(installCard(page), 'after signing out on the dashboard');
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS * 2);
    await expectAbsent(installCard(page), 'signed out, sent to /login');
  }),
);

test(
  'Install App without a native prompt opens the instructions; Got it! closes them',
  withPage(env, async ({ page }) => {
    await page.clock.install();
    await signUp(page, newUser('instructions'));
    await page.clock.runFor(INSTALL_PROMPT_DELAY_MS);
    const card = installCard(page);
    await expectVisible(card);

    const installButton = card.getByRole('button', { name: 'Install App' });
    await installButton.click();
    const dialog = page.getByRole('dialog', { name: 'How to install DevTribe' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('Android (Chrome or Edge)'));
    await expectVisible(dialog.getByText('iPhone or iPad (Safari)'));
    await expectVisible(dialog.getByText('Other browsers'));
    const gotIt = dialog.getByRole('button', { name: 'Got it!' });
    assert.equal(
      await gotIt.evaluate((element) => element === document.activeElement),
      true,
      'focus moves into the dialog',
    );

    await gotIt.click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await installButton.evaluate((element) => element === document.activeElement), true, 'focus returns');
    await expectVisible(card);

    await installButton.click();
    await expectVisible(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }),
);

// The suite's own limit covers the second build in its before hook (the per-test limit would not).
describe('after a deploy', { timeout: BUILD_TIMEOUT_MS + 5 * 60_000 }, () => {
  // A second build of the same app under the same origin: the "deploy". Any build-time setting
  // changes the main bundle and so the precache manifest; the seed switch is harmless here because
  // the origin's database was created (and seeded, or not) by the first build.
  let nextDir;
  let nextMainScript;

  const mainScriptOf = (dir) => {
    const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
    // Minified HTML drops the quotes around attribute values.
    const match = html.match(/src="?(\/assets\/main\.[0-9a-f]+\.js)/);
    assert.ok(match, `no main script in ${dir}/index.html`);
    return match[1];
  };

  before(
    async () => {
      const current = mainScriptOf(DIST_DIR);
      // The build's config is in the boot chunk the entry imports (src/main.tsx), named beside main in the HTML.
      const bootScript = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8').match(
        /\/assets\/boot\.[0-9a-f]+\.js/,
      )?.[0];
      assert.ok(bootScript, `no boot script in ${DIST_DIR}/index.html`);
      const bootSource = readFileSync(path.join(DIST_DIR, bootScript), 'utf8');
      const seedsNow = !/seedDemoCommunity:!1/.test(bootSource);
      nextDir = await mkdtemp(path.join(os.tmpdir(), 'devtribe-next-build-'));
      const webpackBin = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
      await new Promise((resolve, reject) => {
        const build = spawn(process.execPath, [webpackBin, '--mode', 'production'], {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, DEVTRIBE_OUT_DIR: nextDir, DEVTRIBE_SEED: seedsNow ? 'false' : 'true' },
        });
        build.on('error', reject);
        build.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`the second build exited with ${code}`)),
        );
      });
      nextMainScript = mainScriptOf(nextDir);
      assert.notEqual(nextMainScript, current, 'the second build must differ from the first');
      assert.ok(readdirSync(nextDir).includes('service-worker.js'));
    },
    { timeout: BUILD_TIMEOUT_MS },
  );

  after(async () => {
    if (nextDir) await rm(nextDir, { recursive: true, force: true });
  });

  test('a new build deployed under a running page shows the update notice; Update reloads onto it', async () => {
    let server = await startServer({ dir: DIST_DIR, port: 0 });
    const { port } = new URL(server.url);
    const context = await newOwnContext(env.browser, server.url);
    const errors = recordErrors(context);
    try {
      const page = await context.newPage();
      await page.clock.install();
      await recordIntervals(page);
      await page.goto('/learn-more');
      await expectVisible(heading(page, 'Learn more about DevTribe'));
      await takeControl(page);
      await expectVisible(heading(page, 'Learn more about DevTribe'));
      // The prerendered page shows before its scripts are requested (after the first paint).
      await appStarted(page);
      // The hourly check is set up once the page has loaded, workbox-window has arrived and the
      // registration has answered: after React's first render, and later still on a busy machine.
      await page.waitForFunction((ms) => window.__intervals.includes(ms), SERVICE_WORKER_UPDATE_INTERVAL_MS);
      const runningScript = await page.evaluate(() =>
        document.querySelector('script[src*="/assets/main."]').getAttribute('src'),
      );
      assert.notEqual(runningScript, nextMainScript);
      await expectAbsent(updateNotice(page), 'no notice while current');

      // Deploy: the same origin now serves the second build.
      await server.close();
      server = await startServer({ dir: nextDir, port: Number(port) });

      // The hourly check finds it; the new worker installs and waits for the user.
      await page.clock.runFor(SERVICE_WORKER_UPDATE_INTERVAL_MS);
      const notice = updateNotice(page);
      await expectVisible(notice);
      await expectVisible(notice.getByText('A new version of DevTribe is available.'));
      // Non-blocking: the page stays usable underneath.
      await expectVisible(heading(page, 'Learn more about DevTribe'));
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${colorScheme}: the update notice`);
      }

      const reloaded = page.waitForEvent('load');
      await notice.getByRole('button', { name: 'Update' }).click();
      await reloaded;
      await expectVisible(heading(page, 'Learn more about DevTribe'));
      await appStarted(page);
      assert.equal(
        await page.evaluate(() => document.querySelector('script[src*="/assets/main."]').getAttribute('src')),
        nextMainScript,
        'running the new build',
      );
      await expectAbsent(updateNotice(page), 'no notice after the update');
    } finally {
      await context.close();
      await server.close();
    }
    assert.deepEqual(errors, [], `The page reported errors:\n${errors.join('\n')}`);
  });
});
