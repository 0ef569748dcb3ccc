// The Firebase build in a real browser, against the Auth emulator (there is no Firestore emulator
// here, so nothing that reads or writes documents): Firebase Auth stays out of a first visit until
// a sign-in form is touched, and a sign-in through the real Auth SDK gets the spec's message.
// scripts/test.mjs builds the Firebase variant (E2E_DIST_DIR) and runs this file while the Auth
// emulator it started for jest still runs; it skips this file, saying so, when the emulator is not there.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, uniqueEmail, useBrowser, withPage } from '../helpers.mjs';

const env = useBrowser();

const AUTH_EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
/** The build's API key (scripts/test.mjs): the emulator accepts any. */
const API_KEY = process.env.E2E_FIREBASE_API_KEY || 'demo-api-key';
const AUTH_CHUNK = /\/assets\/backend-firebase-auth\.[0-9a-f]+\.js$/;
const WRONG_PASSWORD = {
  contextOptions: { serviceWorkers: 'block' },
  // Auth's REST API answers a wrong password with 400, which Chromium logs for any failed request.
  allowErrors: [
    /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(\S+\/accounts:signInWithPassword\?/,
  ],
};

/** An account made directly in the emulator (its REST API), as if it had signed up earlier. */
async function createAccount(email, password) {
  const response = await fetch(
    `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  assert.equal(response.status, 200, `the Auth emulator refused the account: ${await response.text()}`);
}

test(
  'Firebase build: Auth loads only once the login form is touched, and a wrong password gets the spec message from the real SDK',
  withPage(
    env,
    async ({ page }) => {
      const email = uniqueEmail('firebase');
      await createAccount(email, 'the-right-password-1');
      const authRequests = [];
      page.on('request', (request) => {
        if (AUTH_CHUNK.test(request.url())) authRequests.push(request.url());
      });

      await page.goto('/login');
      const emailField = page.getByLabel('Email');
      // The app has taken over the prerendered form, and the network has gone quiet: no session is
      // persisted in this browser, so nothing has asked for Auth yet.
      await page.waitForFunction(() => document.querySelector('input[name="email"]')?.disabled === false);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(authRequests, [], 'Firebase Auth loaded before the form was touched');

      const authLoaded = page.waitForRequest(AUTH_CHUNK);
      await emailField.focus();
      await authLoaded;

      await emailField.fill(email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Wrong email or password' }));
      await expectPath(page, '/login');
      await expectVisible(heading(page, 'Log in'));
      assert.equal(authRequests.length, 1, 'the Auth chunk was requested more than once');
    },
    WRONG_PASSWORD,
  ),
);

test(
  'Firebase build: a sign-in form submitted before Auth has loaded still signs in through it (wrong password)',
  withPage(
    env,
    async ({ page }) => {
      const email = uniqueEmail('firebase-fast');
      await createAccount(email, 'the-right-password-1');
      // Auth is held back until the form has been submitted: the submission must wait for it, not fail.
      let release;
      const released = new Promise((resolve) => (release = resolve));
      let held = false;
      await page.route(AUTH_CHUNK, async (route) => {
        held = true;
        await released;
        await route.continue();
      });
      await page.goto('/login');
      await page.waitForFunction(() => document.querySelector('input[name="email"]')?.disabled === false);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      assert.ok(held, 'touching the form did not ask for Firebase Auth');
      release();
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Wrong email or password' }));
      await expectPath(page, '/login');
    },
    WRONG_PASSWORD,
  ),
);
