// The Firebase build on the Firestore and Auth emulators: block, report and moderation with three
// users in three browser contexts. A owns a tribe where A and B post; B blocks A (A's post
// collapses for B); A's friend request to B is refused with the app's message and B receives
// nothing; B unblocks A and reports A's post; A, the owner, removes B's post; M, a moderator
// (the custom claim `moderator: true`, set through the Auth emulator as the Admin SDK would),
// sees the report in the queue and removes A's post, which leaves A's tab live.
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
} from '../helpers.mjs';
import { makeModerator, SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

const posts = (page) => page.getByRole('list', { name: 'Posts' });
const bell = (page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
/** Text only the emulators write (rule lines, gRPC status names): never shown to a user. */
const EMULATOR_TEXT = /@ L\d+|PERMISSION_DENIED|evaluation error|false for '/;

/**
 * The refused friend request is a refused write, which the browser and the Firestore SDK log
 * (the app shows its own message). Nothing else may be logged.
 */
const REFUSED_REQUEST = {
  allowErrors: [
    /^console\.error: Failed to load resource: the server responded with a status of 403 \(Forbidden\) \(http:\/\/[^/]+\/v1\/projects\/[^/]+\/databases\/\(default\)\/documents:commit\?/,
    /^console\.warning: \[[^\]]+\]\s+@firebase\/firestore: Firestore \([\d.]+\): RestConnection RPC 'Commit' \S+ failed with error:\s+\{"code":"permission-denied"/,
  ],
};

async function post(page, body) {
  await page.getByLabel('Write a post').fill(body);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectVisible(posts(page).getByText(body));
}

async function assertNoEmulatorText(page) {
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, EMULATOR_TEXT, `${new URL(page.url()).pathname} shows the emulator's own wording`);
}

test(
  'Firebase build: block, refused request, unblock, report, owner removal and the moderation queue',
  { skip: SKIP_REASON },
  withUsers(
    env,
    3,
    async ({ pages: [pageA, pageB, pageM] }) => {
      const alice = newUser('fb-safety-a');
      const bob = newUser('fb-safety-b');
      const mod = newUser('fb-safety-mod');
      const tribeName = `FB Safety ${randomBytes(3).toString('hex')}`;
      const aliceBody = `Cheap followers from ${alice.name}`;
      const bobBody = `Off-topic from ${bob.name}`;

      // M: an account made a moderator, signed in again so its token carries the claim.
      await signUp(pageM, mod);
      await makeModerator(await uidOf(pageM));
      await logOut(pageM);

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
      await signUp(pageB, bob);
      const bobUid = await uidOf(pageB);
      await pageB.goto(tribePath);
      await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
      await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
      await post(pageB, bobBody);

      // B blocks A from A's profile, through the More menu and a confirmation.
      await pageB.goto(`/profile/${encodeURIComponent(aliceUid)}`);
      await expectVisible(heading(pageB, alice.name));
      await pageB.getByRole('button', { name: `More actions for ${alice.name}`, exact: true }).click();
      await pageB.getByRole('menuitem', { name: 'Block', exact: true }).click();
      const confirm = pageB.getByRole('dialog', { name: `Block ${alice.name}?` });
      await confirm.getByRole('button', { name: 'Block', exact: true }).click();
      await expectVisible(pageB.getByRole('status').getByText(`You blocked ${alice.name}. They won't be told.`));

      // B no longer sees A's post, only a line that can reveal it.
      await pageB.goto(tribePath);
      await expectVisible(posts(pageB).getByText('Post from a person you blocked'));
      assert.equal(await posts(pageB).getByText(aliceBody).count(), 0, 'the blocked author’s post is collapsed');

      // A: the friend request to B is refused with the app's message, and B receives nothing.
      await pageA.goto(`/profile/${encodeURIComponent(bobUid)}`);
      await expectVisible(heading(pageA, bob.name));
      const friendship = pageA.getByRole('group', { name: `Friendship with ${bob.name}`, exact: true });
      await friendship.getByRole('button', { name: 'Add friend', exact: true }).click();
      await expectVisible(friendship.getByRole('alert'));
      await expectVisible(friendship.getByRole('button', { name: 'Add friend', exact: true }));
      await assertNoEmulatorText(pageA);
      await pageB.goto('/dashboard');
      await expectVisible(heading(pageB, 'Dashboard'));
      assert.equal(await bell(pageB).getAttribute('aria-label'), 'Notifications', 'B has no unread notification');

      // B unblocks A from the blocked list.
      await pageB.goto('/settings/safety');
      await expectTitle(pageB, 'Safety Settings | DevTribe');
      const blockedList = pageB.getByRole('list', { name: 'Blocked people' });
      await blockedList.getByRole('button', { name: `Unblock ${alice.name}`, exact: true }).click();
      await expectVisible(pageB.getByText("You haven't blocked anyone.", { exact: false }));

      // B reports A's post with a reason and sees a confirmation.
      await pageB.goto(tribePath);
      await expectVisible(posts(pageB).getByText(aliceBody));
      await posts(pageB)
        .getByRole('button', { name: `Report post by ${alice.name}`, exact: true })
        .click();
      const reportDialog = pageB.getByRole('dialog', { name: 'Report this post' });
      await reportDialog.getByRole('radio', { name: 'Spam', exact: true }).check();
      await reportDialog.getByLabel('Details (optional)').fill('Selling followers in every tribe');
      await reportDialog.getByRole('button', { name: 'Send report', exact: true }).click();
      const sent = pageB.getByRole('dialog', { name: 'Report sent' });
      await expectVisible(sent.getByText('Thanks for your report. Our moderators will review it.'));
      await sent.getByRole('button', { name: 'Close', exact: true }).click();

      // A, the tribe's owner, removes B's post; B's page sees it go.
      await pageA.goto(tribePath);
      await expectVisible(posts(pageA).getByText(bobBody));
      await posts(pageA)
        .getByRole('article', { name: bob.name })
        .getByRole('button', { name: 'Remove', exact: true })
        .click();
      await pageA
        .getByRole('dialog', { name: `Remove this post by ${bob.name}?` })
        .getByRole('button', { name: 'Remove post', exact: true })
        .click();
      await expectVisible(pageA.getByText('Post removed', { exact: true }));
      await posts(pageA).getByText(bobBody).waitFor({ state: 'detached' });
      await posts(pageB).getByText(bobBody).waitFor({ state: 'detached' });

      // A non-moderator has no queue.
      assert.equal(
        await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).count(),
        0,
      );

      // M logs in, sees B's report in the queue with the post inline, and removes the post.
      await logIn(pageM, mod);
      await expectVisible(heading(pageM, 'Dashboard'));
      await pageM
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Moderation', exact: true })
        .click();
      await expectPath(pageM, '/moderation');
      const item = pageM.getByRole('article', { name: `Post: Post by ${alice.name}` });
      await expectVisible(item.getByText(aliceBody));
      await expectVisible(item.getByText('Spam', { exact: true }));
      await item.getByRole('button', { name: 'Remove post', exact: true }).click();
      await pageM
        .getByRole('dialog', { name: 'Remove post?' })
        .getByRole('button', { name: 'Remove post', exact: true })
        .click();
      await expectVisible(pageM.getByText('Post removed', { exact: true }));
      await item.waitFor({ state: 'detached' });

      // The post is gone from the tribe, live in A's page.
      await posts(pageA).getByText(aliceBody).waitFor({ state: 'detached' });
      await expectVisible(pageA.getByText('0 posts', { exact: true }));
      for (const page of [pageA, pageB, pageM]) await assertNoEmulatorText(page);
    },
    REFUSED_REQUEST,
  ),
);
