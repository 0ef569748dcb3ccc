// Every list of skills, topics or tags is entered one way (ui/ChipListField): typing an item and
// pressing Enter adds it as a chip and never submits the form. One journey per form: Create
// project's required skills, Create tribe's topics, and the profile's skills.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, logIn, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const ADA = { email: 'ada@demo.devtribe.dev', password: 'devtribe-demo' };

/** The chips' texts: each chip's own text, without its remove button or its hidden note. */
const chipsOf = (list) =>
  list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) =>
      [...item.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim(),
    ),
  );

async function logInAsAda(page) {
  await logIn(page, ADA);
  await expectVisible(heading(page, 'Dashboard'));
}

test(
  'Create project: Enter adds a required skill and does not create the project',
  withPage(env, async ({ page }) => {
    await logInAsAda(page);
    await page.goto('/project-matchmaking');
    await expectVisible(heading(page, 'Project Matchmaking'));
    await page.getByRole('button', { name: 'Create project', exact: true }).click();
    const form = page.getByRole('region', { name: 'Create project' });
    const title = `Chips ${randomBytes(3).toString('hex')}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    const skills = form.getByLabel('Add required skills');
    await skills.fill('React');
    await skills.press('Enter');
    await skills.pressSequentially('Docker, Rust');
    await skills.press('Enter');
    const chosen = form.getByRole('list', { name: 'Chosen skills' });
    assert.deepEqual(await chipsOf(chosen), ['React', 'Docker', 'Rust']);
    // Nothing was created: the form is still open and nothing says so.
    assert.equal(await page.getByText('Your project was created.').count(), 0);
    await expectVisible(form.getByRole('group', { name: 'Required skills (3 of 10)' }));
    assert.equal(
      await skills.evaluate((input) => input === document.activeElement),
      true,
      'the focus stays in the skill field',
    );

    await form.getByLabel('Commitment (hours a week)').fill('4');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expectVisible(page.getByText('Your project was created.'));
    await page.getByRole('link', { name: 'Open it' }).click();
    await expectVisible(heading(page, title));
    assert.deepEqual(await chipsOf(page.getByRole('list', { name: 'Required skills' })), ['React', 'Docker', 'Rust']);
  }),
);

test(
  'Create tribe: Enter adds a topic and does not create the tribe',
  withPage(env, async ({ page }) => {
    await logInAsAda(page);
    await page.goto('/tribes/create');
    await expectVisible(heading(page, 'Create a tribe'));
    await page.getByLabel('Name', { exact: true }).fill(`Chips ${randomBytes(3).toString('hex')}`);
    const topic = page.getByLabel('Add a topic');
    await topic.fill('Rust');
    await topic.press('Enter');
    await topic.fill('WebAssembly');
    await topic.press('Enter');
    assert.deepEqual(await chipsOf(page.getByRole('list', { name: 'Chosen topics' })), ['Rust', 'WebAssembly']);
    await expectPath(page, '/tribes/create');
    await expectVisible(heading(page, 'Create a tribe'));
    assert.equal(
      await topic.evaluate((input) => input === document.activeElement),
      true,
      'the focus stays in the topic field',
    );
  }),
);

test(
  'Profile: Enter adds a skill and does not save the profile',
  withPage(env, async ({ page }) => {
    await logInAsAda(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const skill = page.getByLabel('Add a skill');
    await expectVisible(skill);
    const before = await chipsOf(page.getByRole('list', { name: 'Your skills' }));
    const added = `Chips${randomBytes(2).toString('hex')}`;
    await skill.fill(added);
    await skill.press('Enter');
    assert.deepEqual(await chipsOf(page.getByRole('list', { name: 'Your skills' })), [...before, added]);
    // Still editing: the editor is open and nothing was saved.
    await expectVisible(page.getByRole('button', { name: 'Save profile' }));
    assert.equal(await page.getByText('Your profile was saved.').count(), 0);
    assert.equal(
      await skill.evaluate((input) => input === document.activeElement),
      true,
      'the focus stays in the skill field',
    );
  }),
);
