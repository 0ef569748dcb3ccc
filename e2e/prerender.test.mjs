// The public pages are prerendered at build time (scripts/prerender.js): their HTML already is
// the page, before any script runs, and the app takes it over after the first auth check.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  expectPath,
  expectTitle,
  expectVisible,
  heading,
  logIn,
  logOut,
  newUser,
  signUp,
  useBrowser,
  withPage,
} from './helpers.mjs';

const env = useBrowser();

const PAGES = [
  { path: '/', title: 'Home | DevTribe', heading: 'Find your people. Build together.' },
  { path: '/learn-more', title: 'Learn More | DevTribe', heading: 'Learn more about DevTribe' },
  { path: '/login', title: 'Login | DevTribe', heading: 'Log in', fields: ['Email', 'Password'], submit: 'Log in' },
  {
    path: '/signup',
    title: 'Sign Up | DevTribe',
    heading: 'Create your account',
    fields: ['Display name', 'Email', 'Password', 'Confirm password'],
    submit: 'Sign up',
  },
  { path: '/forgot-password', title: 'Forgot Password | DevTribe', heading: 'Reset your password', fields: ['Email'] },
];

test(
  'with JavaScript off, each public page is in its HTML: title, heading, text and its form (disabled)',
  withPage(
    env,
    async ({ page }) => {
      for (const expected of PAGES) {
        await page.goto(expected.path);
        assert.equal(await page.title(), expected.title, `title of ${expected.path}`);
        await expectVisible(heading(page, expected.heading));
        // The signed-out header and the footer are there too, so nothing moves when the app takes over.
        await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }));
        await expectVisible(page.getByRole('contentinfo').getByRole('link', { name: 'Learn more' }));
        for (const label of expected.fields ?? []) {
          const field = page.getByLabel(label, { exact: true });
          await expectVisible(field);
          assert.equal(await field.isDisabled(), true, `${label} on ${expected.path} waits for the app`);
        }
        if (expected.submit) {
          assert.equal(await page.getByRole('button', { name: expected.submit, exact: true }).isDisabled(), true);
        }
      }
      // The rest of the app has no page of its own: the splash until the app starts.
      await page.goto('/dashboard');
      await expectVisible(page.getByRole('status').getByText('Starting DevTribe…'));
      assert.equal(await page.title(), 'DevTribe');
    },
    { contextOptions: { javaScriptEnabled: false } },
  ),
);

test(
  'served like hosting: compressed by Accept-Encoding, entry pages revalidated, hashed assets immutable',
  withPage(env, async ({ page }) => {
    for (const encoding of ['br', 'gzip']) {
      const response = await page.request.get('/login', { headers: { 'Accept-Encoding': encoding } });
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['content-encoding'], encoding);
      assert.equal(response.headers()['cache-control'], 'no-cache');
      assert.match(await response.text(), /<title>Login \| DevTribe<\/title>/);
    }
    const html = await (await page.request.get('/')).text();
    const script = /src="?(\/assets\/main\.[0-9a-f]+\.js)/.exec(html)?.[1];
    assert.ok(script, 'the home page loads the main script');
    const asset = await page.request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(asset.headers()['content-encoding'], 'gzip');
    assert.equal(asset.headers()['cache-control'], 'public, max-age=31536000, immutable');
    const shell = await (await page.request.get('/tribes/anything')).text();
    assert.match(shell, /Starting DevTribe/);
  }),
);

test(
  'after start-up the prerendered page works; a signed-in visitor to /login still goes to /dashboard',
  withPage(env, async ({ page }) => {
    const user = newUser('prerender');
    await signUp(page, user);
    await logOut(page);

    await page.goto('/login');
    await expectTitle(page, 'Login | DevTribe');
    // The live form replaces the static one: its fields take input once the app runs.
    const email = page.getByLabel('Email', { exact: true });
    await page.waitForFunction(() => {
      const input = document.querySelector('input[name="email"]');
      return input !== null && !input.disabled;
    });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectVisible(page.getByText('Enter a valid email address'));

    await logIn(page, user, { navigate: false });
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');

    await page.goto('/login');
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');
    await expectTitle(page, 'Dashboard | DevTribe');
  }),
);

test(
  'a link tabbed to on the prerendered page keeps the focus when the app takes over',
  withPage(env, async ({ page }) => {
    // The app's code waits until the keyboard has moved through the static page.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/assets\/boot\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await expectVisible(heading(page, 'Log in'));
    const signUpLink = () => page.getByRole('banner').getByRole('link', { name: 'Sign up', exact: true });
    for (
      let presses = 0;
      presses < 20 && !(await signUpLink().evaluate((link) => link === document.activeElement));
      presses += 1
    ) {
      await page.keyboard.press('Tab');
    }
    assert.equal(
      await signUpLink().evaluate((link) => link === document.activeElement),
      true,
      'Tab reaches Sign up on the static page',
    );
    const staticLink = await signUpLink().elementHandle();

    release();
    // The app has taken over: the live form's fields are enabled, the static link is gone.
    await page.waitForFunction(() => document.querySelector('input[name="email"]')?.disabled === false);
    assert.equal(await staticLink.evaluate((link) => link.isConnected), false, 'the static markup was replaced');
    assert.equal(
      await signUpLink().evaluate((link) => link === document.activeElement && link.matches(':focus-visible')),
      true,
      "the app's Sign up link has the visible focus",
    );
    // The next Tab goes on from there, not from the top of the page.
    await page.keyboard.press('Tab');
    assert.notEqual(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Skip to content');
  }),
);

test(
  "when the app's code cannot load, the spec's error fallback shows, and Reload Page starts the app",
  withPage(
    env,
    async ({ page }) => {
      const boot = /\/assets\/boot\.[0-9a-f]+\.js$/;
      await page.route(boot, (route) => route.abort());
      await page.goto('/login');
      await expectVisible(page.getByRole('alert').getByRole('heading', { name: 'Something went wrong' }));
      await expectVisible(page.getByText('There was an error loading DevTribe. Reloading the page usually fixes it.'));
      // Back online: Reload Page starts the app.
      await page.unroute(boot);
      await page.getByRole('button', { name: 'Reload Page' }).click();
      await page.waitForFunction(() => document.querySelector('input[name="email"]')?.disabled === false);
      await expectVisible(heading(page, 'Log in'));
      assert.equal(await page.getByRole('alert').count(), 0);
    },
    {
      allowErrors: [
        /^console\.error: Failed to load resource: net::ERR_FAILED/,
        /^console\.error: DevTribe could not start: ChunkLoadError/,
      ],
    },
  ),
);
