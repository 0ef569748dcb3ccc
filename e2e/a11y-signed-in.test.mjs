// Accessibility on the production build, part 2: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on
// every signed-in route as demo developers of the embedded backend (README), with the
// notifications panel, the dialogs, the install card and its instructions open, the editors and
// their errors, empty searches and missing records, each in the light and the dark colour scheme.
// Any violation fails the test, which lists each rule, its impact and its first element.
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { checkDialog, closeNotifications, demoLogin, openNotifications, settle, violationLog, visit } from './axe.mjs';
import {
  expectPath,
  expectVisible,
  heading,
  logIn,
  logOut,
  newUser,
  signUp,
  useBrowser,
  withPage,
} from './helpers.mjs';

const env = useBrowser();

/** Ada: friends, a request waiting, a request sent, tribe owner with posts, member of a project. */
async function adaPages(page, log) {
  const at = (what) => `signed in as Ada: ${what}`;

  // The dashboard, its notifications panel, the remove-friend confirmation, the install card and its instructions.
  await visit(page, '/dashboard');
  await log.check(page, at('/dashboard'));
  await openNotifications(page);
  await log.check(page, at('/dashboard, notifications panel open'));
  await closeNotifications(page);
  await page
    .getByRole('button', { name: /^Remove friend / })
    .first()
    .click();
  await checkDialog(page, log, /from your friends\?$/, at('/dashboard, remove-friend confirmation'));
  const installCard = page.getByRole('region', { name: 'Install DevTribe' });
  await expectVisible(installCard);
  await log.check(page, at('/dashboard, install card'));
  await installCard.getByRole('button', { name: 'Install App' }).click();
  await checkDialog(page, log, 'How to install DevTribe', at('/dashboard, install instructions'));

  // Profiles: her own (and its editor with an error), a friend's with the remove confirmation, a missing one.
  await visit(page, '/profile/demo-ada');
  await log.check(page, at('own profile'));
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const displayName = page.getByLabel('Display name');
  await expectVisible(displayName);
  await log.check(page, at('own profile, editor open'));
  await displayName.fill('');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, at('own profile, editor with an error'));
  await visit(page, '/profile');
  await log.check(page, at('/profile'));
  await visit(page, '/profile/demo-amara');
  await log.check(page, at("a friend's profile"));
  await page
    .getByRole('group', { name: 'Friendship with Amara Mensah' })
    .getByRole('button', { name: 'Remove friend' })
    .click();
  await checkDialog(
    page,
    log,
    'Remove Amara Mensah from your friends?',
    at("a friend's profile, remove-friend confirmation"),
  );
  await visit(page, '/profile/demo-zanele');
  await log.check(page, at('profile of someone whose request waits'));
  await visit(page, '/profile/no-such-user');
  await log.check(page, at('a missing profile'));

  // Explore: everyone, then a search that finds nobody.
  await visit(page, '/explore');
  await log.check(page, at('/explore'));
  await page.getByRole('searchbox', { name: 'Search people' }).fill('zzzz no such developer');
  await expectVisible(page.getByText('No developers match your search.'));
  await log.check(page, at('/explore, nobody found'));

  // Tribes: the directory, an empty search, the create form (and its errors), a tribe she owns
  // (with the delete-post confirmation), one she is not in, a missing one.
  await visit(page, '/tribes');
  await log.check(page, at('/tribes'));
  await page.getByRole('searchbox', { name: 'Search tribes' }).fill('zzzz no such tribe');
  await expectVisible(page.getByText(/^No tribes match/));
  await log.check(page, at('/tribes, nothing found'));
  await visit(page, '/tribes/create');
  await log.check(page, at('/tribes/create'));
  await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await log.check(page, at('/tribes/create, empty form submitted'));
  await visit(page, '/tribes/demo-tribe-frontend');
  await log.check(page, at('a tribe she owns'));
  await page.getByRole('list', { name: 'Posts' }).getByRole('button', { name: 'Delete' }).first().click();
  await checkDialog(page, log, 'Delete this post?', at('a tribe she owns, delete-post confirmation'));
  await visit(page, '/tribes/demo-tribe-rust');
  await log.check(page, at('a tribe she is not in'));
  await visit(page, '/tribes/demo-tribe-ml');
  await log.check(page, at('a by-request tribe'));
  await visit(page, '/tribes/no-such-tribe');
  await log.check(page, at('a missing tribe'));

  // Projects: the ranked list, the create form (and its errors), a project she is in, one she can
  // apply to, a completed one, a missing one.
  await visit(page, '/project-matchmaking');
  await log.check(page, at('/project-matchmaking'));
  await page.getByRole('button', { name: 'Create project', exact: true }).click();
  const form = page.getByRole('region', { name: 'Create project' });
  await expectVisible(form);
  await log.check(page, at('/project-matchmaking, create form open'));
  await form.getByRole('button', { name: 'Create project' }).click();
  await expectVisible(form.locator('[aria-invalid="true"]'));
  await log.check(page, at('/project-matchmaking, create form with errors'));
  for (const id of ['demo-project-a11y-kit', 'demo-project-k8s-costs', 'demo-project-meetup-site', 'no-such-project']) {
    await visit(page, `/project-matchmaking/${id}`);
    await log.check(page, at(`/project-matchmaking/${id}`));
  }

  await visit(page, '/no-such-page');
  await log.check(page, at('/no-such-page'));
}

