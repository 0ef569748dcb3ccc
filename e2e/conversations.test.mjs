// Conversations on the production build, two users in two tabs of ONE browser context (they share
// the local backend's IndexedDB): B comments on A's post and A sees the comment, the exact count
// and the notification arrive live, and the bell leads to the open thread; A replies and B is
// told; reactions toggle with exact counts on both sides; B edits (marked "edited" for A) and
// deletes (the count goes back). The tribe's owner removes a comment, a reported one reaches the
// demo moderator's queue and is removed there, and a blocked author's comment collapses. And axe
// checks the open thread and the reaction menu in both colour schemes, with the menu worked from
// the keyboard and on a phone.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { settle as settlePage, violationLog } from './axe.mjs';
import {
  expectPath,
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

const headerName = (page, user) => page.getByRole('banner').getByText(user.name, { exact: true });
const posts = (page) => page.getByRole('list', { name: 'Posts' });
/** The feed item of the post with `body`. */
const postItem = (page, body) => posts(page).getByRole('listitem').filter({ hasText: body }).first();
const postReactions = (page, body, author) =>
  postItem(page, body).getByRole('group', { name: `Reactions to ${author.name}'s post`, exact: true });
const thread = (page, body) => postItem(page, body).getByRole('list', { name: 'Comments', exact: true });
const bell = (page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const bellPanel = (page) => page.getByRole('region', { name: 'Notifications', exact: true });

/** Waits until `locator` is there no more. */
const gone = (locator) => locator.first().waitFor({ state: 'detached' });

async function createTribeWithPost(page, tribeName, body) {
  await page.goto('/tribes/create');
  await page.getByLabel('Name', { exact: true }).fill(tribeName);
  await page.getByLabel('Add a topic').fill('Rust');
  await page.getByLabel('Add a topic').press('Enter');
  await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
  await expectVisible(heading(page, tribeName));
  await page.getByLabel('Write a post').fill(body);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectVisible(posts(page).getByText(body));
  return new URL(page.url()).pathname;
}

/** Chooses `name` in the post's (or a comment's) Add reaction menu. */
async function react(group, page, name) {
  await group.getByRole('button', { name: 'Add reaction', exact: true }).click();
  await page.getByRole('menu', { name: 'Reactions' }).getByRole('menuitem', { name, exact: true }).click();
}

const toggle = (group, name) => group.getByRole('button', { name, exact: true });

async function expectPressed(button, pressed) {
  await expectVisible(button);
  assert.equal(
    await button.getAttribute('aria-pressed'),
    String(pressed),
    `${await button.getAttribute('aria-label')}`,
  );
}

test(
  'a comment arrives live with its count and notification; replies, reactions, edit and delete on both tabs',
  withPage(env, async ({ page: pageA, context }) => {
    const alice = newUser('conv-a');
    const bob = newUser('conv-b');
    const tribeName = `E2E Talk ${randomBytes(3).toString('hex')}`;
    const postBody = `Which borrow checker trick do you like, asks ${alice.name}?`;
    const comment = `Clone it, says ${bob.name}`;

    await signUp(pageA, alice);
    const tribePath = await createTribeWithPost(pageA, tribeName, postBody);
    await expectVisible(postItem(pageA, postBody).getByRole('button', { name: 'Comment', exact: true }));

    // B: a second tab, signed up as another user, joins and opens the thread.
    const pageB = await context.newPage();
    await pageB.goto('/dashboard');
    await expectVisible(headerName(pageB, alice));
    await logOut(pageB);
    await signUp(pageB, bob);
    await pageB.goto(tribePath);
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    const commentButtonB = postItem(pageB, postBody).getByRole('button', { name: 'Comment', exact: true });
    await commentButtonB.click();
    assert.equal(await commentButtonB.getAttribute('aria-expanded'), 'true');
    await expectVisible(postItem(pageB, postBody).getByText('No comments yet. Start the conversation.'));
    await postItem(pageB, postBody).getByLabel('Write a comment').fill(comment);
    await postItem(pageB, postBody).getByRole('button', { name: 'Post comment', exact: true }).click();
    await expectVisible(thread(pageB, postBody).getByText(comment));
    await expectVisible(postItem(pageB, postBody).getByRole('button', { name: '1 comment', exact: true }));
    assert.equal(await postItem(pageB, postBody).getByLabel('Write a comment').inputValue(), '', 'the composer clears');

    // A: the count and the notification arrive without a reload; the bell leads to the open thread.
    await expectVisible(postItem(pageA, postBody).getByRole('button', { name: '1 comment', exact: true }));
    await expectVisible(pageA.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }));
    await pageA.goto('/dashboard');
    await bell(pageA).click();
    await expectVisible(bellPanel(pageA).getByText(`${bob.name} commented on your post in ${tribeName}`));
    await bellPanel(pageA).getByRole('link', { name: 'See the conversation', exact: true }).click();
    await expectPath(pageA, tribePath);
    assert.match(new URL(pageA.url()).search, /^\?post=/);
    const bobComment = thread(pageA, postBody).getByRole('article', { name: bob.name });
    await expectVisible(bobComment.getByText(comment));
    await expectVisible(bobComment.getByRole('link', { name: bob.name, exact: true }));
    assert.equal(
      await postItem(pageA, postBody)
        .getByRole('button', { name: '1 comment', exact: true })
        .getAttribute('aria-expanded'),
      'true',
      'the link opened the thread',
    );

    // A replies: the reply quotes B, sits under B's comment, and B is told.
    await bobComment.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectVisible(postItem(pageA, postBody).getByText('Replying to'));
    const composerA = postItem(pageA, postBody).getByLabel('Write a comment');
    assert.match(await composerA.inputValue(), new RegExp(`^> \\*\\*${bob.name}\\*\\* wrote: Clone it`));
    assert.equal(await pageA.evaluate(() => document.activeElement?.tagName), 'TEXTAREA', 'Reply focuses the composer');
    await composerA.press('End');
    await composerA.pressSequentially('Thanks!');
    await postItem(pageA, postBody).getByRole('button', { name: 'Post comment', exact: true }).click();
    const replies = (page) => thread(page, postBody).getByRole('list', { name: `Replies to ${bob.name}`, exact: true });
    await expectVisible(replies(pageA).getByText('Thanks!'));
    await expectVisible(replies(pageB).getByText('Thanks!'));
    await expectVisible(postItem(pageB, postBody).getByRole('button', { name: '2 comments', exact: true }));
    await expectVisible(pageB.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }));
    await bell(pageB).click();
    await expectVisible(bellPanel(pageB).getByText(`${alice.name} replied to your comment`));
    await pageB.keyboard.press('Escape');

    // Reactions: A hearts the post from the menu; B sees it, adds theirs; exact on both sides.
    await react(postReactions(pageA, postBody, alice), pageA, 'Heart');
    await expectPressed(toggle(postReactions(pageA, postBody, alice), 'Heart: 1'), true);
    await expectPressed(toggle(postReactions(pageB, postBody, alice), 'Heart: 1'), false);
    await toggle(postReactions(pageB, postBody, alice), 'Heart: 1').click();
    await expectPressed(toggle(postReactions(pageB, postBody, alice), 'Heart: 2'), true);
    await expectPressed(toggle(postReactions(pageA, postBody, alice), 'Heart: 2'), true);
    // Pressing again takes it back, on both sides.
    await toggle(postReactions(pageA, postBody, alice), 'Heart: 2').click();
    await expectPressed(toggle(postReactions(pageA, postBody, alice), 'Heart: 1'), false);
    await expectPressed(toggle(postReactions(pageB, postBody, alice), 'Heart: 1'), true);
    // A reaction on a comment: B's rocket on A's reply.
    const replyReactions = (page) =>
      replies(page).getByRole('group', { name: `Reactions to ${alice.name}'s comment`, exact: true });
    await react(replyReactions(pageB), pageB, 'Rocket');
    await expectPressed(toggle(replyReactions(pageB), 'Rocket: 1'), true);
    await expectPressed(toggle(replyReactions(pageA), 'Rocket: 1'), false);

    // B edits the comment: A sees the new text, marked "edited".
    const bobCommentB = thread(pageB, postBody).getByRole('article', { name: bob.name }).first();
    await bobCommentB.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = bobCommentB.getByRole('textbox', { name: 'Edit comment' });
    await editor.fill(`${comment}, then borrow`);
    await bobCommentB.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(bobComment.getByText(`${comment}, then borrow`));
    await expectVisible(bobComment.getByText('edited', { exact: true }));
    await expectVisible(bobCommentB.getByText('edited', { exact: true }));

    // B deletes the comment (after a confirmation): the count goes back on both tabs; the reply stays.
    await bobCommentB.getByRole('button', { name: 'Delete comment', exact: true }).click();
    const confirm = pageB.getByRole('dialog', { name: 'Delete this comment?' });
    await confirm.getByRole('button', { name: 'Delete comment', exact: true }).click();
    await expectVisible(pageB.getByText('The comment was deleted', { exact: true }));
    await gone(thread(pageA, postBody).getByText(`${comment}, then borrow`));
    await expectVisible(postItem(pageA, postBody).getByRole('button', { name: '1 comment', exact: true }));
    await expectVisible(postItem(pageB, postBody).getByRole('button', { name: '1 comment', exact: true }));
    await expectVisible(thread(pageA, postBody).getByText('Thanks!'));

    // Closing the thread hides it; the button says so.
    const toggleA = postItem(pageA, postBody).getByRole('button', { name: '1 comment', exact: true });
    await toggleA.click();
    assert.equal(await toggleA.getAttribute('aria-expanded'), 'false');
    assert.equal(await thread(pageA, postBody).count(), 0);
  }),
);

