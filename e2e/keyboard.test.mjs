// A keyboard-only journey on the production build: no mouse, no clicks, no element focused by
// the test. Two demo developers in two tabs of one browser context (the embedded backend lives in
// the context's IndexedDB): Ada logs in, sends Linus a friend request; Linus, in the other tab,
// logs in, opens and closes the notifications panel and accepts; Ada creates a tribe and posts in
// it, Linus joins it; Ada asks to join a project. Every element reached shows a visible focus indicator, and focus
// goes back where it came from when a panel or dialog closes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const DEMO_COMMUNITY_PASSWORD = 'devtribe-demo';
const ADA = { name: 'Ada Okafor', email: 'ada@demo.devtribe.dev' };
const LINUS = { name: 'Linus Virtanen', email: 'linus@demo.devtribe.dev' };

/** More than any page here has focusable elements before the one a step needs. */
const MAX_TABS = 200;

/**
 * Why the focused element does not show focus, or null when it does: it must match
 * :focus-visible and draw an outline or a box shadow.
 */
function focusProblem(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing is focused (focus is on <body>)';
    const name = `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''} class="${element.className}"> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`;
    if (!element.matches(':focus-visible')) return `${name} does not match :focus-visible`;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return outline || shadow ? null : `${name} draws no outline or box shadow`;
  });
}

async function expectFocusVisible(page, when) {
  assert.equal(await focusProblem(page), null, `focus visible ${when}`);
}

async function isFocused(locator) {
  return locator.evaluateAll((elements) => elements.includes(document.activeElement));
}

async function expectFocused(locator, what) {
  assert.equal(await isFocused(locator), true, `${what} has the focus`);
}

/**
 * Presses Tab until `locator` has the focus, checking at every stop that the focus is visible.
 * Passing the end of the document (focus leaves the page for the browser's own controls) is the
 * one stop allowed without a visible focus.
 */
async function tabTo(page, locator, what) {
  await locator.first().waitFor({ state: 'visible' });
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    const onBody = await page.evaluate(
      () => document.activeElement === null || document.activeElement === document.body,
    );
    if (onBody) continue;
    await expectFocusVisible(page, `while tabbing to ${what}`);
    if (await isFocused(locator)) return;
  }
  assert.fail(`${what} was not reached in ${MAX_TABS} presses of Tab`);
}

/** Tabs to the element and presses `key` on it (Enter for links and buttons, Space for others). */
async function activate(page, locator, what, key = 'Enter') {
  await tabTo(page, locator, what);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it. */
async function typeInto(page, locator, what, text) {
  await tabTo(page, locator, what);
  await page.keyboard.type(text);
}

const nav = (page, name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const bell = (page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const bellPanel = (page) => page.getByRole('region', { name: 'Notifications', exact: true });

async function logInByKeyboard(page, user) {
  await expectVisible(heading(page, 'Log in'));
  await typeInto(page, page.getByLabel('Email'), 'the email field', user.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), 'the password field', DEMO_COMMUNITY_PASSWORD);
  await page.keyboard.press('Enter');
  await expectVisible(heading(page, 'Dashboard'));
  await expectVisible(page.getByRole('banner').getByText(user.name, { exact: true }));
}

async function logOutByKeyboard(page) {
  await activate(page, page.getByRole('button', { name: 'Log out', exact: true }), 'Log out');
  const logInLink = page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true });
  await expectVisible(logInLink);
  await activate(page, logInLink, 'the Log in link');
}

