// Safety journey on the production build, two users in two tabs of ONE browser context (they share
// the local backend's IndexedDB) and the demo moderator in a third: A owns a tribe where both post;
// B blocks A from A's profile (A's post collapses for B); A's friend request to B is refused and B
// receives nothing; B unblocks A from the blocked list; B reports A's post; the tribe owner A
// removes B's post; the demo moderator sees the report in the queue and removes A's post.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import {
  expectPath,
  expectTitle,
  expectVisible,
  heading,
  logIn,
  logOut,
  newUser,
  signUp,
  uidOf,
  useBrowser,
  withPage,
} from './helpers.mjs';

const env = useBrowser();

/** README: the demo developer seeded with the moderator claim. */
const DEMO_MODERATOR = { email: 'grace@demo.devtribe.dev', password: 'devtribe-demo', name: 'Grace Nakamura' };

const headerName = (page, user) => page.getByRole('banner').getByText(user.name, { exact: true });
const posts = (page) => page.getByRole('list', { name: 'Posts' });
const bell = (page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** A new tab in the same context, signed out of the last user and into `signIn`. */
async function newTab(context, previous, signIn) {
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expectVisible(headerName(page, previous));
  await logOut(page);
  await signIn(page);
  return page;
}

async function post(page, body) {
  await page.getByLabel('Write a post').fill(body);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectVisible(posts(page).getByText(body));
}

test(
  'block, refused request, unblock, report, owner removal and the moderation queue',
  withPage(env, async ({ page: pageA, context }) => {
    const alice = newUser('safety-a');
    const bob = newUser('safety-b');
    const tribeName = `E2E Safety ${randomBytes(3).toString('hex')}`;
    const aliceBody = `Cheap followers from ${alice.name}`;
    const bobBody = `Off-topic from ${bob.name}`;

    // A: a tribe of their own, and a post in it.
    await signUp(pageA, alice);
    const aliceUid = await uidOf(pageA);
    await pageA.goto('/tribes/create');
    await pageA.getByLabel('Name', { exact: true }).fill(tribeName);
    await pageA.getByLabel('Add a topic').fill('Rust');
    await pageA.getByLabel('Add a topic').press('Enter');
    await pageA.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(pageA, tribeName));
    const tribePath = new URL(pageA.url()).pathname;
    await post(pageA, aliceBody);

    // B: joins and posts.
    const pageB = await newTab(context, alice, (page) => signUp(page, bob));
    const bobUid = await uidOf(pageB);
    await pageB.goto(tribePath);
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    await post(pageB, bobBody);

    // B blocks A from A's profile, through the More menu and a confirmation.
    await pageB.goto(`/profile/${encodeURIComponent(aliceUid)}`);
    await expectVisible(heading(pageB, alice.name));
    const more = pageB.getByRole('button', { name: `More actions for ${alice.name}`, exact: true });
    await more.click();
    await pageB.getByRole('menuitem', { name: 'Block', exact: true }).click();
    const confirm = pageB.getByRole('dialog', { name: `Block ${alice.name}?` });
    await expectVisible(confirm);
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await expectVisible(pageB.getByRole('status').getByText(`You blocked ${alice.name}. They won't be told.`));
    await expectVisible(pageB.getByText('Blocked', { exact: true }));
    assert.equal(
      await pageB.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      `More actions for ${alice.name}`,
      'focus back on More',
    );

    // B no longer sees A's post, only a line that can reveal it.
    await pageB.goto(tribePath);
    await expectVisible(posts(pageB).getByText('Post from a person you blocked'));
    assert.equal(await posts(pageB).getByText(aliceBody).count(), 0, 'the blocked author’s post is collapsed');

    // A: the friend request to B is refused (B's inbox is private: A is told the likely reasons,
    // not that B blocked them), and B receives nothing.
    await pageA.goto(`/profile/${encodeURIComponent(bobUid)}`);
    await expectVisible(heading(pageA, bob.name));
    const friendship = pageA.getByRole('group', { name: `Friendship with ${bob.name}`, exact: true });
    await friendship.getByRole('button', { name: 'Add friend', exact: true }).click();
    await expectVisible(
      friendship
        .getByRole('alert')
        .getByText(/^Friend request not sent: this user cannot take a request from you right now/),
    );
    await expectVisible(friendship.getByRole('button', { name: 'Add friend', exact: true }));
    await pageB.goto('/dashboard');
    await expectVisible(heading(pageB, 'Dashboard'));
    assert.equal(await bell(pageB).getAttribute('aria-label'), 'Notifications', 'B has no unread notification');

    // B finds A in the blocked list and unblocks.
    await pageB.getByRole('contentinfo').getByRole('link', { name: 'Blocked and muted people', exact: true }).click();
    await expectPath(pageB, '/settings/safety');
    await expectTitle(pageB, 'Safety Settings | DevTribe');
    const blockedList = pageB.getByRole('list', { name: 'Blocked people' });
    await expectVisible(blockedList.getByRole('link', { name: alice.name, exact: true }));
    await blockedList.getByRole('button', { name: `Unblock ${alice.name}`, exact: true }).click();
    await expectVisible(pageB.getByText("You haven't blocked anyone.", { exact: false }));

    // B reports A's post with a reason and sees a confirmation.
    await pageB.goto(tribePath);
    await expectVisible(posts(pageB).getByText(aliceBody));
    const reportButton = posts(pageB).getByRole('button', { name: `Report post by ${alice.name}`, exact: true });
    await reportButton.click();
    const reportDialog = pageB.getByRole('dialog', { name: 'Report this post' });
    await reportDialog.getByRole('radio', { name: 'Spam', exact: true }).check();
    await reportDialog.getByLabel('Details (optional)').fill('Selling followers in every tribe');
    await reportDialog.getByRole('button', { name: 'Send report', exact: true }).click();
    const sent = pageB.getByRole('dialog', { name: 'Report sent' });
    await expectVisible(sent.getByText('Thanks for your report. Our moderators will review it.'));
    await sent.getByRole('button', { name: 'Close', exact: true }).click();
    assert.equal(
      await pageB.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      `Report post by ${alice.name}`,
      'focus back on Report',
    );

    // A, the tribe's owner, removes B's post (with a confirmation); B's tab sees it go.
    await pageA.goto(tribePath);
    await expectVisible(posts(pageA).getByText(bobBody));
    const bobPost = posts(pageA).getByRole('article', { name: bob.name });
    await bobPost.getByRole('button', { name: 'Remove', exact: true }).click();
    const removeDialog = pageA.getByRole('dialog', { name: `Remove this post by ${bob.name}?` });
    await removeDialog.getByRole('button', { name: 'Remove post', exact: true }).click();
    await expectVisible(pageA.getByText('Post removed', { exact: true }));
    await posts(pageA).getByText(bobBody).waitFor({ state: 'detached' });
    await posts(pageB).getByText(bobBody).waitFor({ state: 'detached' });

    // The demo moderator sees B's report in the queue, with the post inline, and removes the post.
    const pageM = await newTab(context, bob, async (page) => {
      await logIn(page, DEMO_MODERATOR);
      await expectVisible(heading(page, 'Dashboard'));
    });
    await pageM
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Moderation', exact: true })
      .click();
    await expectPath(pageM, '/moderation');
    await expectTitle(pageM, 'Moderation Queue | DevTribe');
    const item = pageM.getByRole('article', { name: `Post: Post by ${alice.name}` });
    await expectVisible(item.getByText(aliceBody));
    await expectVisible(item.getByText('Spam', { exact: true }));
    await expectVisible(item.getByText('“Selling followers in every tribe”'));
    await item.getByRole('button', { name: 'Remove post', exact: true }).click();
    await pageM
      .getByRole('dialog', { name: 'Remove post?' })
      .getByRole('button', { name: 'Remove post', exact: true })
      .click();
    await expectVisible(pageM.getByText('Post removed', { exact: true }));
    await item.waitFor({ state: 'detached' });

    // The post is gone from the tribe, live in A's tab.
    await posts(pageA).getByText(aliceBody).waitFor({ state: 'detached' });
    await expectVisible(pageA.getByText('0 posts', { exact: true }));
  }),
);

test(
  'a signed-in user who is not a moderator sees no queue',
  withPage(env, async ({ page }) => {
    await signUp(page, newUser('safety-nomod'));
    assert.equal(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).count(),
      0,
    );
    await page.goto('/moderation');
    await expectVisible(page.getByText('Only moderators can see the moderation queue.', { exact: false }));
  }),
);
