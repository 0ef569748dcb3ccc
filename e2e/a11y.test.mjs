// Accessibility on the production build: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every
// route, signed out and signed in as demo developers of the embedded backend, in the light and
// the dark colour scheme, with the panels and dialogs open, empty and error states included.
// Any violation fails the test, which lists each rule, its impact and its first element.
// Also: with prefers-reduced-motion, nothing on any of those pages animates or transitions.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { violationLog } from './axe.mjs';
import { expectPath, expectVisible, heading, logIn, newUser, signUp, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const SCHEMES = ['light', 'dark'];
const DEMO_COMMUNITY_PASSWORD = 'devtribe-demo';
const demoLogin = (key) => ({ email: `${key}@demo.devtribe.dev`, password: DEMO_COMMUNITY_PASSWORD });

/** Waits until the page shows its content: no splash, no spinner, nothing busy, a level-one heading. */
async function settle(page) {
  await page.waitForFunction(
    () => !document.querySelector('#splash, .spinner, [aria-busy="true"]') && document.querySelector('h1') !== null,
  );
  // Two frames: what the last state change rendered is laid out and painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function visit(page, path) {
  await page.goto(path);
  await settle(page);
}

// ---------- the pages, by what must be on screen when axe runs ----------

async function signedOutPages(page, scheme, log) {
  const at = (what) => `${scheme} ${what}`;
  for (const path of ['/', '/learn-more', '/login', '/signup', '/forgot-password', '/no-such-page']) {
    await visit(page, path);
    await log.check(page, at(path));
  }

  // Error states of the forms: field errors, then a refused log-in.
  await visit(page, '/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, at('/login, empty form submitted'));
  await logIn(page, { email: 'nobody@example.com', password: 'wrong-password-1' }, { navigate: false });
  await expectVisible(page.getByRole('alert'));
  await log.check(page, at('/login, wrong password'));

  await visit(page, '/signup');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, at('/signup, empty form submitted'));

  await visit(page, '/forgot-password');
  await page.getByLabel('Email').fill('not-an-email');
  await page.locator('form button[type="submit"]').click();
  await expectVisible(page.locator('[aria-invalid="true"], [role="alert"]'));
  await log.check(page, at('/forgot-password, invalid email'));
}

async function openNotifications(page) {
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  await expectVisible(page.getByRole('region', { name: 'Notifications', exact: true }));
}

async function closeNotifications(page) {
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Notifications', exact: true }).waitFor({ state: 'hidden' });
}

/** Runs axe on the open dialog named `name`, then closes it with Escape. */
async function checkDialog(page, log, name, where) {
  const dialog = page.getByRole('dialog', { name });
  await expectVisible(dialog);
  await log.check(page, where);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** Ada: friends, a request waiting, a request sent, tribe owner with posts, member of a project. */
async function adaPages(page, scheme, log) {
  const at = (what) => `${scheme} signed in as Ada: ${what}`;

  // The dashboard, its notifications panel, the remove-friend confirmation, the install card and its instructions.
  await visit(page, '/dashboard');
  await log.check(page, at('/dashboard'));
  await openNotifications(page);
  await log.check(page, at('/dashboard, notifications panel open'));
  await closeNotifications(page);
  await page.getByRole('button', { name: /^Remove friend / }).first().click();
  await checkDialog(page, log, /from your friends\?$/, at('/dashboard, remove-friend confirmation'));
  const installCard = page.getByRole('region', { name: 'Install DevTribe' });
  await expectVisible(installCard);
  await log.check(page, at('/dashboard, install card'));
  await installCard.getByRole('button', { name: 'Install App' }).click();
  await checkDialog(page, log, 'How to install DevTribe', at('/dashboard, install instructions'));

  // Profiles: her own (and its editor with an error), a friend's with the remove confirmation, a missing one.
  await visit(page, '/profile/demo-ada');
  await log.check(page, at('own profile'));
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const displayName = page.getByLabel('Display name');
  await expectVisible(displayName);
  await log.check(page, at('own profile, editor open'));
  await displayName.fill('');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, at('own profile, editor with an error'));
  await visit(page, '/profile');
  await log.check(page, at('/profile'));
  await visit(page, '/profile/demo-amara');
  await log.check(page, at('a friend\'s profile'));
  await page.getByRole('group', { name: 'Friendship with Amara Mensah' }).getByRole('button', { name: 'Remove friend' }).click();
  await checkDialog(page, log, 'Remove Amara Mensah from your friends?', at('a friend\'s profile, remove-friend confirmation'));
  await visit(page, '/profile/demo-zanele');
  await log.check(page, at('profile of someone whose request waits'));
  await visit(page, '/profile/no-such-user');
  await log.check(page, at('a missing profile'));

  // Explore: everyone, then a search that finds nobody.
  await visit(page, '/explore');
  await log.check(page, at('/explore'));
  await page.getByRole('searchbox', { name: 'Search people' }).fill('zzzz no such developer');
  await expectVisible(page.getByText('No developers match your search.'));
  await log.check(page, at('/explore, nobody found'));

  // Tribes: the directory, an empty search, the create form (and its errors), a tribe she owns
  // (with the delete-post confirmation), one she is not in, a missing one.
  await visit(page, '/tribes');
  await log.check(page, at('/tribes'));
  await page.getByRole('searchbox', { name: 'Search tribes' }).fill('zzzz no such tribe');
  await expectVisible(page.getByText(/^No tribes match/));
  await log.check(page, at('/tribes, nothing found'));
  await visit(page, '/tribes/create');
  await log.check(page, at('/tribes/create'));
  await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, at('/tribes/create, empty form submitted'));
  await visit(page, '/tribes/demo-tribe-frontend');
  await log.check(page, at('a tribe she owns'));
  await page.getByRole('list', { name: 'Posts' }).getByRole('button', { name: 'Delete' }).first().click();
  await checkDialog(page, log, 'Delete this post?', at('a tribe she owns, delete-post confirmation'));
  await visit(page, '/tribes/demo-tribe-rust');
  await log.check(page, at('a tribe she is not in'));
  await visit(page, '/tribes/demo-tribe-ml');
  await log.check(page, at('a by-request tribe'));
  await visit(page, '/tribes/no-such-tribe');
  await log.check(page, at('a missing tribe'));

  // Projects: the ranked list, the create form (and its errors), a project she is in, one she can
  // apply to, a completed one, a missing one.
  await visit(page, '/project-matchmaking');
  await log.check(page, at('/project-matchmaking'));
  await page.getByRole('button', { name: 'Create project', exact: true }).click();
  const form = page.getByRole('region', { name: 'Create project' });
  await expectVisible(form);
  await log.check(page, at('/project-matchmaking, create form open'));
  await form.getByRole('button', { name: 'Create project' }).click();
  await expectVisible(form.locator('[aria-invalid="true"]'));
  await log.check(page, at('/project-matchmaking, create form with errors'));
  for (const id of ['demo-project-a11y-kit', 'demo-project-k8s-costs', 'demo-project-meetup-site', 'no-such-project']) {
    await visit(page, `/project-matchmaking/${id}`);
    await log.check(page, at(`/project-matchmaking/${id}`));
  }

  await visit(page, '/no-such-page');
  await log.check(page, at('/no-such-page'));
}

