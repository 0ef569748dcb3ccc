// Friends journeys across tabs: two (or three) users in tabs of ONE browser context, so they share
// IndexedDB and see each other's changes through the BroadcastChannel, never through a reload.
// Send -> Cancel request -> Accept (with the bell on both sides), decline, cancel and remove,
// each checked on both sides. Every test signs up its own users.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectVisible, heading, logOut, newUser, signUp, uidOf, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

// ---------- locators ----------

/** The signed-in user's name in the page header (the site banner, not the dashboard's own header). */
const headerName = (page, user) => page.getByRole('banner').getByText(user.name, { exact: true });

const panel = (page, name) => page.getByRole('region', { name });
const incomingPanel = (page) => panel(page, /^Friend requests/);
const sentPanel = (page) => panel(page, /^Sent requests/);
const friendsPanel = (page) => panel(page, /^Friends( \d+)?$/);

/** The header bell; its name carries the unread count ("Notifications, 2 unread"). */
const bell = (page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const bellNamed = (page, name) => page.getByRole('banner').getByRole('button', { name, exact: true });
const bellPanel = (page) => page.getByRole('region', { name: 'Notifications', exact: true });

/** The relationship buttons on a person's card in Explore People. */
const relationship = (page, user) => page.getByRole('group', { name: `Friendship with ${user.name}`, exact: true });

// ---------- waits ----------

async function expectHidden(locator) {
  await locator.waitFor({ state: 'hidden' });
}

/** Waits for the tab's header to show `user` and never `others` (the tab's own session). */
async function expectSignedInAs(page, user, others = []) {
  await expectVisible(headerName(page, user));
  for (const other of others)
    assert.equal(await headerName(page, other).count(), 0, `${page.url()} shows ${other.name} in its header`);
}

// ---------- set-up ----------

/**
 * Signs up one user per tab in `context`, in order. A new tab starts as the last user signed in
 * (shared localStorage), so each later tab logs out first; the earlier tabs must keep their user.
 */
async function signUpInTabs(context, firstPage, users) {
  const pages = [firstPage];
  await signUp(firstPage, users[0]);
  for (let i = 1; i < users.length; i += 1) {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expectSignedInAs(page, users[i - 1]);
    await logOut(page);
    await signUp(page, users[i]);
    pages.push(page);
  }
  // Each tab kept its own user although other tabs signed out and in after it.
  for (const [i, page] of pages.entries()) {
    await expectSignedInAs(
      page,
      users[i],
      users.filter((_, j) => j !== i),
    );
  }
  return pages;
}

/** In `page`, finds `target` on /explore by their unique name and returns their relationship buttons. */
async function findOnExplore(page, target) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
  await expectVisible(heading(page, 'Explore People'));
  await page.getByRole('searchbox', { name: 'Search people' }).fill(target.name);
  const card = page.getByRole('article', { name: target.name, exact: true });
  await expectVisible(card);
  assert.equal(await card.count(), 1, `one card for ${target.name}`);
  return relationship(page, target);
}

/** Goes to the dashboard through the app's own navigation (no reload). */
async function openDashboard(page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expectVisible(heading(page, 'Dashboard'));
}

/** `sender` sends a request to `receiver` from Explore People; the button turns into `Cancel request`. */
async function sendFromExplore(senderPage, receiver) {
  const buttons = await findOnExplore(senderPage, receiver);
  await buttons.getByRole('button', { name: 'Add friend', exact: true }).click();
  await expectVisible(buttons.getByRole('button', { name: 'Cancel request', exact: true }));
  return buttons;
}

/** A makes friends with B through the UI: A sends from Explore, B accepts on the dashboard. */
async function befriend(pageA, userA, pageB, userB) {
  await sendFromExplore(pageA, userB);
  await openDashboard(pageB);
  const request = incomingPanel(pageB).getByRole('listitem').filter({ hasText: userA.name });
  await request.getByRole('button', { name: `Accept ${userA.name}`, exact: true }).click();
  await expectVisible(friendsPanel(pageB).getByRole('link', { name: userA.name, exact: true }));
  await expectVisible(relationship(pageA, userB).getByRole('button', { name: 'Remove friend', exact: true }));
}

