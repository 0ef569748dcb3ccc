// The spec's route table: every route sets '{title} | DevTribe', unknown paths just 'DevTribe'.
import { test } from 'node:test';

import { expectTitle, expectVisible, heading, newUser, signUp, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const SIGNED_OUT_TITLES = {
  '/': 'Home | DevTribe',
  '/signup': 'Sign Up | DevTribe',
  '/login': 'Login | DevTribe',
  '/forgot-password': 'Forgot Password | DevTribe',
  '/learn-more': 'Learn More | DevTribe',
  '/nope': 'DevTribe',
};

const SIGNED_IN_TITLES = {
  '/': 'Home | DevTribe',
  '/forgot-password': 'Forgot Password | DevTribe',
  '/dashboard': 'Dashboard | DevTribe',
  '/learn-more': 'Learn More | DevTribe',
  '/tribes': 'Explore Tribes | DevTribe',
  '/tribes/create': 'Create Tribe | DevTribe',
  '/tribes/abc': 'Tribe Details | DevTribe',
  '/profile': 'Profile | DevTribe',
  '/profile/xyz': 'User Profile | DevTribe',
  '/explore': 'Explore People | DevTribe',
  '/project-matchmaking': 'Project Matchmaking | DevTribe',
  '/project-matchmaking/p1': 'Project Details | DevTribe',
  '/settings/safety': 'Safety Settings | DevTribe',
  '/moderation': 'Moderation Queue | DevTribe',
  '/nope': 'DevTribe',
};

test(
  'signed out: public routes have the spec titles',
  withPage(env, async ({ page }) => {
    for (const [pathname, title] of Object.entries(SIGNED_OUT_TITLES)) {
      await page.goto(pathname);
      await expectTitle(page, title);
    }
  }),
);

test(
  'signed in: every route has the spec title',
  withPage(env, async ({ page }) => {
    await signUp(page, newUser('titles'));
    for (const [pathname, title] of Object.entries(SIGNED_IN_TITLES)) {
      await page.goto(pathname);
      await expectTitle(page, title);
    }
  }),
);

// The router matches paths case-insensitively, so a mixed-case path shows the same page, under
// that page's title, never another one's.
test(
  'mixed-case paths: the same page under the same title',
  withPage(env, async ({ page }) => {
    await page.goto('/Login');
    await expectVisible(heading(page, 'Log in'));
    await expectTitle(page, 'Login | DevTribe');
    await signUp(page, newUser('case'));
    for (const [pathname, title, name] of [
      ['/Dashboard', 'Dashboard | DevTribe', 'Dashboard'],
      ['/DASHBOARD/', 'Dashboard | DevTribe', 'Dashboard'],
      ['/Tribes/Create', 'Create Tribe | DevTribe', 'Create a tribe'],
    ]) {
      await page.goto(pathname);
      await expectVisible(heading(page, name));
      await expectTitle(page, title);
    }
  }),
);
