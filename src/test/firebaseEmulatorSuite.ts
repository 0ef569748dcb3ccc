// A jest suite over the Firebase adapter on the Firestore and Auth emulators, with the project's
// firestore.rules: people signed up on devices of their own, the rules loaded once, the documents
// cleared before each test and every device closed after it. Each suite names a project of its
// own, so the rules and documents of other suites do not mix in. Where the emulators are not
// running, the suite is skipped, saying why (`npm test` and `npm run jest` start them).
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The adapter, not the SDK: the lint pattern 'firebase/*' also matches this relative path.
// eslint-disable-next-line no-restricted-imports
import type { FirebaseBackend } from '../backend/firebase/createFirebaseBackend';
// eslint-disable-next-line no-restricted-imports
import { createFirebaseBackend } from '../backend/firebase/createFirebaseBackend';
import type { Backend } from '../backend/port';
import { ensureProfile } from '../features/profile';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '';
const PASSWORD = 'correct horse battery';

/** A call to the emulator's own REST API (rules, clearing documents), as its owner. */
export async function emulatorRequest(host: string, method: string, urlPath: string, body?: unknown): Promise<void> {
  const response = await fetch(`http://${host}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${urlPath}: HTTP ${response.status} ${await response.text()}`);
}

/** A signed-in person on one device (one app instance of the adapter). */
export interface EmulatorPerson {
  uid: string;
  name: string;
  email: string;
  backend: Backend;
}

/**
 * The suite `title` in the emulators' project `projectId`: `describeOnEmulators(body)` declares it
 * (skipped, with the reason, where the emulators are not running); `person` and `secondDevice`
 * sign people in on devices the suite closes after each test.
 */
export function firebaseEmulatorSuite(title: string, projectId: string, timeoutMs = 120_000) {
  const skip = !AUTH_HOST || !FIRESTORE_HOST;
  if (skip) {
    console.info(
      `Skipped "${title}": FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must both be set (\`npm test\` and \`npm run jest\` start the emulators when the Cloud SDK is installed; see README, "Rules, indexes and the emulators").`,
    );
  }
  const devices: FirebaseBackend[] = [];
  let deviceCount = 0;

  function device(): FirebaseBackend {
    deviceCount += 1;
    const backend = createFirebaseBackend(
      { apiKey: 'demo-api-key', projectId, appId: 'demo-app', authDomain: `${projectId}.firebaseapp.com` },
      { auth: AUTH_HOST, firestoreHost: FIRESTORE_HOST },
      { appName: `${projectId}-client-${deviceCount}`, persistence: 'memory' },
    );
    devices.push(backend);
    return backend;
  }

  /** A signed-up person on their own device, with the profile first sign-in creates. */
  async function person(name: string): Promise<EmulatorPerson> {
    const backend = device();
    const email = `${name.toLowerCase()}-${deviceCount}-${Date.now()}@devtribe.test`;
    const account = await backend.auth.signUp({ email, password: PASSWORD, displayName: name });
    await ensureProfile(backend.db, account);
    return { uid: account.uid, name, email, backend };
  }

  /** The same account signed in on another device. */
  async function secondDevice(who: EmulatorPerson): Promise<EmulatorPerson> {
    const backend = device();
    await backend.auth.signIn(who.email, PASSWORD);
    return { ...who, backend };
  }

  function describeOnEmulators(body: () => void) {
    (skip ? describe.skip : describe)(title, () => {
      jest.setTimeout(timeoutMs);

      beforeAll(async () => {
        const rules = readFileSync(path.resolve(__dirname, '../../firestore.rules'), 'utf8');
        await emulatorRequest(FIRESTORE_HOST, 'PUT', `/emulator/v1/projects/${projectId}:securityRules`, {
          rules: { files: [{ name: 'firestore.rules', content: rules }] },
        });
      }, 180_000);

      beforeEach(async () => {
        await emulatorRequest(
          FIRESTORE_HOST,
          'DELETE',
          `/emulator/v1/projects/${projectId}/databases/(default)/documents`,
        );
      });

      afterEach(async () => {
        await Promise.all(devices.splice(0).map((backend) => backend.firebase.close()));
      });

      body();
    });
  }

  return { describeOnEmulators, person, secondDevice };
}
