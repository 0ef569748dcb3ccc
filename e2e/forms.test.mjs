// Client-side validation of the sign-up and forgot-password forms.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectPath, expectVisible, heading, uniqueEmail, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

/** The field is marked invalid and its description (aria-describedby) carries the message. */
async function expectFieldError(field, message) {
  await expectVisible(field.page().getByText(message));
  assert.equal(await field.getAttribute('aria-invalid'), 'true', `${message}: field not marked invalid`);
  const description = await field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  assert.ok(description.includes(message), `${message}: not in the field's description "${description}"`);
}

test(
  'forgot password: success message for a valid email, field error for an invalid one',
  withPage(env, async ({ page }) => {
    await page.goto('/forgot-password');
    await expectVisible(heading(page, 'Reset your password'));
    const email = page.getByLabel('Email');
    const send = page.getByRole('button', { name: 'Send reset link' });

    await email.fill('not-an-email');
    await send.click();
    await expectFieldError(email, 'Enter a valid email address');

    const address = uniqueEmail('reset');
    await email.fill(address);
    await send.click();
    await expectVisible(page.getByRole('status').filter({ hasText: `If an account exists for ${address}` }));
  }),
);

test(
  'sign up: field errors for an empty name, a short password and a mismatched confirmation',
  withPage(env, async ({ page }) => {
    await page.goto('/signup');
    await expectVisible(heading(page, 'Create your account'));
    await page.getByLabel('Email').fill(uniqueEmail('invalid'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expectFieldError(page.getByLabel('Display name'), 'Enter a display name.');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Use at least 8 characters.');
    await expectFieldError(page.getByLabel('Confirm password'), 'The passwords do not match.');
    // The first field in error has the focus, from the first submit on.
    assert.equal(
      await page.getByLabel('Display name').evaluate((input) => input === document.activeElement),
      true,
      'focus on Display name',
    );
    await expectPath(page, '/signup');
    await expectVisible(heading(page, 'Create your account'));
  }),
);
