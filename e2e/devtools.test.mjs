// Redux DevTools, as a developer uses it on a bug report: a journey recorded on the embedded
// backend (Ada logs in, accepts a friend request, opens the bell, a tribe, explore, a profile and
// a project, and comes back to her dashboard), exported as JSON and imported into a fresh tab (another
// browser context: no session, none of the feature code loaded), where every recorded state is
// jumped to in turn and then the last: no section boundary's message and no error fallback may
// show at any of them, and the last must show the recorded screen (the signed-in name, the bell,
// the friends count). The recording tab jumps back to before the dashboard existed and forward
// again, the time travel that used to leave its panels broken.
//
// Headless Chromium cannot load the extension: e2e/devtoolsExtension.mjs stands in for it, with
// its interface, installed before the app's scripts. Production builds have no DevTools: this
// file runs against one built with DEVTRIBE_DEVTOOLS=true, named by E2E_DEVTOOLS_DIST_DIR (e2e/run.mjs
// builds it first), or built here when the file runs on its own (e2e/devtoolsBuild.mjs).
//
// Negative controls, each run by hand against a build with the change: the dashboard's selectors
// reading `state.dashboard` without selectLazySlice, as they did, fail it at the recording tab's
// jump ("This panel could not be loaded.", five panels); a store that does not load the code an
// imported state names fails it at the import. src/app/lazySlice.test.ts keeps the selector
// control in jest on every run.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { buildWithDevTools } from './devtoolsBuild.mjs';
import { installDevToolsStandIn } from './devtoolsExtension.mjs';
import {
  ACTION_TIMEOUT_MS,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  NAVIGATION_TIMEOUT_MS,
  expectPath,
  expectVisible,
  heading,
  logIn,
  withPage,
} from './helpers.mjs';

const ADA = { name: 'Ada Okafor', email: 'ada@demo.devtribe.dev', password: 'devtribe-demo' };
const BUILD_TIMEOUT_MS = 600_000;

/** What a section boundary or the top-level fallback shows (SectionBoundary, ErrorFallback). */
const BROKEN = '.section-error, :text("Something went wrong")';

// ---------- a production build with DevTools ----------

const env = { baseURL: '', browser: null };
let server;
let buildDir = null;

before(
  async () => {
    let distDir = process.env.E2E_DEVTOOLS_DIST_DIR;
    if (!distDir) {
      buildDir = await mkdtemp(path.join(os.tmpdir(), 'devtribe-devtools-'));
      await buildWithDevTools(buildDir, { stdio: ['ignore', 'ignore', 'inherit'] });
      distDir = buildDir;
    }
    assert.ok(existsSync(path.join(distDir, 'index.html')), `No build in ${distDir}`);
    server = await startServer({ dir: distDir, port: 0 });
    env.baseURL = server.url;
    env.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  },
  { timeout: BUILD_TIMEOUT_MS },
);