test(
  'keyboard only: log in, befriend across tabs, notifications, a tribe and a post, a project request',
  withPage(env, async ({ page: ada, context }) => {
    // Ada logs in.
    await ada.goto('/login');
    await logInByKeyboard(ada, ADA);
    await expectPath(ada, '/dashboard');

    // Linus, in a second tab (which starts as Ada, the last to sign in), logs out and in as himself.
    const linus = await context.newPage();
    await linus.goto('/dashboard');
    await expectVisible(linus.getByRole('banner').getByText(ADA.name, { exact: true }));
    await logOutByKeyboard(linus);
    await logInByKeyboard(linus, LINUS);
    await expectVisible(bell(linus));

    // Ada finds Linus in Explore People and sends a friend request.
    await activate(ada, nav(ada, 'Explore'), 'Explore in the main navigation');
    await expectVisible(heading(ada, 'Explore People'));
    await typeInto(ada, ada.getByRole('searchbox', { name: 'Search people' }), 'the people search', 'Linus');
    // As someone looking at the screen would, wait for the list to answer the search: on a busy
    // machine the keystrokes queue behind the page's first render, and a Tab pressed meanwhile
    // reaches a card of the unfiltered list, which the results then replace (focus and all).
    await expectVisible(ada.getByRole('heading', { level: 2, name: 'Results', exact: true }));
    const withLinus = ada.getByRole('group', { name: `Friendship with ${LINUS.name}`, exact: true });
    await activate(ada, withLinus.getByRole('button', { name: 'Add friend', exact: true }), 'Add friend for Linus');
    await expectVisible(withLinus.getByRole('button', { name: 'Cancel request', exact: true }));
    await expectFocusVisible(ada, 'after sending the request');

    // Linus opens the notifications panel, reads the request, closes it with Escape.
    // The request reaches Linus's dashboard live (Kenji's older request is waiting there too).
    await expectVisible(linus.getByRole('button', { name: `Accept ${ADA.name}`, exact: true }));
    await expectVisible(linus.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ }));
    await activate(linus, bell(linus), 'the notifications bell', 'Space');
    await expectVisible(bellPanel(linus).getByText(`${ADA.name} sent you a friend request`));
    await expectFocusVisible(linus, 'in the open notifications panel');
    await linus.keyboard.press('Escape');
    await bellPanel(linus).waitFor({ state: 'hidden' });
    await expectFocused(bell(linus), 'the bell, after closing its panel,');
    await expectFocusVisible(linus, 'back on the bell');

    // Linus accepts on his dashboard; both tabs show the friendship.
    await activate(linus, linus.getByRole('button', { name: `Accept ${ADA.name}`, exact: true }), 'Accept Ada');
    const friends = linus.getByRole('region', { name: /^Friends( \d+)?$/ });
    await expectVisible(friends.getByRole('link', { name: ADA.name, exact: true }));
    await expectFocusVisible(linus, 'after accepting');
    await expectVisible(withLinus.getByRole('button', { name: 'Remove friend', exact: true }));

    // A dialog opened from the keyboard gets the focus, and Escape gives it back to its opener.
    const removeAda = friends.getByRole('button', { name: `Remove friend ${ADA.name}`, exact: true });
    await activate(linus, removeAda, 'Remove friend for Ada');
    const confirmation = linus.getByRole('dialog', { name: `Remove ${ADA.name} from your friends?` });
    await expectVisible(confirmation);
    await expectFocused(confirmation.getByRole('button', { name: 'Keep friend' }), 'Keep friend, in the dialog,');
    await expectFocusVisible(linus, 'in the remove-friend dialog');
    await linus.keyboard.press('Escape');
    await confirmation.waitFor({ state: 'detached' });
    await expectFocused(removeAda, 'Remove friend, after the dialog closed,');
    await expectFocusVisible(linus, 'back on Remove friend');
    await expectVisible(friends.getByRole('link', { name: ADA.name, exact: true }));

    // Ada creates a tribe.
    const tribeName = `Keyboard Tribe ${randomBytes(3).toString('hex')}`;
    await activate(ada, nav(ada, 'Tribes'), 'Tribes in the main navigation');
    await expectVisible(heading(ada, 'Explore Tribes'));
    await activate(ada, ada.getByRole('link', { name: 'Create tribe', exact: true }), 'Create tribe');
    await expectVisible(heading(ada, 'Create a tribe'));
    await typeInto(ada, ada.getByLabel('Name', { exact: true }), 'the tribe name', tribeName);
    await typeInto(ada, ada.getByLabel('Tagline'), 'the tagline', 'Made without a mouse');
    await typeInto(ada, ada.getByLabel('Add a topic'), 'the topic field', 'Accessibility');
    await ada.keyboard.press('Enter');
    await expectVisible(ada.getByRole('list', { name: 'Chosen topics' }).getByText('Accessibility'));
    await activate(ada, ada.getByRole('button', { name: 'Create tribe', exact: true }), 'the Create tribe button');
    await expectVisible(heading(ada, tribeName));
    await expectVisible(ada.getByText('You own this tribe'));
    await expectFocusVisible(ada, "on the new tribe's page");

    // ... and posts in it.
    const body = `Posted from the keyboard ${randomBytes(2).toString('hex')}`;
    await typeInto(ada, ada.getByLabel('Write a post'), 'the post composer', body);
    await activate(ada, ada.getByRole('button', { name: 'Post', exact: true }), 'the Post button');
    const post = ada.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: body });
    await expectVisible(post);
    await expectFocusVisible(ada, 'after posting');

    // The delete confirmation, opened and closed from the keyboard, returns focus to Delete.
    const deletePost = post.getByRole('button', { name: /^Delete/ });
    await activate(ada, deletePost, 'Delete on the new post');
    const deleteDialog = ada.getByRole('dialog', { name: 'Delete this post?' });
    await expectVisible(deleteDialog);
    await expectFocusVisible(ada, 'in the delete dialog');
    await ada.keyboard.press('Escape');
    await deleteDialog.waitFor({ state: 'detached' });
    await expectFocused(deletePost, 'Delete, after the dialog closed,');
    await expectFocusVisible(ada, 'back on Delete');
    await expectVisible(post);

    // Linus finds the new tribe in the directory and joins it; the post is there.
    await activate(linus, nav(linus, 'Tribes'), 'Tribes in the main navigation');
    await expectVisible(heading(linus, 'Explore Tribes'));
    await typeInto(linus, linus.getByRole('searchbox', { name: 'Search tribes' }), 'the tribe search', tribeName);
    await activate(linus, linus.getByRole('link', { name: tribeName, exact: true }), 'the new tribe');
    await expectVisible(heading(linus, tribeName));
    await activate(linus, linus.getByRole('button', { name: 'Join tribe', exact: true }), 'Join tribe');
    await expectVisible(linus.getByRole('button', { name: 'Leave tribe', exact: true }));
    await expectFocusVisible(linus, 'after joining');
    await expectVisible(linus.getByRole('list', { name: 'Posts' }).getByText(body));

    // Ada asks to join a project she is not in.
    await activate(ada, nav(ada, 'Projects'), 'Projects in the main navigation');
    await expectVisible(heading(ada, 'Project Matchmaking'));
    await activate(
      ada,
      ada.getByRole('link', { name: 'Kubernetes cost dashboard', exact: true }),
      'the Kubernetes cost dashboard project',
    );
    await expectVisible(heading(ada, 'Kubernetes cost dashboard'));
    await typeInto(
      ada,
      ada.getByLabel('Note to the owner'),
      'the note to the owner',
      'I can build the React dashboard.',
    );
    await activate(ada, ada.getByRole('button', { name: 'Request to join', exact: true }), 'Request to join');
    await expectVisible(ada.getByRole('button', { name: 'Withdraw', exact: true }));
    await expectFocusVisible(ada, 'after asking to join');
  }),
);
