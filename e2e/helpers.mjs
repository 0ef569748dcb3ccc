// Shared fixtures for the browser tests: one server and one Chromium per test file, a fresh
// browser context per test, and a check that no test leaves an uncaught page error or a
// console error behind.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.resolve(ROOT, process.env.E2E_DIST_DIR || 'dist');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Generous on purpose: CI has 2 cores, and sign-up hashes a password with PBKDF2.
export const ACTION_TIMEOUT_MS = 20_000;
export const NAVIGATION_TIMEOUT_MS = 45_000;

export const DEMO_PASSWORD = 'correct-horse-42';

/**
 * Starts the server and Chromium once for the calling test file (node:test before/after hooks)
 * and returns an object whose fields are filled in before the first test runs.
 */
export function useBrowser() {
  const env = { baseURL: '', browser: null };
  let server;
  before(async () => {
    assert.ok(existsSync(path.join(DIST_DIR, 'index.html')), `No build in ${DIST_DIR}: run npm run build first`);
    server = await startServer({ dir: DIST_DIR, port: 0 });
    env.baseURL = server.url;
    env.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await env.browser?.close();
    await server?.close();
  });
  return env;
}

/** A unique address per call, so tests never collide with each other or with earlier runs. */
export function uniqueEmail(label = 'user') {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

export function newUser(label = 'user') {
  return { name: `E2E ${label} ${randomBytes(2).toString('hex')}`, email: uniqueEmail(label), password: DEMO_PASSWORD };
}

function describeConsoleMessage(message) {
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

/** A warning the app's own code printed (not the browser's own advice about the page). */
const isAppWarning = (message) =>
  message.type() === 'warning' &&
  new URL(message.location().url || 'about:blank', 'http://x').pathname.startsWith('/assets/');

/** Records uncaught errors, unhandled rejections, console errors and the app's console warnings of every page in a context. */
export function watchForErrors(context) {
  const errors = [];
  const watch = (page) => {
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack || error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || isAppWarning(message)) errors.push(describeConsoleMessage(message));
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

export function assertNoUnexpectedErrors(errors, allowErrors) {
  const unexpected = errors.filter((text) => !allowErrors.some((pattern) => pattern.test(text)));
  assert.deepEqual(unexpected, [], `The page reported errors:\n${unexpected.join('\n')}`);
}

/** The tests' action and navigation timeouts on a context. */
export function configure(context) {
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
}

/**
 * Wraps a test body: a fresh browser context and page, closed afterwards whatever happens; the
 * test fails on any page error, console error or warning of the app's not matched by `allowErrors`.
 * `contextOptions` go to browser.newContext (e.g. `{ serviceWorkers: 'block' }`).
 */
export function withPage(env, body, { allowErrors = [], contextOptions = {} } = {}) {
  const allowed = [...allowErrors];
  // With serviceWorkers: 'block', Playwright makes register() resolve to nothing, which the app
  // reports as a failed registration (the spec: a registration failure is only logged).
  if (contextOptions.serviceWorkers === 'block') allowed.push(/^console\.error: Service worker registration failed/);
  return async (t) => {
    const context = await env.browser.newContext({ baseURL: env.baseURL, ...contextOptions });
    configure(context);
    const errors = watchForErrors(context);
    try {
      const page = await context.newPage();
      await body({ page, context, baseURL: env.baseURL, t });
    } finally {
      await context.close();
    }
    assertNoUnexpectedErrors(errors, allowed);
  };
}

/**
 * Like withPage, in a persistent context with a throwaway profile directory: Chromium fires
 * `beforeinstallprompt` only there. It launches its own browser, so it costs a second or two.
 */
export function withPersistentPage(env, body, { allowErrors = [], contextOptions = {} } = {}) {
  return async (t) => {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'devtribe-e2e-'));
    let context;
    try {
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        baseURL: env.baseURL,
        ...contextOptions,
      });
      configure(context);
      const errors = watchForErrors(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await body({ page, context, baseURL: env.baseURL, t });
      await context.close();
      context = null;
      assertNoUnexpectedErrors(errors, allowErrors);
    } finally {
      await context?.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  };
}

/** Waits until the condition holds, then returns; on timeout, returns so the caller's assert shows the difference. */
async function settle(check, timeoutMs = ACTION_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function expectTitle(page, expected) {
  await settle(async () => (await page.title()) === expected);
  assert.equal(await page.title(), expected, `title of ${new URL(page.url()).pathname}`);
}

export async function expectPath(page, expected) {
  const pathname = () => new URL(page.url()).pathname;
  await settle(() => pathname() === expected);
  assert.equal(pathname(), expected, 'path');
}

export function heading(page, name) {
  return page.getByRole('heading', { level: 1, name });
}

export async function expectVisible(locator) {
  await locator.first().waitFor({ state: 'visible' });
}

export async function signUp(page, { name, email, password }) {
  await page.goto('/signup');
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectVisible(heading(page, 'Dashboard'));
  await expectPath(page, '/dashboard');
}

/** Fills the login form (navigating to /login first unless told not to) and submits it. */
export async function logIn(page, { email, password }, { navigate = true } = {}) {
  if (navigate) await page.goto('/login');
  await expectVisible(heading(page, 'Log in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The signed-in user's id, from the header's link to their profile. */
export async function uidOf(page) {
  const href = await page
    .getByRole('banner')
    .getByRole('link', { name: /, your profile$/ })
    .getAttribute('href');
  const match = /^\/profile\/(.+)$/.exec(href ?? '');
  assert.ok(match, `profile link: ${href}`);
  return decodeURIComponent(match[1]);
}

export async function logOut(page) {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  // Signed-out header: the "Log in" link replaces the "Log out" button.
  await expectVisible(page.getByRole('link', { name: 'Log in', exact: true }));
}

/**
 * Holds back the responses to requests matching `pattern` until `release()`; `requested` settles
 * at the first. (page.route cannot see requests a service worker answers: use a context without one.)
 */
export async function holdBack(page, pattern) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  let onRequest;
  const requested = new Promise((resolve) => (onRequest = resolve));
  await page.route(pattern, async (route) => {
    onRequest();
    await released;
    await route.continue();
  });
  return { requested, release };
}