/** README: the demo developer seeded with the moderator claim. */
const DEMO_MODERATOR = { email: 'grace@demo.devtribe.dev', password: 'devtribe-demo' };

/** A new tab in the same context, signed out of the last user and into `signIn`. */
async function newTab(context, previous, signIn) {
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expectVisible(headerName(page, previous));
  await logOut(page);
  await signIn(page);
  return page;
}

async function comment(page, body, text) {
  const item = postItem(page, body);
  const toggle = item.locator('.conversation__toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await item.getByLabel('Write a comment').fill(text);
  await item.getByRole('button', { name: 'Post comment', exact: true }).click();
  await expectVisible(thread(page, body).getByText(text));
}

test(
  'moderation: the owner removes a comment, a reported one is removed from the queue, a blocked author collapses',
  withPage(env, async ({ page: pageA, context }) => {
    const alice = newUser('conv-owner');
    const bob = newUser('conv-member');
    const tribeName = `E2E Moderated Talk ${randomBytes(3).toString('hex')}`;
    const postBody = `Rules of this tribe, by ${alice.name}`;
    await signUp(pageA, alice);
    const tribePath = await createTribeWithPost(pageA, tribeName, postBody);

    const pageB = await newTab(context, alice, (page) => signUp(page, bob));
    const bobUid = await uidOf(pageB);
    await pageB.goto(tribePath);
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    await comment(pageB, postBody, 'Buy followers here');
    await comment(pageB, postBody, 'Cheap stars for your repo');
    await comment(pageB, postBody, 'An honest question');

    // A, the owner, removes one from the thread.
    await pageA.goto(tribePath);
    await postItem(pageA, postBody).getByRole('button', { name: '3 comments', exact: true }).click();
    const spam = thread(pageA, postBody).getByRole('article').filter({ hasText: 'Buy followers here' });
    await spam.getByRole('button', { name: 'Remove comment', exact: true }).click();
    await pageA
      .getByRole('dialog', { name: `Remove this comment by ${bob.name}?` })
      .getByRole('button', { name: 'Remove comment', exact: true })
      .click();
    await gone(thread(pageA, postBody).getByText('Buy followers here'));
    await expectVisible(postItem(pageB, postBody).getByRole('button', { name: '2 comments', exact: true }));

    // A reports another; the demo moderator removes it from the queue.
    const stars = thread(pageA, postBody).getByRole('article').filter({ hasText: 'Cheap stars for your repo' });
    await stars.getByRole('button', { name: `Report comment by ${bob.name}`, exact: true }).click();
    const report = pageA.getByRole('dialog', { name: 'Report this comment' });
    await report.getByRole('radio', { name: 'Spam', exact: true }).check();
    await report.getByRole('button', { name: 'Send report', exact: true }).click();
    const sent = pageA.getByRole('dialog', { name: 'Report sent' });
    await expectVisible(sent.getByText('Thanks for your report. Our moderators will review it.'));
    await sent.getByRole('button', { name: 'Close', exact: true }).click();

    const pageM = await newTab(context, bob, async (page) => {
      await logIn(page, DEMO_MODERATOR);
      await expectVisible(heading(page, 'Dashboard'));
    });
    await pageM.goto('/moderation');
    const item = pageM.getByRole('article', { name: `Comment: Comment by ${bob.name}` });
    await expectVisible(item.getByText('Cheap stars for your repo'));
    await expectVisible(item.getByRole('link', { name: 'Open in DevTribe', exact: true }));
    await item.getByRole('button', { name: 'Remove comment', exact: true }).click();
    await pageM
      .getByRole('dialog', { name: 'Remove comment?' })
      .getByRole('button', { name: 'Remove comment', exact: true })
      .click();
    await expectVisible(pageM.getByText('Comment removed', { exact: true }));
    await gone(thread(pageA, postBody).getByText('Cheap stars for your repo'));
    await expectVisible(postItem(pageA, postBody).getByRole('button', { name: '1 comment', exact: true }));

    // A blocks B: B's remaining comment collapses, and shows again on request.
    await pageA.goto(`/profile/${encodeURIComponent(bobUid)}`);
    await pageA.getByRole('button', { name: `More actions for ${bob.name}`, exact: true }).click();
    await pageA.getByRole('menuitem', { name: 'Block', exact: true }).click();
    await pageA
      .getByRole('dialog', { name: `Block ${bob.name}?` })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    await expectVisible(pageA.getByText(`You blocked ${bob.name}. They won't be told.`));
    await pageA.goto(tribePath);
    await postItem(pageA, postBody).getByRole('button', { name: '1 comment', exact: true }).click();
    await expectVisible(thread(pageA, postBody).getByText('Comment from a person you blocked'));
    assert.equal(await thread(pageA, postBody).getByText('An honest question').count(), 0);
    await thread(pageA, postBody).getByRole('button', { name: 'Show comment', exact: true }).click();
    await expectVisible(thread(pageA, postBody).getByText('An honest question'));
  }),
);

test(
  'axe: the open thread and the reaction menu in both colour schemes; the menu from the keyboard',
  withPage(env, async ({ page }) => {
    const user = newUser('conv-axe');
    const tribeName = `E2E Axe Talk ${randomBytes(3).toString('hex')}`;
    const body = 'A post to talk about';
    await signUp(page, user);
    const tribePath = await createTribeWithPost(page, tribeName, body);
    await postItem(page, body).getByRole('button', { name: 'Comment', exact: true }).click();
    await postItem(page, body).getByLabel('Write a comment').fill('A first comment with `code`');
    await postItem(page, body).getByRole('button', { name: 'Post comment', exact: true }).click();
    await expectVisible(thread(page, body).getByText('A first comment with', { exact: false }));
    await react(postReactions(page, body, user), page, 'Party');
    await expectPressed(toggle(postReactions(page, body, user), 'Party: 1'), true);
    await page.goto(`${tribePath}?post=${encodeURIComponent(await postId(page, body))}`);
    await expectVisible(thread(page, body));
    await settlePage(page);

    const log = violationLog();
    await log.check(page, 'tribe page, thread open');

    // The menu: opened with Enter, arrows move, Escape closes it and returns the focus.
    const menuButton = postReactions(page, body, user).getByRole('button', { name: 'Add reaction', exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Reactions' });
    await expectVisible(menu);
    assert.equal(await menu.getByRole('menuitem').count(), 6);
    assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), [
      '👍Thumbs up',
      '❤️Heart',
      '🎉Party',
      '🚀Rocket',
      '👀Eyes',
      '😄Laugh',
    ]);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    assert.equal(await focused(), '👍Thumbs up');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), '❤️Heart');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), '😄Laugh');
    await log.check(page, 'reaction menu open');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-haspopup') === 'menu' &&
          document.activeElement.textContent.endsWith('Add reaction'),
      ),
      true,
      'focus back on Add reaction',
    );
    // Chosen from the keyboard.
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expectPressed(toggle(postReactions(page, body, user), 'Laugh: 1'), true);

    // A phone: nothing wider than the screen, the menu inside it.
    await page.setViewportSize({ width: 320, height: 640 });
    await menuButton.click();
    await expectVisible(menu);
    const overflow = await page.evaluate(() => {
      const box = document.querySelector('[role="menu"]').getBoundingClientRect();
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        left: box.left,
        right: document.documentElement.clientWidth - box.right,
      };
    });
    assert.ok(overflow.page <= 0, `the page scrolls sideways by ${overflow.page} px`);
    assert.ok(overflow.left >= 0 && overflow.right >= 0, `the menu leaves the screen: ${JSON.stringify(overflow)}`);
    await log.check(page, 'phone, reaction menu open');
    log.assertNone();
  }),
);

