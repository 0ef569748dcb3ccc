// Project matchmaking across two users: A creates a project; B sees it ranked with its score and
// breakdown and asks to join; A approves; both see the new member, live, without a reload.
// The local backend keeps its data in the browser's IndexedDB, so the two users are two tabs of
// ONE browser context (as in friends.test.mjs): separate contexts would not share a database.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, logOut, newUser, signUp, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const headerName = (page, user) => page.getByRole('banner').getByText(user.name, { exact: true });

async function signUpInTwoTabs(context, firstPage, a, b) {
  await signUp(firstPage, a);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expectVisible(headerName(second, a));
  await logOut(second);
  await signUp(second, b);
  await expectVisible(headerName(firstPage, a));
  return second;
}

async function openProjects(page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Projects|Project Matchmaking/ })
    .first()
    .click();
  await expectVisible(heading(page, 'Project Matchmaking'));
}

test(
  'create, rank, request, approve: both users see the new member',
  withPage(env, async ({ page: pageA, context }) => {
    const alice = newUser('owner');
    const bob = newUser('applicant');
    const pageB = await signUpInTwoTabs(context, pageA, alice, bob);
    const title = `Matchmaking e2e ${Date.now().toString(36)}`;

    // A creates a project, with a field error first.
    await pageA.goto('/project-matchmaking');
    await expectVisible(heading(pageA, 'Project Matchmaking'));
    await pageA.getByRole('button', { name: 'Create project', exact: true }).click();
    const form = pageA.getByRole('region', { name: 'Create project' });
    await form.getByLabel('Title', { exact: true }).fill('ab');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expectVisible(form.getByText('Title must be 3-80 characters.'));
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Summary').fill('A project made by the browser test');
    await form.getByLabel('Required skills').fill('React, Docker, Rust');
    await form.getByLabel('Commitment (hours a week)').fill('4');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expectVisible(pageA.getByText('Your project was created.'));
    await pageA.getByRole('link', { name: 'Open it' }).click();
    await expectVisible(heading(pageA, title));
    const projectPath = new URL(pageA.url()).pathname;
    assert.match(projectPath, /^\/project-matchmaking\/[^/]+$/);

    // B sees it ranked, with its score and its breakdown, and asks to join.
    await openProjects(pageB);
    const card = pageB.getByRole('article', { name: title });
    await expectVisible(card);
    await expectVisible(card.getByLabel(/^Match score \d+ out of 100$/));
    const breakdown = card.getByRole('list', { name: `Match breakdown for ${title}` });
    await expectVisible(breakdown.getByText('Skill coverage'));
    await expectVisible(breakdown.getByText('/70'));
    await expectVisible(card.getByText(/\+\d+ with (React|Docker|Rust)/));
    await card.getByRole('link', { name: title }).click();
    await expectVisible(heading(pageB, title));
    await expectPath(pageB, projectPath);
    await expectVisible(pageB.getByRole('region', { name: /^Your match/ }));
    await pageB.getByLabel('Note to the owner').fill('I would like to help with Docker.');
    await pageB.getByRole('button', { name: 'Request to join' }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Withdraw' }));

    // A sees the request live and approves it.
    const request = pageA.getByRole('listitem', { name: `Request from ${bob.name}` });
    await expectVisible(request);
    await expectVisible(request.getByText('I would like to help with Docker.'));
    await request.getByRole('button', { name: `Approve ${bob.name}` }).click();

    // Both see the new member without a reload.
    for (const page of [pageA, pageB]) {
      await expectVisible(
        page.getByRole('list', { name: 'Members' }).getByRole('link', { name: bob.name, exact: true }),
      );
    }
    await expectVisible(pageB.getByText('You are a member of this team.'));
  }),
);

test(
  'an unknown project id says so',
  withPage(env, async ({ page }) => {
    await signUp(page, newUser('missing'));
    await page.goto('/project-matchmaking/no-such-project');
    await expectVisible(heading(page, 'This project does not exist'));
  }),
);
