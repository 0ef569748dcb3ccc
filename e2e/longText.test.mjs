// Long text at phone width: every field accepts text without spaces up to its limit (a display name
// of 50 characters, a tribe name of 40, a project title of 80, a long link), and no page may then
// be wider than the screen or push its buttons out of reach. A 320 px wide phone, two users in two
// tabs of one context (the local backend lives in the context's IndexedDB).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import {
  DEMO_PASSWORD,
  expectVisible,
  heading,
  logOut,
  signUp,
  uidOf,
  uniqueEmail,
  useBrowser,
  withPage,
} from './helpers.mjs';

const env = useBrowser();

const PHONE = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const unbroken = (prefix, length) => `${prefix}${'W'.repeat(length)}`.slice(0, length);

/** The page is no wider than the screen, and names what sticks out if it is. */
async function expectFitsScreen(page, where) {
  const { width, scrollWidth, offenders } = await page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const wide = [];
    const outside = (rect) => rect.right > screenWidth + 1 || rect.left < -1;
    // Inside a box that scrolls or clips (the phone's navigation) and is itself on screen: fine.
    const clipped = (element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible' && !outside(box.getBoundingClientRect())) return true;
      }
      return false;
    };
    for (const element of document.querySelectorAll('body *')) {
      const rect = element.getBoundingClientRect();
      // Past either edge (a visually hidden 1 px label aside).
      if (rect.width > 1 && outside(rect) && !clipped(element))
        wide.push(
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(rect.left)} to ${Math.round(rect.right)})`,
        );
    }
    return { width: screenWidth, scrollWidth: document.documentElement.scrollWidth, offenders: wide.slice(0, 6) };
  });
  assert.ok(
    scrollWidth <= width && offenders.length === 0,
    `${where}: the page is ${scrollWidth} px wide on a ${width} px screen; outside it: ${offenders.join(', ')}`,
  );
}

/** A button can be reached: inside the screen's width. */
async function expectWithinScreen(page, locator, what) {
  const box = await locator.boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${what} is outside the screen: ${JSON.stringify(box)}`);
}

