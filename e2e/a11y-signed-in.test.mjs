// Accessibility on the production build, part 2: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on
// every signed-in route as demo developers of the embedded backend (README), with the
// notifications panel, the dialogs, the install card and its instructions open, the editors and
// their errors, empty searches and missing records, each in the light and the dark colour scheme.
// Any violation fails the test, which lists each rule, its impact and its first element.
import { test } from 'node:test';

import { checkDialog, closeNotifications, demoLogin, openNotifications, violationLog, visit } from './axe.mjs';
import { expectPath, expectVisible, heading, logIn, useBrowser, withPage } from './helpers.mjs';

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
  await page.getByRole('button', { name: /^Remove friend / }).first().click();
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
  await log.check(page, at('a friend\'s profile'));
  await page.getByRole('group', { name: 'Friendship with Amara Mensah' }).getByRole('button', { name: 'Remove friend' }).click();
  await checkDialog(page, log, 'Remove Amara Mensah from your friends?', at('a friend\'s profile, remove-friend confirmation'));
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

test('every signed-in page, panel and dialog passes axe in both schemes', withPage(env, async ({ page }) => {
  const log = violationLog();
  await logIn(page, demoLogin('ada'));
  await expectVisible(heading(page, 'Dashboard'));
  await expectPath(page, '/dashboard');
  await adaPages(page, log);
  await ownerPages(page, log);
  log.assertNone();
}));
