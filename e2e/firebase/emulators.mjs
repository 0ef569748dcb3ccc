// What the Firebase build's browser journeys share: the emulators they talk to (read from the
// environment, as scripts/test.mjs sets it), their REST APIs (clear all data, make a moderator,
// read every document as the admin), and one browser context per user: Firebase Auth keeps one
// session per browser profile, shared by its tabs, so two users need two contexts.
//
// Env: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST (host:port, both required: the
// journeys skip without them, saying so), E2E_FIREBASE_PROJECT_ID (default demo-devtribe),
// E2E_DIST_DIR (a Firebase build made with DEVTRIBE_USE_EMULATORS=true,
// DEVTRIBE_AUTH_EMULATOR=http://<auth host:port> and DEVTRIBE_FIRESTORE_EMULATOR=<firestore host:port>).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, beforeEach } from 'node:test';

import { assertNoUnexpectedErrors, configure, DIST_DIR, watchForErrors } from '../helpers.mjs';

export const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST || '';
export const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '';
export const PROJECT_ID = process.env.E2E_FIREBASE_PROJECT_ID || 'demo-devtribe';
/** The build's API key: the Auth emulator accepts any. */
export const API_KEY = process.env.E2E_FIREBASE_API_KEY || 'demo-api-key';

/** Why the journeys cannot run, or false: passed to node:test's `skip`, which prints it. */
export const SKIP_REASON = (() => {
  const missing = [
    FIRESTORE_HOST ? null : 'FIRESTORE_EMULATOR_HOST',
    AUTH_HOST ? null : 'FIREBASE_AUTH_EMULATOR_HOST',
  ].filter(Boolean);
  if (missing.length === 0) return false;
  return `${missing.join(' and ')} not set: these journeys need the Firestore and Auth emulators (scripts/test.mjs starts them and sets both)`;
})();

/** Every documents call as the admin: the emulators let `Bearer owner` past the rules. */
const ADMIN = { Authorization: 'Bearer owner' };
const firestoreBase = () => `http://${FIRESTORE_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;

async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { ...ADMIN, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Deletes every document and every account, so each journey starts from an empty project. */
export async function clearEmulators() {
  await call('DELETE', `http://${FIRESTORE_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`);
  await call('DELETE', `http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/accounts`);
}

/** Gives an account the custom claim `moderator: true` (what the Admin SDK's setCustomUserClaims does). */
export async function makeModerator(uid) {
  await call('POST', `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    localId: uid,
    customAttributes: JSON.stringify({ moderator: true }),
  });
}

/** A Firestore REST value as the app reads it (timestamps as epoch ms, like the adapter's toPlain). */
export function fromRestValue(value) {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) return Date.parse(value.timestampValue);
  if ('stringValue' in value) return value.stringValue;
  if ('bytesValue' in value) return value.bytesValue;
  if ('referenceValue' in value) return value.referenceValue;
  if ('geoPointValue' in value) return value.geoPointValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromRestValue);
  if ('mapValue' in value) return fromRestFields(value.mapValue.fields ?? {});
  return null;
}

const fromRestFields = (fields) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromRestValue(value)]));

/**
 * Every document of the project as { collection, id, data }, the shape the local backend stores
 * (the port's documents are top-level collections; subcollections, if any, by their own name).
 */
export async function readAllDocuments(parent = firestoreBase()) {
  const docs = [];
  const { collectionIds = [] } = await call('POST', `${parent}:listCollectionIds`, { pageSize: 300 });
  for (const collection of collectionIds) {
    let pageToken = '';
    do {
      const query = `pageSize=300${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
      const page = await call('GET', `${parent}/${collection}?${query}`);
      for (const doc of page.documents ?? []) {
        const id = doc.name.split('/').pop();
        docs.push({ collection, id, data: fromRestFields(doc.fields ?? {}) });
        docs.push(...(await readAllDocuments(`${firestoreBase()}/${doc.name.split('/documents/')[1]}`)));
      }
      pageToken = page.nextPageToken ?? '';
    } while (pageToken);
  }
  return docs;
}

/**
 * Fails at once when the build in E2E_DIST_DIR does not talk to these emulators (the hosts are
 * build-time settings): otherwise every journey would wait on a Firestore that is not there.
 */