// ---------- tests ----------

test(
  'two tabs are two users: each header keeps its own user after the other tab signs in',
  withPage(env, async ({ page, context }) => {
    const [a, b] = [newUser('tab-a'), newUser('tab-b')];
    const [tabA, tabB] = await signUpInTabs(context, page, [a, b]);

    // Acting in one tab (navigating, which re-reads the session) does not move the other.
    await tabA.reload();
    await expectSignedInAs(tabA, a, [b]);
    await tabB.reload();
    await expectSignedInAs(tabB, b, [a]);
  }),
);

test(
  'send and accept: both sides update live, the bell counts and marks read',
  withPage(env, async ({ page, context }) => {
    const [a, b] = [newUser('sender'), newUser('receiver')];
    const [tabA, tabB] = await signUpInTabs(context, page, [a, b]);
    const bUid = await uidOf(tabB);
    const aUid = await uidOf(tabA);

    // B waits on the dashboard, with nothing pending.
    await expectVisible(incomingPanel(tabB).getByText('No requests waiting.'));
    await expectVisible(bellNamed(tabB, 'Notifications'));

    // A finds B and sends a request.
    const buttonsForB = await sendFromExplore(tabA, b);
    assert.equal(await buttonsForB.getByRole('button', { name: 'Add friend' }).count(), 0);

    // B sees it without reloading: in the incoming panel and on the bell.
    const request = incomingPanel(tabB).getByRole('listitem').filter({ hasText: a.name });
    await expectVisible(request);
    await expectVisible(bellNamed(tabB, 'Notifications, 1 unread'));

    // B's bell lists the request; A's dashboard lists it as sent.
    await bell(tabB).click();
    await expectVisible(bellPanel(tabB).getByText(`${a.name} sent you a friend request`));
    await tabB.keyboard.press('Escape');
    await expectHidden(bellPanel(tabB));

    // B accepts.
    await request.getByRole('button', { name: `Accept ${a.name}`, exact: true }).click();
    await expectHidden(request);
    await expectVisible(incomingPanel(tabB).getByText('No requests waiting.'));

    // Both friends lists update without reload.
    await expectVisible(friendsPanel(tabB).getByRole('link', { name: a.name, exact: true }));
    await expectVisible(panel(tabB, 'Friends 1'));
    await expectVisible(buttonsForB.getByRole('button', { name: 'Remove friend', exact: true }));
    await openDashboard(tabA);
    await expectVisible(friendsPanel(tabA).getByRole('link', { name: b.name, exact: true }));
    await expectVisible(panel(tabA, 'Friends 1'));
    await expectVisible(sentPanel(tabA).getByText('You have no pending requests.'));

    // The profile pages count one friend each (in-app navigation, no reload).
    await friendsPanel(tabA).getByRole('link', { name: b.name, exact: true }).click();
    await expectVisible(heading(tabA, b.name));
    assert.equal(new URL(tabA.url()).pathname, `/profile/${bUid}`);
    await expectVisible(tabA.getByRole('list', { name: 'Activity' }).getByText('1 friend', { exact: true }));
    await expectVisible(
      tabA.getByRole('group', { name: `Friendship with ${b.name}` }).getByRole('button', { name: 'Remove friend' }),
    );
    await friendsPanel(tabB).getByRole('link', { name: a.name, exact: true }).click();
    await expectVisible(heading(tabB, a.name));
    assert.equal(new URL(tabB.url()).pathname, `/profile/${aUid}`);
    await expectVisible(tabB.getByRole('list', { name: 'Activity' }).getByText('1 friend', { exact: true }));

    // A's bell has the acceptance; B's request notification is gone with the request.
    await expectVisible(bellNamed(tabA, 'Notifications, 1 unread'));
    await expectVisible(bellNamed(tabB, 'Notifications'));
    await bell(tabA).click();
    await expectVisible(bellPanel(tabA).getByText(`${b.name} accepted your friend request`, { exact: true }));
    // Opening it marks it read: the count goes, and stays gone once the read is saved.
    await expectVisible(bellNamed(tabA, 'Notifications'));
    await tabA.keyboard.press('Escape');
    await bell(tabA).click();
    await expectVisible(bellPanel(tabA).getByText('You are all caught up.', { exact: false }));
    await tabA.keyboard.press('Escape');
    await tabA.reload();
    await expectVisible(heading(tabA, b.name));
    await expectVisible(bellNamed(tabA, 'Notifications'));
  }),
);

