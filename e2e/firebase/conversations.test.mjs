// Conversations on the Firebase build against the Firestore and Auth emulators (the real rules),
// two users in two browser contexts: B comments on A's post; A sees the comment, the exact count
// and the notification live; reactions toggle with exact counts on both sides; B's edit shows as
// "edited"; B deletes the comment and the count goes back. The stored counters are checked too.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { expectVisible, heading, newUser, signUp, useBrowser } from '../helpers.mjs';
import { readAllDocuments, SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

const posts = (page) => page.getByRole('list', { name: 'Posts' });
const postItem = (page, body) => posts(page).getByRole('listitem').filter({ hasText: body }).first();
const postReactions = (page, body, author) =>
  postItem(page, body).getByRole('group', { name: `Reactions to ${author.name}'s post`, exact: true });
const thread = (page, body) => postItem(page, body).getByRole('list', { name: 'Comments', exact: true });

async function expectPressed(button, pressed) {
  await expectVisible(button);
  assert.equal(await button.getAttribute('aria-pressed'), String(pressed), await button.getAttribute('aria-label'));
}

test(
  'Firebase build: a comment arrives live with its count and notification; reactions exact on both sides; delete brings the count back',
  { skip: SKIP_REASON },
  withUsers(env, 2, async ({ pages: [pageA, pageB] }) => {
    const alice = newUser('fb-conv-a');
    const bob = newUser('fb-conv-b');
    const tribeName = `FB Talk ${randomBytes(3).toString('hex')}`;
    const postBody = `Favourite lifetimes trick, asks ${alice.name}?`;
    const comment = `Elision, says ${bob.name}`;

    await signUp(pageA, alice);
    await signUp(pageB, bob);

    await pageA.goto('/tribes/create');
    await pageA.getByLabel('Name', { exact: true }).fill(tribeName);
    await pageA.getByLabel('Add a topic').fill('Rust');
    await pageA.getByLabel('Add a topic').press('Enter');
    await pageA.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(pageA, tribeName));
    const tribePath = new URL(pageA.url()).pathname;
    await pageA.getByLabel('Write a post').fill(postBody);
    await pageA.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(posts(pageA).getByText(postBody));

    // B joins and comments.
    await pageB.goto(tribePath);
    await pageB.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Leave tribe', exact: true }));
    await postItem(pageB, postBody).getByRole('button', { name: 'Comment', exact: true }).click();
    await postItem(pageB, postBody).getByLabel('Write a comment').fill(comment);
    await postItem(pageB, postBody).getByRole('button', { name: 'Post comment', exact: true }).click();
    await expectVisible(thread(pageB, postBody).getByText(comment));

    // A: the count and the notification, live; the thread opens with the comment.
    const countA = postItem(pageA, postBody).getByRole('button', { name: '1 comment', exact: true });
    await expectVisible(countA);
    await expectVisible(pageA.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }));
    await countA.click();
    await expectVisible(thread(pageA, postBody).getByText(comment));

    // Reactions, exact on both sides.
    await postReactions(pageA, postBody, alice).getByRole('button', { name: 'Add reaction', exact: true }).click();
    await pageA.getByRole('menu', { name: 'Reactions' }).getByRole('menuitem', { name: 'Rocket', exact: true }).click();
    await expectPressed(postReactions(pageA, postBody, alice).getByRole('button', { name: 'Rocket: 1' }), true);
    await expectPressed(postReactions(pageB, postBody, alice).getByRole('button', { name: 'Rocket: 1' }), false);
    await postReactions(pageB, postBody, alice).getByRole('button', { name: 'Rocket: 1' }).click();
    await expectPressed(postReactions(pageB, postBody, alice).getByRole('button', { name: 'Rocket: 2' }), true);
    await expectPressed(postReactions(pageA, postBody, alice).getByRole('button', { name: 'Rocket: 2' }), true);
    await postReactions(pageA, postBody, alice).getByRole('button', { name: 'Rocket: 2' }).click();
    await expectPressed(postReactions(pageB, postBody, alice).getByRole('button', { name: 'Rocket: 1' }), true);
    await expectPressed(postReactions(pageA, postBody, alice).getByRole('button', { name: 'Rocket: 1' }), false);

    // B edits: A sees "edited". B deletes: the count goes back on both sides.
    const own = thread(pageB, postBody).getByRole('article', { name: bob.name });
    await own.getByRole('button', { name: 'Edit', exact: true }).click();
    await own.getByRole('textbox', { name: 'Edit comment' }).fill(`${comment}, mostly`);
    await own.getByRole('button', { name: 'Save', exact: true }).click();
    const seenByA = thread(pageA, postBody).getByRole('article', { name: bob.name });
    await expectVisible(seenByA.getByText(`${comment}, mostly`));
    await expectVisible(seenByA.getByText('edited', { exact: true }));
    await own.getByRole('button', { name: 'Delete comment', exact: true }).click();
    await pageB
      .getByRole('dialog', { name: 'Delete this comment?' })
      .getByRole('button', { name: 'Delete comment', exact: true })
      .click();
    await expectVisible(postItem(pageA, postBody).getByRole('button', { name: 'Comment', exact: true }));
    await expectVisible(postItem(pageB, postBody).getByRole('button', { name: 'Comment', exact: true }));
    await seenByA.waitFor({ state: 'detached' });

    // What is stored: no comment, the post's counters at what they count.
    const docs = await readAllDocuments();
    const post = docs.find((doc) => doc.collection === 'posts')?.data;
    assert.equal(docs.filter((doc) => doc.collection === 'comments').length, 0);
    assert.equal(post?.commentCount, 0);
    const rockets = docs.filter((doc) => doc.collection === 'reactions' && doc.data.kind === 'rocket').length;
    assert.equal(rockets, 1);
    assert.equal(post?.reactionCounts?.rocket, rockets);
  }),
);
