// Tribes journey on the production build: A creates a tribe; B, in another tab of the same
// browser context (the local backend lives in the context's IndexedDB, so a second context
// would be a different world), joins and posts; the post reaches A's tab live, without a reload,
// and B's profile counts it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, logOut, newUser, signUp, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const headerName = (page, user) => page.getByRole('banner').getByText(user.name, { exact: true });

test(
  "A creates a tribe; B joins and posts; A sees the post live; B's profile counts it",
  withPage(env, async ({ page: pageA, context }) => {
    const alice = newUser('tribe-owner');
    const bob = newUser('tribe-member');
    const tribeName = `E2E Tribe ${randomBytes(3).toString('hex')}`;

    // A: create the tribe from the directory.
    await signUp(pageA, alice);
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tribes', exact: true }).click();
    await expectVisible(heading(pageA, 'Explore Tribes'));
    await pageA.getByRole('link', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(pageA, 'Create a tribe'));
    await expectPath(pageA, '/tribes/create');
    await pageA.getByLabel('Name', { exact: true }).fill(tribeName);
    await pageA.getByLabel('Tagline').fill('Built by the browser tests');
    await pageA.getByLabel('Add a topic').fill('Rust');
    await pageA.getByLabel('Add a topic').press('Enter');
    await pageA.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(pageA, tribeName));
    const tribePath = new URL(pageA.url()).pathname;
    assert.match(tribePath, /^\/tribes\/[^/]+$/, 'the new tribe has its own page');
    await expectVisible(pageA.getByText('You own this tribe'));
    await expectVisible(pageA.getByText('1 member', { exact: true }));
    // The tribe took the form's place in the history, once: Back leads to the directory, Forward to the tribe.
    await pageA.goBack();
    await expectVisible(heading(pageA, 'Explore Tribes'));
    await expectPath(pageA, '/tribes');
    await pageA.goForward();
    await expectVisible(heading(pageA, tribeName));
    await expectPath(pageA, tribePath);

    // B: a second tab, signed up as another user, joins and posts.
    const pageB = await context.newPage();
    await pageB.goto('/dashboard');
    await expectVisible(headerName(pageB, alice));
    await logOut(pageB);
    await signUp(pageB, bob);
    await pageB.goto(tribePath);
    await expectVisible(heading(pageB, tribeName));
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    const body = `Hello from ${bob.name}!`;
    await pageB.getByLabel('Write a post').fill(body);
    await pageB.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(pageB.getByRole('list', { name: 'Posts' }).getByText(body));

    // A: the join and the post arrive without a reload.
    await expectVisible(pageA.getByRole('list', { name: 'Posts' }).getByText(body));
    await expectVisible(pageA.getByText('2 members', { exact: true }));
    await expectVisible(pageA.getByText('1 post', { exact: true }));
    await expectVisible(
      pageA.getByRole('list', { name: 'Members' }).getByRole('link', { name: bob.name, exact: true }),
    );
    await expectVisible(headerName(pageA, alice));

    // B: the profile counts the post.
    await pageB
      .getByRole('banner')
      .getByRole('link', { name: /, your profile$/ })
      .click();
    await expectVisible(heading(pageB, bob.name));
    await expectVisible(pageB.getByRole('list', { name: 'Activity' }).getByText('1 post', { exact: true }));
  }),
);

test(
  'an unknown tribe id shows "This tribe does not exist"',
  withPage(env, async ({ page }) => {
    await signUp(page, newUser('tribe-missing'));
    await page.goto('/tribes/no-such-tribe');
    await expectVisible(heading(page, 'This tribe does not exist'));
    await expectVisible(page.getByRole('link', { name: 'Explore tribes', exact: true }));
  }),
);
