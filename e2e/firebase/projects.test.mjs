// The Firebase build on the Firestore and Auth emulators, two users in two browser contexts: A
// creates a project; B finds it ranked and asks to join; A sees the request live and approves it;
// both see B in the team without a reload, and after one.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, newUser, signUp, useBrowser } from '../helpers.mjs';
import { SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

const members = (page) => page.getByRole('list', { name: 'Members' });

test(
  'Firebase build: A creates a project; B asks to join; A approves; both see the new member',
  { skip: SKIP_REASON },
  withUsers(env, 2, async ({ pages: [pageA, pageB] }) => {
    const alice = newUser('fb-project-owner');
    const bob = newUser('fb-project-applicant');
    const title = `FB project ${Date.now().toString(36)}`;
    await signUp(pageA, alice);
    await signUp(pageB, bob);

    // A creates the project.
    await pageA
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Projects|Project Matchmaking/ })
      .first()
      .click();
    await expectVisible(heading(pageA, 'Project Matchmaking'));
    await pageA.getByRole('button', { name: 'Create project', exact: true }).click();
    const form = pageA.getByRole('region', { name: 'Create project' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Summary').fill('A project made by the Firebase browser test');
    await form.getByLabel('Required skills').fill('React, Docker, Rust');
    await form.getByLabel('Commitment (hours a week)').fill('4');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expectVisible(pageA.getByText('Your project was created.'));
    await pageA.getByRole('link', { name: 'Open it' }).click();
    await expectVisible(heading(pageA, title));
    const projectPath = new URL(pageA.url()).pathname;
    assert.match(projectPath, /^\/project-matchmaking\/[^/]+$/);

    // B finds it ranked, opens it and asks to join.
    await pageB
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Projects|Project Matchmaking/ })
      .first()
      .click();
    await expectVisible(heading(pageB, 'Project Matchmaking'));
    const card = pageB.getByRole('article', { name: title });
    await expectVisible(card);
    await expectVisible(card.getByLabel(/^Match score \d+ out of 100$/));
    await card.getByRole('link', { name: title }).click();
    await expectVisible(heading(pageB, title));
    await expectPath(pageB, projectPath);
    await pageB.getByLabel('Note to the owner').fill('I would like to help with Docker.');
    await pageB.getByRole('button', { name: 'Request to join' }).click();
    await expectVisible(pageB.getByRole('button', { name: 'Withdraw' }));

    // A sees the request live and approves it.
    const request = pageA.getByRole('listitem', { name: `Request from ${bob.name}` });
    await expectVisible(request);
    await expectVisible(request.getByText('I would like to help with Docker.'));
    await request.getByRole('button', { name: `Approve ${bob.name}` }).click();

    // Both see the new member without a reload, and after one.
    for (const page of [pageA, pageB]) {
      await expectVisible(members(page).getByRole('link', { name: bob.name, exact: true }));
    }
    await expectVisible(pageB.getByText('You are a member of this team.'));
    for (const page of [pageA, pageB]) {
      await page.reload();
      await expectVisible(heading(page, title));
      await expectVisible(members(page).getByRole('link', { name: bob.name, exact: true }));
    }
    await expectVisible(pageB.getByText('You are a member of this team.'));
  }),
);