/** Owners with requests waiting: Grace's by-request tribe, Zanele's project. */
async function ownerPages(page, scheme, log) {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await logIn(page, demoLogin('grace'));
  await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
  await visit(page, '/tribes/demo-tribe-ml');
  await log.check(page, `${scheme} signed in as Grace: her tribe with a join request`);
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await logIn(page, demoLogin('zanele'));
  await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
  await visit(page, '/project-matchmaking/demo-project-crop-yield');
  await log.check(page, `${scheme} signed in as Zanele: her project with a request`);
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
}

/** A new developer: the empty states. */
async function newcomerPages(page, scheme, log) {
  const at = (what) => `${scheme} signed in as a newcomer: ${what}`;
  await visit(page, '/dashboard');
  await log.check(page, at('/dashboard'));
  await openNotifications(page);
  await expectVisible(page.getByText('You are all caught up', { exact: false }));
  await log.check(page, at('/dashboard, empty notifications panel'));
  await closeNotifications(page);
  for (const path of ['/profile', '/tribes', '/project-matchmaking', '/explore']) {
    await visit(page, path);
    await log.check(page, at(path));
  }
}

// ---------- tests ----------

for (const scheme of SCHEMES) {
  test(`${scheme}: every signed-out page and form error passes axe`, withPage(env, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const log = violationLog();
    await signedOutPages(page, scheme, log);
    log.assertNone();
  }, { allowErrors: [/^console\.error: Failed to load resource: the server responded with a status of 4\d\d/] }));

  test(`${scheme}: every signed-in page, panel and dialog passes axe`, withPage(env, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const log = violationLog();
    await logIn(page, demoLogin('ada'));
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');
    await adaPages(page, scheme, log);
    await ownerPages(page, scheme, log);
    log.assertNone();
  }));

  test(`${scheme}: the empty states of a new developer pass axe`, withPage(env, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const log = violationLog();
    await signUp(page, newUser(`a11y-${scheme}`));
    await newcomerPages(page, scheme, log);
    log.assertNone();
  }));
}

