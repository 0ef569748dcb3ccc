// The Firebase build on the Auth and Firestore emulators: sign up (the profile document written
// through the real rules), log out without an error from a read still running, log in again, the
// session after a reload, and a wrong password.
import { test } from 'node:test';

import { expectPath, expectVisible, heading, logIn, logOut, newUser, signUp, useBrowser } from '../helpers.mjs';
import { SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

const WRONG_PASSWORD = {
  // Auth's REST API answers a wrong password with 400, which Chromium logs for any failed request.
  allowErrors: [
    /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(\S+\/accounts:signInWithPassword\?/,
  ],
};

test(
  'Firebase build: sign up, log out, log in again, and the session survives a reload',
  { skip: SKIP_REASON },
  withUsers(env, 1, async ({ pages: [page] }) => {
    const user = newUser('fb-session');
    await signUp(page, user);
    await expectVisible(page.getByRole('banner').getByText(user.name, { exact: true }));

    // Log out from a page that reads (the dashboard's panels listen to Firestore): nothing may log an error.
    await logOut(page);
    await expectPath(page, '/login');
    await logIn(page, user, { navigate: false });
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');
    await expectVisible(page.getByRole('banner').getByText(user.name, { exact: true }));

    await page.reload();
    await expectVisible(heading(page, 'Dashboard'));
    await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
    await expectPath(page, '/dashboard');

    // A second log-out after the reload, this time from a profile page.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /, your profile$/ })
      .click();
    await expectVisible(heading(page, user.name));
    await logOut(page);
  }),
);

test(
  'Firebase build: a wrong password shows "Wrong email or password" and stays signed out',
  { skip: SKIP_REASON },
  withUsers(
    env,
    1,
    async ({ pages: [page] }) => {
      const user = newUser('fb-wrong');
      await signUp(page, user);
      await logOut(page);
      await logIn(page, { email: user.email, password: 'not-the-password' });
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Wrong email or password' }));
      await expectPath(page, '/login');
      await expectVisible(page.getByRole('link', { name: 'Log in', exact: true }));
    },
    WRONG_PASSWORD,
  ),
);