export function assertBuildUsesEmulators() {
  const assets = path.join(DIST_DIR, 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const text = scripts.map((name) => readFileSync(path.join(assets, name), 'utf8')).join('\n');
  for (const [variable, host, setting] of [
    ['FIRESTORE_EMULATOR_HOST', FIRESTORE_HOST, 'DEVTRIBE_FIRESTORE_EMULATOR'],
    ['FIREBASE_AUTH_EMULATOR_HOST', AUTH_HOST, 'DEVTRIBE_AUTH_EMULATOR'],
  ]) {
    assert.ok(
      text.includes(`"${host}"`) || text.includes(`"http://${host}"`),
      `The build in ${DIST_DIR} does not point at ${variable}=${host}: build it with DEVTRIBE_USE_EMULATORS=true and ${setting}=${setting === 'DEVTRIBE_AUTH_EMULATOR' ? 'http://' : ''}${host}`,
    );
  }
}

/**
 * For the calling test file (when the emulators are there): first checks that the build talks to
 * them, then empties both before every test.
 */
export function useEmulators() {
  if (SKIP_REASON) return;
  before(() => assertBuildUsesEmulators());
  beforeEach(() => clearEmulators());
}

/** Where each user's page was and what it said, for a failure's message. */
async function describePages(pages) {
  const lines = [];
  for (const [index, page] of pages.entries()) {
    const said = await page
      .evaluate(() =>
        [...document.querySelectorAll('[role="alert"], [role="status"], .alert, h1')]
          .map((element) => element.textContent.trim())
          .filter(Boolean),
      )
      .catch(() => []);
    lines.push(`user ${index + 1} at ${page.url()}: ${said.join(' | ').slice(0, 600)}`);
  }
  return `\n${lines.join('\n')}`;
}

/**
 * What every Firebase journey allows in the console: blocked service workers log their failure;
 * the emulator refuses the close of a listen channel it has already dropped; and a transaction whose documents changed between its reads and its commit (the sign-in's
 * profile transaction while another write lands on the profile, say) is refused by the server
 * with 400 FAILED_PRECONDITION and retried by the SDK, which logs each refused attempt as a
 * warning. A transaction that fails for good reaches the app, whose own report fails the test.
 */
export const ALWAYS_ALLOWED = [
  /^console\.error: Service worker registration failed/,
  // The SDK closes a listen stream's WebChannel with a request of its own (TYPE=terminate) when
  // the listeners go (a sign-out) or the page unloads (a reload); the emulator answers the close of
  // a session it has already ended with 400, which Chromium logs. Nothing rides on that request.
  /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/[^/]+\/google\.firestore\.v1\.Firestore\/Listen\/channel\?\S*&TYPE=terminate&/,
  /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/[^/]+\/v1\/projects\/[^/]+\/databases\/\(default\)\/documents:commit\?/,
  /^console\.warning: \[[^\]]+\]\s+@firebase\/firestore: Firestore \([\d.]+\): RestConnection RPC 'Commit' \S+ failed with error:\s+\{"code":"(failed-precondition|aborted)"/,
];

/**
 * Wraps a test body: `count` users, each in a fresh browser context of their own (with its page),
 * closed afterwards whatever happens; the test fails on any page error, console error or warning
 * of the app's not matched by `allowErrors`. Service workers are blocked (their tests run on the
 * local build): a worker would only add a second copy of every chunk to each context.
 */
export function withUsers(env, count, body, { allowErrors = [], contextOptions = {} } = {}) {
  const allowed = [...ALWAYS_ALLOWED, ...allowErrors];
  return async (t) => {
    const contexts = [];
    const errors = [];
    try {
      const pages = [];
      for (let i = 0; i < count; i += 1) {
        const context = await env.browser.newContext({
          baseURL: env.baseURL,
          serviceWorkers: 'block',
          ...contextOptions,
        });
        contexts.push(context);
        configure(context);
        const watched = watchForErrors(context);
        errors.push(watched);
        pages.push(await context.newPage());
      }
      try {
        await body({ pages, contexts, baseURL: env.baseURL, t });
      } catch (error) {
        error.message += await describePages(pages);
        throw error;
      }
    } finally {
      for (const context of contexts) await context.close();
    }
    assertNoUnexpectedErrors(errors.flat(), allowed);
  };
}