test(
  'text without spaces at every limit never widens a page at 320 px',
  withPage(
    env,
    async ({ page, context }) => {
      const tag = randomBytes(3).toString('hex');
      const long = { name: unbroken(`Long${tag}`, 50), email: uniqueEmail('long'), password: DEMO_PASSWORD };
      const friend = { name: `Wrap Reader ${tag}`, email: uniqueEmail('reader'), password: DEMO_PASSWORD };
      const tribeName = unbroken(`Tribe${tag}`, 40);
      const projectTitle = unbroken(`Project${tag}`, 80);
      const link = `https://example.com/${'averyveryverylongpath'.repeat(8)}`;

      // The reader signs up first, in a tab of its own, so the long-named user can ask them to be friends.
      await signUp(page, friend);
      const readerUid = await uidOf(page);
      const longTab = await context.newPage();
      await longTab.goto('/dashboard');
      await expectVisible(heading(longTab, 'Dashboard'));
      await logOut(longTab);
      await signUp(longTab, long);
      await expectFitsScreen(longTab, '/dashboard');
      await expectWithinScreen(longTab, longTab.getByRole('button', { name: 'Log out', exact: true }), 'Log out');
      // Wider, where the header has room for the navigation beside the long name: no link breaks mid-word.
      await longTab.setViewportSize({ width: 700, height: 800 });
      const linkHeights = await longTab
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
      assert.ok(
        linkHeights.every((height) => height < 48),
        `a navigation link wraps at 700 px: heights ${linkHeights.join(', ')}`,
      );
      await longTab.setViewportSize(PHONE.viewport);

      // A tribe with the longest name and tagline, and a post with a long link.
      await longTab.goto('/tribes/create');
      await longTab.getByLabel('Name', { exact: true }).fill(tribeName);
      await longTab.getByLabel('Tagline').fill(unbroken('Tagline', 120));
      await longTab.getByLabel('Add a topic').fill(unbroken('Topic', 30));
      await longTab.getByLabel('Add a topic').press('Enter');
      await longTab.getByRole('button', { name: 'Create tribe', exact: true }).click();
      await expectVisible(heading(longTab, tribeName));
      const tribePath = new URL(longTab.url()).pathname;
      await longTab.getByLabel('Write a post').fill(`Read this: ${link}`);
      await longTab.getByRole('button', { name: 'Post', exact: true }).click();
      await expectVisible(longTab.getByRole('list', { name: 'Posts' }).getByText(link, { exact: false }));
      await expectFitsScreen(longTab, tribePath);
      await expectWithinScreen(longTab, longTab.getByRole('button', { name: 'Post', exact: true }), 'Post');
      await longTab.goto('/tribes');
      await expectVisible(longTab.getByRole('link', { name: tribeName }));
      await expectFitsScreen(longTab, '/tribes');

      // A project with the longest title and summary.
      await longTab.goto('/project-matchmaking');
      await longTab.getByRole('button', { name: 'Create project', exact: true }).click();
      const form = longTab.getByRole('region', { name: 'Create project' });
      await form.getByLabel('Title', { exact: true }).fill(projectTitle);
      await form.getByLabel('Summary').fill(unbroken('Summary', 140));
      await form.getByLabel('Required skills').fill(unbroken('Skill', 30));
      await form.getByLabel('Commitment (hours a week)').fill('4');
      await form.getByRole('button', { name: 'Create project' }).click();
      await expectVisible(longTab.getByText('Your project was created.'));
      await expectFitsScreen(longTab, '/project-matchmaking');
      await longTab.getByRole('link', { name: 'Open it' }).click();
      await expectVisible(heading(longTab, projectTitle));
      await expectFitsScreen(longTab, 'the project page');

      // The own profile, and its editor.
      await longTab.goto('/profile');
      await expectVisible(heading(longTab, long.name));
      await expectFitsScreen(longTab, '/profile');
      await longTab.getByRole('button', { name: 'Edit profile' }).click();
      await expectVisible(longTab.getByLabel('Profile photo'));
      await expectFitsScreen(longTab, 'the profile editor');

      // The friend request reaches the reader with the long name in it.
      await longTab.goto(`/profile/${encodeURIComponent(readerUid)}`);
      await expectVisible(heading(longTab, friend.name));
      await longTab.getByRole('button', { name: 'Add friend', exact: true }).click();
      await expectVisible(longTab.getByRole('button', { name: 'Cancel request', exact: true }));
      await expectFitsScreen(longTab, "the reader's profile");

      // The reader's screens: requests, notifications, the long-named author's post and profile.
      await page.goto('/dashboard');
      const requests = page.getByRole('region', { name: /Friend requests/ });
      await expectVisible(requests.getByRole('link', { name: long.name }));
      await expectFitsScreen(page, "the reader's /dashboard");
      await expectWithinScreen(page, requests.getByRole('button', { name: `Accept ${long.name}` }), 'Accept');
      await page.getByRole('button', { name: /Notifications/ }).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await expectVisible(panel.getByText(long.name, { exact: false }));
      await expectFitsScreen(page, 'the open notifications');
      await page.keyboard.press('Escape');
      await page.goto(tribePath);
      await expectVisible(heading(page, tribeName));
      await expectVisible(page.getByRole('list', { name: 'Posts' }).getByText(link, { exact: false }));
      await expectFitsScreen(page, 'the tribe page, as a visitor');
      await page.goto('/explore');
      await expectVisible(heading(page, 'Explore People'));
      await expectFitsScreen(page, '/explore');
      await page.getByLabel('Search people').fill(long.name);
      const more = page.getByRole('button', { name: `More actions for ${long.name}`, exact: true });
      await more.click();
      await expectVisible(page.getByRole('menuitem', { name: 'Report', exact: true }));
      await expectFitsScreen(page, 'an open More menu on /explore');
      await page.keyboard.press('Escape');
    },
    { contextOptions: PHONE },
  ),
);
