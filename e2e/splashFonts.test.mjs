// The splash loads the fonts of the signed-in pages' first screen (public/index.html,
// src/platform/splashFonts.ts): every weight and size of text on the first screen of each page a
// signed-in visitor arrives on must be one of the splash's samples, or that font is loaded inside
// the first frame with data, a cold start's longest task. Checked on a phone and on a laptop, with
// the demo community's data; and the samples are laid out before the app replaces the splash.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { settle } from './axe.mjs';
import { expectVisible, heading, holdBack, logIn, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const ADA = { email: 'ada@demo.devtribe.dev', password: 'devtribe-demo' };

/** Each page, and what its first screen shows once its data is in. */
const PAGES = [
  { path: '/dashboard', title: 'Dashboard', data: ['.dashboard__panel li'] },
  {
    path: '/explore',
    title: 'Explore People',
    data: ['[aria-labelledby="explore-suggestions"] li', '[aria-labelledby="explore-everyone"] li'],
  },
  { path: '/tribes', title: 'Explore Tribes', data: ['.tribe-card'] },
  { path: '/project-matchmaking', title: 'Project Matchmaking', data: ['.project-card'] },
  { path: '/profile', title: 'Ada Okafor', data: ['.chip'] },
];

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 },
  { name: 'laptop', viewport: { width: 1350, height: 940 } },
];

/** "family weight size" of every text (and form control) the page shows on its first screen. */
const firstScreenFonts = (page) =>
  page.evaluate(() => {
    const fonts = new Set();
    const add = (element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight || style.visibility === 'hidden') return;
      fonts.add(
        `${style.fontFamily} ${style.fontWeight} ${style.fontSize}${style.fontStyle === 'normal' ? '' : ` ${style.fontStyle}`}`,
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent.trim()) add(node.parentElement);
    document.querySelectorAll('input, select, textarea, button').forEach(add);
    return [...fonts];
  });

/** The same for the splash's samples, read from the app shell and styled like the splash. */
const splashFonts = (page) =>
  page.evaluate(async () => {
    const shell = new DOMParser().parseFromString(await (await fetch('/app.html')).text(), 'text/html');
    const samples = [...shell.querySelectorAll('#splash .fonts > span')];
    const splashFamily = [...shell.querySelectorAll('style')]
      .map((style) => /html, body \{[^}]*font-family: ([^;]+);/.exec(style.textContent)?.[1])
      .find(Boolean);
    // Styled in this document: the sizes written in rem resolve as the page's do.
    const probe = document.createElement('div');
    probe.style.fontFamily = splashFamily;
    probe.append(...samples.map((span) => document.importNode(span, true)));
    document.body.append(probe);
    const fonts = [...probe.children].map((span) => {
      const style = getComputedStyle(span);
      return `${style.fontFamily} ${style.fontWeight} ${style.fontSize}`;
    });
    probe.remove();
    return fonts;
  });

for (const { name, ...contextOptions } of VIEWPORTS) {
  test(
    `the splash loads every font of the signed-in pages' first screen (${name})`,
    withPage(
      env,
      async ({ page }) => {
        await logIn(page, ADA);
        await expectVisible(heading(page, 'Dashboard'));
        const warmed = new Set(await splashFonts(page));
        assert.ok(warmed.size >= 10, `the splash has samples of ${warmed.size} fonts`);
        for (const { path, title, data } of PAGES) {
          await page.goto(path);
          await expectVisible(heading(page, title));
          // Everything the first screen will show: its data, no spinner, nothing busy.
          for (const selector of data) await page.locator(selector).first().waitFor();
          await settle(page);
          const missing = (await firstScreenFonts(page)).filter((font) => !warmed.has(font));
          assert.deepEqual(missing, [], `${path}: fonts on the first screen that the splash does not load`);
        }
      },
      { contextOptions },
    ),
  );
}

test(
  'the splash lays out its samples while the app loads',
  withPage(
    env,
    async ({ page }) => {
      // The boot chunk (React DOM and the screens) held back: the splash stays up meanwhile.
      const boot = await holdBack(page, '**/assets/boot.*.js');
      try {
        await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
        await expectVisible(page.getByRole('status').getByText('Starting DevTribe…'));
        const samples = page.locator('#splash .fonts > span');
        assert.ok((await samples.count()) >= 10);
        await page.waitForFunction(() => document.querySelectorAll('#splash .fonts > [hidden]').length === 0);
        // Laid out, and still invisible.
        assert.equal(await page.locator('#splash .fonts').isVisible(), false);
      } finally {
        boot.release();
      }
      await expectVisible(heading(page, 'Log in'));
    },
    // page.route cannot see requests a service worker answers.
    { contextOptions: { serviceWorkers: 'block' } },
  ),
);