/** The post's id, as its conversation names it. */
async function postId(page, body) {
  const ids = await page.evaluate(() =>
    [...document.querySelectorAll('ol[aria-label="Posts"] > li')].map((li) => ({
      text: li.textContent,
      id: li.querySelector('[data-post-id]')?.getAttribute('data-post-id'),
    })),
  );
  const found = ids.find((entry) => entry.text.includes(body))?.id;
  assert.ok(found, 'the post carries its id');
  return found;
}

test(
  'a post below the first page: Load more shows it, and its count arrives live from another tab',
  withPage(env, async ({ page: pageA, context }) => {
    const alice = newUser('conv-deep-a');
    const bob = newUser('conv-deep-b');
    const tribeName = `E2E Deep Feed ${randomBytes(3).toString('hex')}`;
    const oldest = `The oldest post of ${alice.name}`;

    await signUp(pageA, alice);
    const tribePath = await createTribeWithPost(pageA, tribeName, oldest);
    // Twenty newer posts push the first one below the first page (20 posts).
    for (let n = 1; n <= 20; n += 1) {
      await pageA.getByLabel('Write a post').fill(`Newer post ${n}`);
      await pageA.getByRole('button', { name: 'Post', exact: true }).click();
      await expectVisible(posts(pageA).getByText(`Newer post ${n}`, { exact: true }));
    }
    // Pushed down while the page was open, it stayed on screen; a fresh visit shows the first page.
    await expectVisible(posts(pageA).getByText(oldest));
    await pageA.reload();
    await expectVisible(posts(pageA).getByText('Newer post 20', { exact: true }));
    assert.equal(await posts(pageA).getByText(oldest).count(), 0, 'the oldest post is below the first page');
    await pageA.getByRole('button', { name: 'Load more', exact: true }).click();
    await expectVisible(postItem(pageA, oldest).getByRole('button', { name: 'Comment', exact: true }));

    // B joins in another tab and comments on the oldest post, loaded with Load more too.
    const pageB = await newTab(context, alice, (page) => signUp(page, bob));
    await pageB.goto(tribePath);
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    await pageB.getByRole('button', { name: 'Load more', exact: true }).click();
    await comment(pageB, oldest, `Found it, says ${bob.name}`);

    // A: the count on the older page arrives without a reload.
    await expectVisible(postItem(pageA, oldest).getByRole('button', { name: '1 comment', exact: true }));
  }),
);
