// Issue 2 journeys: sign up, log out, log in, reload, wrong password, and the route guards.
import { test } from 'node:test';

import {
  expectPath,
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

test(
  'sign up, log out, log in again, and the session survives a reload',
  withPage(env, async ({ page }) => {
    const user = newUser('journey');
    await signUp(page, user);

    await logOut(page);
    await logIn(page, user);
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');

    await page.reload();
    await expectVisible(heading(page, 'Dashboard'));
    await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
    await expectPath(page, '/dashboard');
  }),
);

test(
  'a wrong password shows "Wrong email or password" and stays signed out',
  withPage(env, async ({ page }) => {
    const user = newUser('wrong-password');
    await signUp(page, user);
    await logOut(page);

    await logIn(page, { email: user.email, password: 'not-the-password' });
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Wrong email or password' }));
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('link', { name: 'Log in', exact: true }));
  }),
);

test(
  'a signed-out visit to /dashboard goes to /login and returns there after logging in',
  withPage(env, async ({ page }) => {
    const user = newUser('return-to');
    await signUp(page, user);
    await logOut(page);

    await page.goto('/dashboard');
    await expectVisible(heading(page, 'Log in'));
    await expectPath(page, '/login');

    await logIn(page, user, { navigate: false });
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');
  }),
);

test(
  'after logging out on a page, the next log-in starts at the dashboard, not on that page',
  withPage(env, async ({ page }) => {
    const user = newUser('log-out-here');
    await signUp(page, user);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
    await expectVisible(heading(page, 'Explore People'));

    await logOut(page);
    await expectPath(page, '/login');
    await logIn(page, user, { navigate: false });
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');
  }),
);

test(
  'a signed-in visit to /login or /signup goes to /dashboard',
  withPage(env, async ({ page }) => {
    await signUp(page, newUser('guest-only'));

    for (const pathname of ['/login', '/signup']) {
      await page.goto(pathname);
      await expectVisible(heading(page, 'Dashboard'));
      await expectPath(page, '/dashboard');
    }
  }),
);