after(async () => {
  await env.browser?.close();
  await server?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

// ---------- the stand-in ----------

const devTools = (page, method, ...args) =>
  page.evaluate(([name, values]) => window.__REDUX_DEVTOOLS_STAND_IN__[name](...values), [method, args]);

/** Waits for React to commit what the last jump changed: two frames. */
const nextFrames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function jumpTo(page, index) {
  await devTools(page, 'jumpToState', index);
  await nextFrames(page);
}

async function expectNothingBroken(page, where) {
  const broken = page.locator(BROKEN);
  const count = await broken.count();
  assert.equal(count, 0, `${where}: ${count ? await broken.first().textContent() : ''}`);
}

// ---------- the screen ----------

const banner = (page) => page.getByRole('banner');
const bell = (page) => banner(page).getByRole('button', { name: /^Notifications/ });
const friendsTitle = (page) => page.locator('#friends-title');

/** What the recorded screen is checked by: where, who, the bell, the friends count, the moderation link. */
async function screenOf(page) {
  await expectVisible(heading(page, 'Dashboard'));
  await expectVisible(friendsTitle(page).locator('.count'));
  return {
    path: new URL(page.url()).pathname,
    name: await banner(page).locator('.header__name').textContent(),
    bell: await bell(page).getAttribute('aria-label'),
    friends: (await friendsTitle(page).textContent())?.trim(),
    moderationLinks: await banner(page).getByRole('link', { name: 'Moderation' }).count(),
  };
}

async function openFromNav(page, label, title) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await expectVisible(heading(page, title));
}

/** Ada's journey; leaves her on her dashboard with every panel read. */
async function recordJourney(page) {
  await logIn(page, ADA);
  await expectPath(page, '/dashboard');
  await expectVisible(heading(page, 'Dashboard'));

  const requests = page.getByRole('region', { name: /^Friend requests/ });
  const accept = requests.getByRole('button', { name: /^Accept / }).first();
  await expectVisible(accept);
  const before = (await friendsTitle(page).textContent())?.trim();
  await accept.click();
  await page.waitForFunction(
    (previous) => document.querySelector('#friends-title')?.textContent?.trim() !== previous,
    before,
  );

  await bell(page).click();
  await expectVisible(page.getByRole('region', { name: 'Notifications', exact: true }));
  await page.keyboard.press('Escape');

  await openFromNav(page, 'Tribes', 'Explore Tribes');
  const tribe = page.getByRole('article').first().getByRole('link').first();
  const tribeName = await tribe.textContent();
  await tribe.click();
  await expectVisible(heading(page, tribeName));

  await openFromNav(page, 'Explore', 'Explore People');
  const person = page.getByRole('article').first().getByRole('link').first();
  const personName = await person.textContent();
  await person.click();
  await expectVisible(heading(page, personName));

  await openFromNav(page, 'Projects', 'Project Matchmaking');
  const project = page.getByRole('article').first().getByRole('link').first();
  const projectTitle = await project.textContent();
  await project.click();
  await expectVisible(heading(page, projectTitle));

  await openFromNav(page, 'Dashboard', 'Dashboard');
  await expectVisible(page.getByRole('heading', { name: /^My tribes/ }));
}

/** Records a fresh context's page errors and console errors (the helpers do the same for withPage's context). */
function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack || error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

test(
  'a recorded journey, imported into a fresh tab, shows every recorded state and ends on the recorded screen',
  withPage(env, async ({ page, t }) => {
    await page.addInitScript(installDevToolsStandIn);
    await recordJourney(page);
    const recorded = await screenOf(page);
    assert.equal(recorded.name, ADA.name);

    // The app configured DevTools: a name, traces, sanitizers, room for the whole journey.
    const options = await devTools(page, 'options');
    assert.deepEqual(
      {
        name: options.name,
        trace: options.trace,
        actionSanitizer: options.actionSanitizer,
        stateSanitizer: options.stateSanitizer,
      },
      { name: 'DevTribe', trace: true, actionSanitizer: true, stateSanitizer: true },
    );
    // Locked from here, so the tab's own sagas add nothing to the log while it is replayed.
    await devTools(page, 'lock', true);
    const actions = await devTools(page, 'actions');
    assert.ok(actions.length > 30, `only ${actions.length} actions recorded`);
    assert.ok(
      actions.some((entry) => entry.action.type === 'friends/acceptRequested'),
      'the accept is in the log',
    );
    assert.ok(actions.at(-1).stack, 'actions carry the stack that dispatched them');
    assert.deepEqual(await devTools(page, 'errors'), []);

    // Time travel in the recording tab: back to the first signed-in state, before the dashboard's
    // state existed, then forward to the end.
    const last = (await devTools(page, 'stateCount')) - 1;
    const firstSignedIn = actions.findIndex(
      (entry) => entry.action.type === 'session/authStateChanged' && entry.action.payload.user,
    );
    assert.ok(firstSignedIn > 0, 'the log has the sign-in');
    await jumpTo(page, firstSignedIn);
    assert.equal((await devTools(page, 'currentState')).dashboard, undefined, 'the dashboard state did not exist yet');
    await expectNothingBroken(page, `recording tab, state ${firstSignedIn}`);
    await jumpTo(page, last);
    await expectNothingBroken(page, 'recording tab, back at the end');
    assert.deepEqual(await screenOf(page), recorded);

    const log = await devTools(page, 'exportLog');

    // A fresh tab: another context, signed out, none of the feature code loaded.
    const context = await env.browser.newContext({ baseURL: env.baseURL });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    try {
      const fresh = await context.newPage();
      const errors = watchErrors(fresh);
      await fresh.addInitScript(installDevToolsStandIn);
      await fresh.goto('/login');
      await fresh.waitForFunction(() => window.__REDUX_DEVTOOLS_STAND_IN__.connected());
      await fresh.waitForFunction(
        () => window.__REDUX_DEVTOOLS_STAND_IN__.currentState().session.status === 'signedOut',
      );
      const loadedBefore = await devTools(fresh, 'currentState');
      assert.deepEqual(loadedBefore.loadedFeatures, [], 'the fresh tab starts with no feature loaded');

      // Locked first, so nothing this tab's sagas do (they are signed out here) joins the log.
      await devTools(fresh, 'lock', true);
      await devTools(fresh, 'importLog', log);
      // The import named the features; their code loads and every state is recomputed with them.
      await fresh.waitForFunction(() => window.__REDUX_DEVTOOLS_STAND_IN__.currentState().friends !== undefined);
      assert.deepEqual(await devTools(fresh, 'errors'), []);
      const count = await devTools(fresh, 'stateCount');
      assert.equal(count, last + 1);

      for (let index = 0; index < count; index += 1) {
        await jumpTo(fresh, index);
        await expectNothingBroken(fresh, `fresh tab, state ${index} (${actions[index].action.type})`);
      }
      await jumpTo(fresh, last);
      await expectPath(fresh, '/dashboard');
      assert.deepEqual(await screenOf(fresh), recorded);
      await expectNothingBroken(fresh, 'fresh tab, back at the end');

      // The fresh tab's signed-out sagas read nothing; what they were refused is all it reports.
      const unexpected = errors.filter((text) => !/Missing or insufficient permissions/.test(text));
      assert.deepEqual(unexpected, [], `The fresh tab reported errors:\n${unexpected.join('\n')}`);
      t.diagnostic(
        `${count} recorded states replayed in the fresh tab; ${errors.length - unexpected.length} refused reads reported there`,
      );
    } finally {
      await context.close();
    }
  }),
);