test('the phone layout (sticky notices, full-width panel) passes axe in both schemes', withPage(env, async ({ page }) => {
  const log = violationLog();
  const checkBoth = async (where) => {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await log.check(page, `phone, ${scheme}: ${where}`);
    }
  };
  for (const path of ['/', '/login']) {
    await visit(page, path);
    await checkBoth(path);
  }
  await logIn(page, demoLogin('ada'));
  await expectVisible(heading(page, 'Dashboard'));
  await settle(page);
  await expectVisible(page.getByRole('region', { name: 'Install DevTribe' }));
  await checkBoth('/dashboard with the install card');
  await openNotifications(page);
  await checkBoth('/dashboard, notifications panel open');
  await closeNotifications(page);
  for (const path of ['/explore', '/tribes/demo-tribe-frontend', '/project-matchmaking', '/project-matchmaking/demo-project-k8s-costs']) {
    await visit(page, path);
    await checkBoth(path);
  }
  log.assertNone();
}, { contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } }));

test('the error fallback (a route that cannot load) passes axe in both schemes', withPage(env, async ({ page }) => {
  const log = violationLog();
  await logIn(page, demoLogin('ada'));
  await expectVisible(heading(page, 'Dashboard'));
  await page.route(/\/assets\/route-tribes\.[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tribes', exact: true }).click();
  const fallback = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
  await expectVisible(fallback);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await log.check(page, `${scheme} error fallback`);
  }
  log.assertNone();
}, {
  // The service worker could serve the chunk from its cache.
  contextOptions: { serviceWorkers: 'block' },
  allowErrors: [
    // The blocked chunk, and nothing else (as in chunks.test.mjs).
    /ChunkLoadError: Loading chunk \S+ failed\.\s+\(error: \S+\/route-tribes\./,
    /Failed to load resource: net::ERR_FAILED \(\S+\/route-tribes\./,
  ],
}));

test('with prefers-reduced-motion, nothing animates or transitions', withPage(env, async ({ page }) => {
  /** Every element (and pseudo-element) whose animation or transition lasts longer than 10 ms. */
  const moving = () =>
    page.evaluate(() => {
      const seconds = (value) => Math.max(...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))));
      const found = [];
      // A spinner as the route fallback shows it, added so its animation is always measured.
      const probe = document.createElement('div');
      probe.className = 'spinner';
      probe.innerHTML = '<span class="spinner__ring"></span>';
      document.body.append(probe);
      for (const element of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          const animated = style.animationName !== 'none' && seconds(style.animationDuration) * Number(style.animationIterationCount === 'infinite' ? Infinity : Math.max(...style.animationIterationCount.split(',').map(Number))) > 0.01;
          const transitioned = seconds(style.transitionDuration) + seconds(style.transitionDelay) > 0.01;
          if (animated || transitioned) found.push(`${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''}`);
        }
      }
      probe.remove();
      return found;
    });

  // Without the preference the spinner turns: the check can tell motion from none.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await visit(page, '/');
  assert.ok((await moving()).some((entry) => entry.includes('spinner__ring')), 'the spinner turns without reduced motion');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  const paths = ['/', '/learn-more', '/login', '/signup'];
  for (const path of paths) {
    await visit(page, path);
    assert.deepEqual(await moving(), [], `moving on ${path}`);
  }
  await logIn(page, demoLogin('ada'));
  await expectVisible(heading(page, 'Dashboard'));
  for (const path of ['/dashboard', '/explore', '/tribes', '/tribes/demo-tribe-frontend', '/project-matchmaking', '/project-matchmaking/demo-project-a11y-kit', '/profile/demo-ada']) {
    await visit(page, path);
    assert.deepEqual(await moving(), [], `moving on ${path}`);
  }
  await openNotifications(page);
  assert.deepEqual(await moving(), [], 'moving with the notifications panel open');
}));
