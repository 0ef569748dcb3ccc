/**
 * @jest-environment node
 */
// The backend contract against the Firebase adapter, on the emulators jest's global setup starts
// (scripts/jestGlobalSetup.mjs; `npm test` starts them itself): the auth cases on firebase-tools'
// Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), the document-store cases on the Cloud SDK's
// Firestore emulator (FIRESTORE_EMULATOR_HOST) with firestore.rules plus a scratch collection.
// A part whose emulator is missing skips and says why (../rules/emulatorEnv.ts). Node, not
// jsdom: the SDK's Node build talks to the emulators.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The adapter, not the SDK: the lint pattern 'firebase/*' also matches this relative path.
// eslint-disable-next-line no-restricted-imports
import type { FirebaseBackend } from '../firebase/createFirebaseBackend';
// eslint-disable-next-line no-restricted-imports
import { createFirebaseBackend } from '../firebase/createFirebaseBackend';
// eslint-disable-next-line no-restricted-imports
import { createDeferredFirebaseBackend } from '../firebase/deferredFirebaseBackend';
import type { Backend } from '../port';
import { authEmulator, authSkipReason, firestoreEmulator, firestoreSkipReason } from '../rules/emulatorEnv';
import type { BackendContractHarness, ContractSkips } from './contractSuite';
import { runBackendContract } from './contractSuite';

const AUTH_HOST = authEmulator()?.hostPort ?? '';
const FIRESTORE_HOST = firestoreEmulator()?.hostPort ?? '';
const PROJECT_ID = process.env.GCLOUD_PROJECT || 'demo-devtribe';
const SCRATCH = 'contractScratch';

/** The deployed rules plus the scratch collection the contract writes (the harness must allow it). */
function rulesWithScratch(): string {
  const rules = readFileSync(path.resolve(__dirname, '../../../firestore.rules'), 'utf8');
  const scratch = `    match /${SCRATCH}/{id} { allow read, write: if request.auth != null; }\n`;
  return rules.replace(/match \/databases\/\{database\}\/documents \{\n/, (opening) => opening + scratch);
}

async function emulatorRequest(host: string, method: string, urlPath: string, body?: unknown): Promise<void> {
  const response = await fetch(`http://${host}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${urlPath} on the emulator: HTTP ${response.status} ${await response.text()}`);
}

let clientCount = 0;

if (FIRESTORE_HOST) {
  // The emulator compiles the rules: up to half a minute when it is cold and the machine busy.
  beforeAll(
    () =>
      emulatorRequest(FIRESTORE_HOST, 'PUT', `/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
        rules: { files: [{ name: 'firestore.rules', content: rulesWithScratch() }] },
      }),
    180_000,
  );
}

const harness: BackendContractHarness = {
  scratchCollection: SCRATCH,
  async freshStore() {
    if (AUTH_HOST) await emulatorRequest(AUTH_HOST, 'DELETE', `/emulator/v1/projects/${PROJECT_ID}/accounts`);
    if (FIRESTORE_HOST) {
      await emulatorRequest(
        FIRESTORE_HOST,
        'DELETE',
        `/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
      );
    }
  },
  newClient() {
    clientCount += 1;
    // Each client is its own app (another device): its own auth session and Firestore instance.
    const backend = createFirebaseBackend(
      { apiKey: 'demo-api-key', projectId: PROJECT_ID, appId: 'demo-app', authDomain: `${PROJECT_ID}.firebaseapp.com` },
      { auth: AUTH_HOST, firestoreHost: FIRESTORE_HOST },
      { appName: `contract-client-${clientCount}`, persistence: 'memory' },
    );
    return Promise.resolve(backend);
  },
  closeClient: (backend: Backend) => (backend as FirebaseBackend).firebase.close(),
};

// The document-store cases sign up first, so they need both emulators.
const skips: ContractSkips = {
  auth: authSkipReason(),
  documentStore: firestoreSkipReason() ?? authSkipReason(),
};

runBackendContract('Firebase (emulators)', harness, skips);

// The same contract on the client the app gets: the deferred backend of a signed-out boot, whose
// Auth (the adapter above) loads on the first auth operation or data call.
const loadedAdapter = new WeakMap<Backend, () => Promise<Backend> | null>();
runBackendContract(
  'Firebase, Auth deferred (emulators)',
  {
    ...harness,
    newClient() {
      let adapter: Promise<Backend> | null = null;
      const backend = createDeferredFirebaseBackend({
        load: () => (adapter ??= harness.newClient()),
        sessionMayExist: false,
        openChannel: () => null,
      });
      loadedAdapter.set(backend, () => adapter);
      return Promise.resolve(backend);
    },
    async closeClient(backend: Backend) {
      // A client whose Auth never loaded has nothing to close.
      const adapter = loadedAdapter.get(backend)?.();
      if (adapter) await harness.closeClient(await adapter);
    },
  },
  skips,
);
