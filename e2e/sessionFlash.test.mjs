// A signed-in visitor who opens /login or /signup never sees the signed-out form: the prerendered
// page shows the splash until the first auth check (the start-up loader's session check), then
// the app sends them to the dashboard. Signed out, the form is there at once as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, logIn, logOut, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const ADA = { email: 'ada@demo.devtribe.dev', password: 'devtribe-demo' };

/**
 * In every document, from its very start: on each DOM change and each frame, whether a password
 * field (the login and signup forms) or the splash was ever visible.
 */
function sampleVisibility() {
  const seen = { form: false, splash: false };
  window.__devtribeSeen = seen;
  const visible = (element) =>
    element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;
  const look = () => {
    if ([...document.querySelectorAll('input[type="password"]')].some(visible)) seen.form = true;
    const splash = document.getElementById('splash');
    if (splash && visible(splash)) seen.splash = true;
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => {
    look();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

for (const path of ['/login', '/signup']) {
  test(
    `a signed-in visitor to ${path} sees the splash, never the form, then the dashboard`,
    withPage(env, async ({ page }) => {
      await logIn(page, ADA);
      await expectVisible(heading(page, 'Dashboard'));
      await page.addInitScript(sampleVisibility);

      await page.goto(path);
      await expectVisible(heading(page, 'Dashboard'));
      await expectPath(page, '/dashboard');
      const seen = await page.evaluate(() => window.__devtribeSeen);
      assert.equal(seen.form, false, `the signed-out form showed on ${path}`);
      assert.equal(seen.splash, true, `the splash showed on ${path} until the first auth check`);
    }),
  );
}

test(
  'signed out again, /login shows its form at once, without the splash',
  withPage(env, async ({ page }) => {
    await logIn(page, ADA);
    await expectVisible(heading(page, 'Dashboard'));
    await logOut(page);
    await page.addInitScript(sampleVisibility);

    await page.goto('/login');
    await expectVisible(heading(page, 'Log in'));
    const seen = await page.evaluate(() => window.__devtribeSeen);
    assert.equal(seen.splash, false, 'no splash for a signed-out visitor');
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-session')), false);
  }),
);