test(
  'decline and cancel: the other side sees each change live',
  withPage(env, async ({ page, context }) => {
    const [a, c] = [newUser('decliner'), newUser('third')];
    const [tabA, tabC] = await signUpInTabs(context, page, [a, c]);

    // C sends to A; A declines on the dashboard; C's button goes back to Add friend.
    const buttonsForA = await sendFromExplore(tabC, a);
    const fromC = incomingPanel(tabA).getByRole('listitem').filter({ hasText: c.name });
    await expectVisible(fromC);
    await expectVisible(bellNamed(tabA, 'Notifications, 1 unread'));
    await fromC.getByRole('button', { name: `Decline ${c.name}`, exact: true }).click();
    await expectHidden(fromC);
    await expectVisible(incomingPanel(tabA).getByText('No requests waiting.'));
    await expectVisible(bellNamed(tabA, 'Notifications'));
    await expectVisible(buttonsForA.getByRole('button', { name: 'Add friend', exact: true }));
    await expectVisible(friendsPanel(tabA).getByText('No friends yet.'));

    // A sends to C; C sees it; A cancels; C no longer sees it.
    await openDashboard(tabC);
    await expectVisible(incomingPanel(tabC).getByText('No requests waiting.'));
    await expectVisible(sentPanel(tabC).getByText('You have no pending requests.'));
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
  'remove friend: after the confirmation, both lists drop each other live',
  withPage(env, async ({ page, context }) => {
    const [a, b] = [newUser('remover'), newUser('removed')];
    const [tabA, tabB] = await signUpInTabs(context, page, [a, b]);
    await befriend(tabA, a, tabB, b);

    await openDashboard(tabA);
    const rowB = friendsPanel(tabA).getByRole('listitem').filter({ hasText: b.name });
    await expectVisible(rowB);
    const rowA = friendsPanel(tabB).getByRole('listitem').filter({ hasText: a.name });
    await expectVisible(rowA);

    // "Keep friend" changes nothing.
    await rowB.getByRole('button', { name: `Remove friend ${b.name}`, exact: true }).click();
    let dialog = tabA.getByRole('dialog', { name: `Remove ${b.name} from your friends?` });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Keep friend', exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(rowB);

    await rowB.getByRole('button', { name: `Remove friend ${b.name}`, exact: true }).click();
    dialog = tabA.getByRole('dialog', { name: `Remove ${b.name} from your friends?` });
    await dialog.getByRole('button', { name: 'Remove friend', exact: true }).click();
    await expectHidden(dialog);

    await expectHidden(rowB);
    await expectVisible(friendsPanel(tabA).getByText('No friends yet.'));
    await expectHidden(rowA);
    await expectVisible(friendsPanel(tabB).getByText('No friends yet.'));

    // The relationship is back to none on both sides: each can send a new request.
    const buttonsForB = await findOnExplore(tabA, b);
    await expectVisible(buttonsForB.getByRole('button', { name: 'Add friend', exact: true }));
    const buttonsForA = await findOnExplore(tabB, a);
    await expectVisible(buttonsForA.getByRole('button', { name: 'Add friend', exact: true }));
  }),
);
