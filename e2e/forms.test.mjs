// Client-side validation of the sign-up and forgot-password forms.
import { test } from 'node:test';

import { expectPath, expectVisible, heading, uniqueEmail, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

test('forgot password: success message for a valid email, field error for an invalid one', withPage(env, async ({ page }) => {
  await page.goto('/forgot-password');
  await expectVisible(heading(page, 'Reset your password'));
  const email = page.getByLabel('Email');
  const send = page.getByRole('button', { name: 'Send reset link' });

  await email.fill('not-an-email');
  await send.click();
  await expectVisible(page.getByText('Enter a valid email address, like ada@example.com.'));
  await expectVisible(page.locator('input[aria-invalid="true"]'));

  const address = uniqueEmail('reset');
  await email.fill(address);
  await send.click();
  await expectVisible(page.getByRole('status').filter({ hasText: `If an account exists for ${address}` }));
}));

test('sign up: field errors for an empty name, a short password and a mismatched confirmation', withPage(env, async ({ page }) => {
  await page.goto('/signup');
  await expectVisible(heading(page, 'Create your account'));
  await page.getByLabel('Email').fill(uniqueEmail('invalid'));
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expectVisible(page.getByText('Enter a display name.'));
  await expectVisible(page.getByText('Use at least 8 characters.'));
  await expectVisible(page.getByText('The passwords do not match.'));
  await expectPath(page, '/signup');
}));