/** Owners with requests waiting: Grace's by-request tribe, Zanele's project. */
async function ownerPages(page, log) {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await logIn(page, demoLogin('grace'));
  await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
  await visit(page, '/tribes/demo-tribe-ml');
  await log.check(page, 'signed in as Grace: her tribe with a join request');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await logIn(page, demoLogin('zanele'));
  await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
  await visit(page, '/project-matchmaking/demo-project-crop-yield');
  await log.check(page, 'signed in as Zanele: her project with a request');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
}

test(
  'every signed-in page, panel and dialog passes axe in both schemes',
  withPage(env, async ({ page }) => {
    const log = violationLog();
    await logIn(page, demoLogin('ada'));
    await expectVisible(heading(page, 'Dashboard'));
    await expectPath(page, '/dashboard');
    await adaPages(page, log);
    await ownerPages(page, log);
    log.assertNone();
  }),
);

/** The signed-in user's uid, from the header's profile link. */
async function ownUid(page) {
  const href = await page
    .getByRole('banner')
    .getByRole('link', { name: /, your profile$/ })
    .getAttribute('href');
  return decodeURIComponent(/^\/profile\/(.+)$/.exec(href ?? '')?.[1] ?? '');
}

// The safety screens (issue 10), with fresh users so the demo community stays as other tests
// expect it: A owns a tribe where both post; B reports A's post and profile, blocks and mutes A;
// A, the owner, is about to remove B's post; Grace, the demo moderator, sees the open reports.
test(
  'the safety screens, menus and dialogs pass axe in both schemes',
  withPage(env, async ({ page }) => {
    const log = violationLog();
    const alice = newUser('a11y-safety-a');
    const bob = newUser('a11y-safety-b');
    const tribeName = `A11y Safety ${randomBytes(3).toString('hex')}`;
    const aliceBody = `Hello from ${alice.name}`;
    const posts = page.getByRole('list', { name: 'Posts' });

    await signUp(page, alice);
    const aliceUid = await ownUid(page);
    await visit(page, '/tribes/create');
    await page.getByLabel('Name', { exact: true }).fill(tribeName);
    await page.getByLabel('Add a topic').fill('Rust');
    await page.getByLabel('Add a topic').press('Enter');
    await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
    await expectVisible(heading(page, tribeName));
    const tribePath = new URL(page.url()).pathname;
    await page.getByLabel('Write a post').fill(aliceBody);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(posts.getByText(aliceBody));
    await logOut(page);

    const asBob = (what) => `signed in as a new user: ${what}`;
    await signUp(page, bob);
    await visit(page, '/settings/safety');
    await expectVisible(page.getByText("You haven't blocked anyone.", { exact: false }));
    await log.check(page, asBob('/settings/safety, empty'));

    // A's tribe: join, post, report A's post (the dialog, its error, its confirmation).
    await visit(page, tribePath);
    await page.getByRole('button', { name: 'Join tribe', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: 'Leave tribe', exact: true }));
    await page.getByLabel('Write a post').fill(`Hello from ${bob.name}`);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(posts.getByText(`Hello from ${bob.name}`));
    await posts.getByRole('button', { name: `Report post by ${alice.name}`, exact: true }).click();
    const reportDialog = page.getByRole('dialog', { name: 'Report this post' });
    await expectVisible(reportDialog);
    await log.check(page, asBob('report dialog for a post'));
    await reportDialog.getByRole('button', { name: 'Send report', exact: true }).click();
    await expectVisible(reportDialog.getByRole('alert'));
    await log.check(page, asBob('report dialog, no reason chosen'));
    await reportDialog.getByRole('radio', { name: 'Spam', exact: true }).check();
    await reportDialog.getByRole('button', { name: 'Send report', exact: true }).click();
    const sent = page.getByRole('dialog', { name: 'Report sent' });
    await expectVisible(sent);
    await log.check(page, asBob('report sent confirmation'));
    await sent.getByRole('button', { name: 'Close', exact: true }).click();
    await sent.waitFor({ state: 'detached' });

    // A's profile: the More menu, the report dialog from it, the block confirmation; then block and mute.
    await visit(page, `/profile/${encodeURIComponent(aliceUid)}`);
    const more = page.getByRole('button', { name: `More actions for ${alice.name}`, exact: true });
    const menu = page.getByRole('menu', { name: `Actions for ${alice.name}` });
    await more.click();
    await expectVisible(menu);
    await log.check(page, asBob('a profile, More menu open'));
    await menu.getByRole('menuitem', { name: 'Report', exact: true }).click();
    await checkDialog(page, log, 'Report this profile', asBob('report dialog for a profile'));
    await more.click();
    await menu.getByRole('menuitem', { name: 'Block', exact: true }).click();
    const blockDialog = page.getByRole('dialog', { name: `Block ${alice.name}?` });
    await expectVisible(blockDialog);
    await log.check(page, asBob('block confirmation'));
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expectVisible(page.getByRole('status').getByText(`You blocked ${alice.name}. They won't be told.`));
    await log.check(page, asBob('a profile just blocked'));

    // A muted person's posts leave the feed altogether, so the collapsed line is checked before muting.
    await visit(page, tribePath);
    await expectVisible(posts.getByText('Post from a person you blocked'));
    await log.check(page, asBob("a tribe feed with a blocked person's post collapsed"));
    await posts.getByRole('button', { name: 'Show post', exact: true }).click();
    await expectVisible(posts.getByText(aliceBody));
    await log.check(page, asBob("a tribe feed, a blocked person's post shown"));

    await visit(page, `/profile/${encodeURIComponent(aliceUid)}`);
    await more.click();
    await menu.getByRole('menuitem', { name: 'Mute', exact: true }).click();
    await expectVisible(page.getByRole('status').getByText(new RegExp(`muted ${alice.name}`, 'i')));

    await visit(page, '/settings/safety');
    await expectVisible(
      page
        .getByRole('list', { name: 'Blocked people' })
        .getByRole('button', { name: `Unblock ${alice.name}`, exact: true }),
    );
    await expectVisible(page.getByRole('button', { name: `Unmute ${alice.name}`, exact: true }));
    await log.check(page, asBob('/settings/safety, with a blocked and a muted person'));

    // A person card's More menu.
    await visit(page, '/explore');
    const cardMore = page
      .getByRole('main')
      .getByRole('button', { name: /^More actions for / })
      .first();
    await cardMore.click();
    await expectVisible(page.getByRole('menu'));
    await log.check(page, asBob("/explore, a person card's More menu open"));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await logOut(page);

    // A, the tribe's owner: the remove-post confirmation.
    await logIn(page, alice);
    await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
    await visit(page, tribePath);
    await posts.getByRole('article', { name: bob.name }).getByRole('button', { name: 'Remove', exact: true }).click();
    await checkDialog(
      page,
      log,
      `Remove this post by ${bob.name}?`,
      'signed in as a tribe owner: remove-post confirmation',
    );
    await logOut(page);

    // Grace, the demo moderator: the queue with the open reports, and its remove confirmation.
    await logIn(page, demoLogin('grace'));
    await expectVisible(page.getByRole('button', { name: 'Log out', exact: true }));
    await visit(page, '/moderation');
    const item = page.getByRole('article', { name: `Post: Post by ${alice.name}` });
    await expectVisible(item.getByText(aliceBody));
    await settle(page);
    await log.check(page, 'signed in as Grace: /moderation with open reports');
    await item.getByRole('button', { name: 'Remove post', exact: true }).click();
    await checkDialog(page, log, 'Remove post?', 'signed in as Grace: /moderation, remove-post confirmation');
    log.assertNone();
  }),
);
