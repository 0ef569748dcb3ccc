// The Firebase build on the Firestore and Auth emulators: friends between users in their own
// browser contexts, through the UI only (buttons, panels and texts, never the stored documents,
// so these journeys hold whatever the data model is): send, accept, decline, cancel and remove,
// each seen live on the other side.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectVisible, heading, newUser, signUp, useBrowser } from '../helpers.mjs';
import { SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

const panel = (page, name) => page.getByRole('region', { name });
const incomingPanel = (page) => panel(page, /^Friend requests/);
const sentPanel = (page) => panel(page, /^Sent requests/);
const friendsPanel = (page) => panel(page, /^Friends( \d+)?$/);
const bell = (page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const bellNamed = (page, name) => page.getByRole('banner').getByRole('button', { name, exact: true });
const bellPanel = (page) => page.getByRole('region', { name: 'Notifications', exact: true });
const relationship = (page, user) => page.getByRole('group', { name: `Friendship with ${user.name}`, exact: true });

async function expectHidden(locator) {
  await locator.waitFor({ state: 'hidden' });
}

async function openDashboard(page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expectVisible(heading(page, 'Dashboard'));
}

/** Finds `target` on Explore People by their unique name; returns their relationship buttons. */
async function findOnExplore(page, target) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
  await expectVisible(heading(page, 'Explore People'));
  await page.getByRole('searchbox', { name: 'Search people' }).fill(target.name);
  const card = page.getByRole('article', { name: target.name, exact: true });
  await expectVisible(card);
  return relationship(page, target);
}

async function sendFromExplore(senderPage, receiver) {
  const buttons = await findOnExplore(senderPage, receiver);
  await buttons.getByRole('button', { name: 'Add friend', exact: true }).click();
  await expectVisible(buttons.getByRole('button', { name: 'Cancel request', exact: true }));
  return buttons;
}

test(
  'Firebase build: send and accept in two contexts: both sides update live, the bell counts',
  { skip: SKIP_REASON },
  withUsers(env, 2, async ({ pages: [tabA, tabB] }) => {
    const [a, b] = [newUser('fb-sender'), newUser('fb-receiver')];
    await signUp(tabA, a);
    await signUp(tabB, b);
    await expectVisible(incomingPanel(tabB).getByText('No requests waiting.'));
    await expectVisible(bellNamed(tabB, 'Notifications'));

    const buttonsForB = await sendFromExplore(tabA, b);

    // B sees it without reloading: in the incoming panel and on the bell.
    const request = incomingPanel(tabB).getByRole('listitem').filter({ hasText: a.name });
    await expectVisible(request);
    await expectVisible(bellNamed(tabB, 'Notifications, 1 unread'));
    await bell(tabB).click();
    await expectVisible(bellPanel(tabB).getByText(`${a.name} sent you a friend request`));
    await tabB.keyboard.press('Escape');

    // B accepts; both friends lists update without a reload.
    await request.getByRole('button', { name: `Accept ${a.name}`, exact: true }).click();
    await expectHidden(request);
    await expectVisible(incomingPanel(tabB).getByText('No requests waiting.'));
    await expectVisible(friendsPanel(tabB).getByRole('link', { name: a.name, exact: true }));
    await expectVisible(buttonsForB.getByRole('button', { name: 'Remove friend', exact: true }));
    await openDashboard(tabA);
    await expectVisible(friendsPanel(tabA).getByRole('link', { name: b.name, exact: true }));
    await expectVisible(panel(tabA, 'Friends 1'));
    await expectVisible(sentPanel(tabA).getByText('You have no pending requests.'));

    // A's bell has the acceptance.
    await expectVisible(bellNamed(tabA, 'Notifications, 1 unread'));
    await bell(tabA).click();
    await expectVisible(bellPanel(tabA).getByText(`${b.name} accepted your friend request`, { exact: true }));
    await tabA.keyboard.press('Escape');

    // After a reload each side still lists the other, and the profiles count one friend.
    for (const [page, other] of [
      [tabA, b],
      [tabB, a],
    ]) {
      await page.reload();
      await expectVisible(heading(page, 'Dashboard'));
      await friendsPanel(page).getByRole('link', { name: other.name, exact: true }).click();
      await expectVisible(heading(page, other.name));
      await expectVisible(page.getByRole('list', { name: 'Activity' }).getByText('1 friend', { exact: true }));
    }
  }),
);

test(
  'Firebase build: decline and cancel in two contexts: the other side sees each change live',
  { skip: SKIP_REASON },
  withUsers(env, 2, async ({ pages: [tabA, tabC] }) => {
    const [a, c] = [newUser('fb-decliner'), newUser('fb-third')];
    await signUp(tabA, a);
    await signUp(tabC, c);

    // C sends to A; A declines; C's button goes back to Add friend.
    const buttonsForA = await sendFromExplore(tabC, a);
    const fromC = incomingPanel(tabA).getByRole('listitem').filter({ hasText: c.name });
    await expectVisible(fromC);
    await fromC.getByRole('button', { name: `Decline ${c.name}`, exact: true }).click();
    await expectHidden(fromC);
    await expectVisible(incomingPanel(tabA).getByText('No requests waiting.'));
    await expectVisible(buttonsForA.getByRole('button', { name: 'Add friend', exact: true }));
    await expectVisible(friendsPanel(tabA).getByText('No friends yet.'));

    // A sends to C; C sees it; A cancels; C no longer sees it.
    await openDashboard(tabC);
    await expectVisible(incomingPanel(tabC).getByText('No requests waiting.'));
    const buttonsForC = await sendFromExplore(tabA, c);
    const fromA = incomingPanel(tabC).getByRole('listitem').filter({ hasText: a.name });
    await expectVisible(fromA);
    await expectVisible(bellNamed(tabC, 'Notifications, 1 unread'));
    await buttonsForC.getByRole('button', { name: 'Cancel request', exact: true }).click();
    await expectVisible(buttonsForC.getByRole('button', { name: 'Add friend', exact: true }));
    await expectHidden(fromA);
    await expectVisible(incomingPanel(tabC).getByText('No requests waiting.'));
    await expectVisible(bellNamed(tabC, 'Notifications'));
    await openDashboard(tabA);
    await expectVisible(sentPanel(tabA).getByText('You have no pending requests.'));
    await expectVisible(friendsPanel(tabC).getByText('No friends yet.'));
  }),
);

test(
  'Firebase build: remove friend in two contexts: after the confirmation both lists drop each other live',
  { skip: SKIP_REASON },
  withUsers(env, 2, async ({ pages: [tabA, tabB] }) => {
    const [a, b] = [newUser('fb-remover'), newUser('fb-removed')];
    await signUp(tabA, a);
    await signUp(tabB, b);

    // Friends first, through the UI.
    await sendFromExplore(tabA, b);
    const request = incomingPanel(tabB).getByRole('listitem').filter({ hasText: a.name });
    await request.getByRole('button', { name: `Accept ${a.name}`, exact: true }).click();
    await expectVisible(friendsPanel(tabB).getByRole('link', { name: a.name, exact: true }));

    await openDashboard(tabA);
    const rowB = friendsPanel(tabA).getByRole('listitem').filter({ hasText: b.name });
    await expectVisible(rowB);
    const rowA = friendsPanel(tabB).getByRole('listitem').filter({ hasText: a.name });
    await expectVisible(rowA);

    await rowB.getByRole('button', { name: `Remove friend ${b.name}`, exact: true }).click();
    const dialog = tabA.getByRole('dialog', { name: `Remove ${b.name} from your friends?` });
    await dialog.getByRole('button', { name: 'Remove friend', exact: true }).click();
    await expectHidden(dialog);
    await expectHidden(rowB);
    await expectVisible(friendsPanel(tabA).getByText('No friends yet.'));
    await expectHidden(rowA);
    await expectVisible(friendsPanel(tabB).getByText('No friends yet.'));

    // Back to no relationship on both sides, also after a reload.
    const buttonsForB = await findOnExplore(tabA, b);
    await expectVisible(buttonsForB.getByRole('button', { name: 'Add friend', exact: true }));
    await tabB.reload();
    await expectVisible(heading(tabB, 'Dashboard'));
    await expectVisible(friendsPanel(tabB).getByText('No friends yet.'));
    const buttonsForA = await findOnExplore(tabB, a);
    await expectVisible(buttonsForA.getByRole('button', { name: 'Add friend', exact: true }));
    assert.equal(await buttonsForA.getByRole('button', { name: 'Remove friend' }).count(), 0);
  }),
);
