// The Firebase build on the Firestore and Auth emulators, two users in two browser contexts: A
// creates a tribe and posts; B joins, sees A's post and posts; A sees B's post and the new member
// live; A's tribe page after a reload shows the posts, the members and A as its owner (never
// "Join tribe"), every time.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, newUser, signUp, useBrowser } from '../helpers.mjs';
import { SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

/** How long a reloaded tribe page may take to show its posts and members (the emulator answers in milliseconds). */
const RELOADED_PAGE_MS = 10_000;
const RELOADS = 5;

const posts = (page) => page.getByRole('list', { name: 'Posts' });
const members = (page) => page.getByRole('list', { name: 'Members' });

async function post(page, body) {
  await page.getByLabel('Write a post').fill(body);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectVisible(posts(page).getByText(body));
}

test(
  'Firebase build: A creates a tribe and posts; B joins, sees the post and posts; A sees it live and after reloads',
  { skip: SKIP_REASON },
  withUsers(env, 2, async ({ pages: [pageA, pageB] }) => {
    const alice = newUser('fb-tribe-owner');
    const bob = newUser('fb-tribe-member');
    const tribeName = `FB Tribe ${randomBytes(3).toString('hex')}`;
    const aliceBody = `Welcome from ${alice.name}`;
    const bobBody = `Hello from ${bob.name}!`;

    await signUp(pageA, alice);
    await signUp(pageB, bob);

    // A creates the tribe from the directory and posts in it.
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tribes', exact: true }).click();
    await expectVisible(heading(pageA, 'Explore Tribes'));
    await pageA.getByRole('link', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(pageA, 'Create a tribe'));
    await pageA.getByLabel('Name', { exact: true }).fill(tribeName);
    await pageA.getByLabel('Tagline').fill('Built by the Firebase browser tests');
    await pageA.getByLabel('Add a topic').fill('Rust');
    await pageA.getByLabel('Add a topic').press('Enter');
    await pageA.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(pageA, tribeName));
    const tribePath = new URL(pageA.url()).pathname;
    assert.match(tribePath, /^\/tribes\/[^/]+$/, 'the new tribe has its own page');
    await expectVisible(pageA.getByText('You own this tribe'));
    await expectVisible(pageA.getByText('1 member', { exact: true }));
    await post(pageA, aliceBody);

    // B finds it in the directory, joins, sees A's post and posts.
    await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tribes', exact: true }).click();
    await expectVisible(heading(pageB, 'Explore Tribes'));
    await pageB.getByRole('link', { name: tribeName }).first().click();
    await expectVisible(heading(pageB, tribeName));
    await expectPath(pageB, tribePath);
    await expectVisible(posts(pageB).getByText(aliceBody));
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    await post(pageB, bobBody);

    // A sees the join and the post without a reload.
    await expectVisible(posts(pageA).getByText(bobBody));
    await expectVisible(pageA.getByText('2 members', { exact: true }));
    await expectVisible(pageA.getByText('2 posts', { exact: true }));
    await expectVisible(members(pageA).getByRole('link', { name: bob.name, exact: true }));

    // A's own tribe page after a reload: posts and members, and A as its owner, never Join (not
    // even for a moment: every button the page ever shows is recorded from its first byte).
    await pageA.addInitScript(() => {
      window.joinOffered = false;
      new MutationObserver(() => {
        if (
          [...document.querySelectorAll('button')].some((button) =>
            /^(Join tribe|Request to join)$/.test(button.textContent.trim()),
          )
        )
          window.joinOffered = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    for (let reload = 1; reload <= RELOADS; reload += 1) {
      await pageA.reload();
      const started = Date.now();
      await expectVisible(heading(pageA, tribeName));
      await expectVisible(pageA.getByText('You own this tribe'));
      await posts(pageA).getByText(bobBody).waitFor({ state: 'visible', timeout: RELOADED_PAGE_MS });
      await posts(pageA).getByText(aliceBody).waitFor({ state: 'visible', timeout: RELOADED_PAGE_MS });
      await members(pageA)
        .getByRole('link', { name: bob.name, exact: true })
        .waitFor({ state: 'visible', timeout: RELOADED_PAGE_MS });
      assert.equal(
        await pageA.getByText(/^Loading (posts|members)\.\.\.$/).count(),
        0,
        `reload ${reload}: still loading`,
      );
      assert.ok(Date.now() - started < RELOADED_PAGE_MS, `reload ${reload}: the page took ${Date.now() - started} ms`);
      assert.equal(
        await pageA.evaluate(() => window.joinOffered),
        false,
        `reload ${reload}: the owner was offered Join`,
      );
    }

    // B after a reload: a member, with both posts.
    await pageB.reload();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    await posts(pageB).getByText(aliceBody).waitFor({ state: 'visible', timeout: RELOADED_PAGE_MS });
  }),
);

test(
  'Firebase build: a tribe named with capitals beyond A-Z ("École …") is created',
  { skip: SKIP_REASON },
  withUsers(env, 1, async ({ pages: [page] }) => {
    // The rules recompute the name's key with lower(), which lowers A-Z only (firestore.rules nameKeyOf).
    const tribeName = `École Devs ${randomBytes(3).toString('hex')}`;
    await signUp(page, newUser('fb-tribe-accents'));
    await page.goto('/tribes/create');
    await expectVisible(heading(page, 'Create a tribe'));
    await page.getByLabel('Name', { exact: true }).fill(tribeName);
    await page.getByLabel('Add a topic').fill('Français');
    await page.getByLabel('Add a topic').press('Enter');
    await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(page, tribeName));
    await expectVisible(page.getByText('You own this tribe'));
  }),
);

test(
  'Firebase build: an unknown tribe id shows "This tribe does not exist"',
  { skip: SKIP_REASON },
  withUsers(env, 1, async ({ pages: [page] }) => {
    await signUp(page, newUser('fb-tribe-missing'));
    await page.goto('/tribes/no-such-tribe');
    await expectVisible(heading(page, 'This tribe does not exist'));
    await expectVisible(page.getByRole('link', { name: 'Explore tribes', exact: true }));
  }),
);
