// Accessibility on the production build, part 1: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on
// every signed-out route and its form errors, a new developer's empty states, the phone layout and
// the error fallback, each in the light and the dark colour scheme; any violation fails the test,
// which lists each rule, its impact and its first element. Also: with prefers-reduced-motion,
// nothing animates or transitions. The demo community's pages: a11y-signed-in.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { closeNotifications, demoLogin, openNotifications, settle, violationLog, visit } from './axe.mjs';
import { expectVisible, heading, logIn, newUser, signUp, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

// ---------- the pages, by what must be on screen when axe runs ----------

async function signedOutPages(page, log) {
  for (const path of ['/', '/learn-more', '/login', '/signup', '/forgot-password', '/no-such-page']) {
    await visit(page, path);
    await log.check(page, path);
  }

  // Error states of the forms: field errors, then a refused log-in.
  await visit(page, '/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, '/login, empty form submitted');
  await logIn(page, { email: 'nobody@example.com', password: 'wrong-password-1' }, { navigate: false });
  await expectVisible(page.getByRole('alert'));
  await log.check(page, '/login, wrong password');

  await visit(page, '/signup');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, '/signup, empty form submitted');

  await visit(page, '/forgot-password');
  await page.getByLabel('Email').fill('not-an-email');
  await page.locator('form button[type="submit"]').click();
  await expectVisible(page.locator('[aria-invalid="true"], [role="alert"]'));
  await log.check(page, '/forgot-password, invalid email');
}

/** A new developer: the empty states. */
async function newcomerPages(page, log) {
  const at = (what) => `signed in as a newcomer: ${what}`;
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

test(
  'every signed-out page and form error passes axe in both schemes',
  withPage(env, async ({ page }) => {
    const log = violationLog();
    await signedOutPages(page, log);
    log.assertNone();
  }),
);

test(
  'the empty states of a new developer pass axe in both schemes',
  withPage(env, async ({ page }) => {
    const log = violationLog();
    await signUp(page, newUser('a11y'));
    await newcomerPages(page, log);
    log.assertNone();
  }),
);

test(
  'the phone layout (sticky notices, full-width panel) passes axe in both schemes',
  withPage(
    env,
    async ({ page }) => {
      const log = violationLog();
      const checkBoth = (where) => log.check(page, `phone: ${where}`);
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
      for (const path of [
        '/explore',
        '/tribes/demo-tribe-frontend',
        '/project-matchmaking',
        '/project-matchmaking/demo-project-k8s-costs',
      ]) {
        await visit(page, path);
        await checkBoth(path);
      }
      log.assertNone();
    },
    { contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ),
);

test(
  'the error fallback (a route that cannot load) passes axe in both schemes',
  withPage(
    env,
    async ({ page }) => {
      const log = violationLog();
      await logIn(page, demoLogin('ada'));
      await expectVisible(heading(page, 'Dashboard'));
      await page.route(/\/assets\/route-tribes\.[^/]*\.js$/, (route) => route.abort());
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tribes', exact: true }).click();
      const fallback = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
      await expectVisible(fallback);
      await log.check(page, 'error fallback');
      log.assertNone();
    },
    {
      // The service worker could serve the chunk from its cache.
      contextOptions: { serviceWorkers: 'block' },
      allowErrors: [
        // The blocked chunk, and nothing else (as in chunks.test.mjs).
        /ChunkLoadError: Loading chunk \S+ failed\.\s+\(error: \S+\/route-tribes\./,
        /Failed to load resource: net::ERR_FAILED \(\S+\/route-tribes\./,
      ],
    },
  ),
);

test(
  'with prefers-reduced-motion, nothing animates or transitions',
  withPage(env, async ({ page }) => {
    /** Every element (and pseudo-element) whose animation or transition lasts longer than 10 ms. */
    const moving = () =>
      page.evaluate(() => {
        const seconds = (value) =>
          Math.max(
            ...value
              .split(',')
              .map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))),
          );
        const found = [];
        // A spinner as the route fallback shows it, added so its animation is always measured.
        const probe = document.createElement('div');
        probe.className = 'spinner';
        probe.innerHTML = '<span class="spinner__ring"></span>';
        document.body.append(probe);
        for (const element of document.querySelectorAll('*')) {
          for (const pseudo of [null, '::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            const animated =
              style.animationName !== 'none' &&
              seconds(style.animationDuration) *
                Number(
                  style.animationIterationCount === 'infinite'
                    ? Infinity
                    : Math.max(...style.animationIterationCount.split(',').map(Number)),
                ) >
                0.01;
            const transitioned = seconds(style.transitionDuration) + seconds(style.transitionDelay) > 0.01;
            if (animated || transitioned)
              found.push(`${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''}`);
          }
        }
        probe.remove();
        return found;
      });

    // Without the preference the spinner turns: the check can tell motion from none.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await visit(page, '/');
    assert.ok(
      (await moving()).some((entry) => entry.includes('spinner__ring')),
      'the spinner turns without reduced motion',
    );

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const paths = ['/', '/learn-more', '/login', '/signup'];
    for (const path of paths) {
      await visit(page, path);
      assert.deepEqual(await moving(), [], `moving on ${path}`);
    }
    await logIn(page, demoLogin('ada'));
    await expectVisible(heading(page, 'Dashboard'));
    for (const path of [
      '/dashboard',
      '/explore',
      '/tribes',
      '/tribes/demo-tribe-frontend',
      '/project-matchmaking',
      '/project-matchmaking/demo-project-a11y-kit',
      '/profile/demo-ada',
    ]) {
      await visit(page, path);
      assert.deepEqual(await moving(), [], `moving on ${path}`);
    }
    await openNotifications(page);
    assert.deepEqual(await moving(), [], 'moving with the notifications panel open');
  }),
);
