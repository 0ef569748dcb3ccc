// 'Loading...' on every in-app navigation whose route code is on its way (spec section 2), not
// only on the first load: clicked in the header with the route chunks slowed, Explore, Tribes and
// Project Matchmaking each show the spinner where the page goes, the header staying; a route whose
// code is already loaded never shows it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectVisible, heading, logIn, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const ADA = { email: 'ada@demo.devtribe.dev', password: 'devtribe-demo' };

/** The chunks of the three routes (page and feature); shared vendor chunks load at full speed. */
const SLOWED_CHUNKS =
  /\/assets\/(route-explore|route-tribes|feature-tribes|route-projects|feature-projects)\.[0-9a-f]+\.js$/;
const CHUNK_DELAY_MS = 1500;

const ROUTES = [
  { link: 'Explore', heading: 'Explore People', path: '/explore' },
  { link: 'Tribes', heading: 'Explore Tribes', path: '/tribes' },
  { link: 'Projects', heading: 'Project Matchmaking', path: '/project-matchmaking' },
];

// page.route cannot see requests a service worker answers, so this context runs without one.
const NO_SERVICE_WORKER = { serviceWorkers: 'block' };

/** Records, from now on, whether 'Loading...' is ever in the page (each DOM change and each frame). */
async function watchForSpinner(page) {
  await page.evaluate(() => {
    const state = { seen: false };
    window.__devtribeSpinnerWatch = state;
    const look = () => {
      if (document.body.textContent.includes('Loading...')) state.seen = true;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    const frame = () => {
      look();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

test(
  "'Loading...' shows for each route whose code is on its way, and not for one already loaded",
  withPage(
    env,
    async ({ page }) => {
      await logIn(page, ADA);
      await expectVisible(heading(page, 'Dashboard'));

      const slowed = [];
      await page.route(SLOWED_CHUNKS, async (route) => {
        slowed.push(new URL(route.request().url()).pathname);
        await new Promise((resolve) => setTimeout(resolve, CHUNK_DELAY_MS));
        await route.continue();
      });

      const nav = page.getByRole('navigation', { name: 'Main' });
      const spinner = page.getByRole('main').getByRole('status').filter({ hasText: 'Loading...' });
      for (const route of ROUTES) {
        await nav.getByRole('link', { name: route.link, exact: true }).click();
        await expectVisible(spinner);
        // The header stays while the page's code loads.
        await expectVisible(page.getByRole('banner').getByRole('button', { name: 'Log out' }));
        await expectVisible(heading(page, route.heading));
        assert.equal(new URL(page.url()).pathname, route.path);
        assert.equal(await spinner.count(), 0, `'Loading...' is gone once ${route.heading} shows`);
      }
      assert.ok(slowed.length >= ROUTES.length, `the route chunks were slowed: ${slowed.join(', ')}`);

      // Explore's code is loaded now: going back to it never shows the spinner.
      await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expectVisible(heading(page, 'Dashboard'));
      await watchForSpinner(page);
      await nav.getByRole('link', { name: 'Explore', exact: true }).click();
      await expectVisible(heading(page, 'Explore People'));
      await page.waitForTimeout(500);
      assert.equal(
        await page.evaluate(() => window.__devtribeSpinnerWatch.seen),
        false,
        "'Loading...' flashed for a route already loaded",
      );
    },
    { contextOptions: NO_SERVICE_WORKER },
  ),
);
