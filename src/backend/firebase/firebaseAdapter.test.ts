// The Firebase adapter with the SDK mocked at the module boundary (no Firestore emulator runs
// here). Sign-out on a shared device: Firestore terminated, Auth signed out, then the persistent
// cache cleared, and a fresh Firestore for the next user. App Check: started by configuration,
// on the first call that needs it, before Firestore. Functions: created with the data layer.
import type { ErrorReporter } from '../../platform/errorReporting';
import { logToConsole, setErrorReporter } from '../../platform/errorReporting';
import { docRef } from '../port';
import { appCheckStarter } from './appCheck';
import { createFirebaseBackend } from './createFirebaseBackend';

const calls: string[] = [];
interface FakeDb {
  id: number;
}
let nextDb = 0;

jest.mock('firebase/app', () => ({
  initializeApp: jest.fn(() => ({ name: '[DEFAULT]' })),
  deleteApp: jest.fn(() => Promise.resolve()),
}));

jest.mock('firebase/auth', () => {
  const fn = () => jest.fn();
  return {
    browserLocalPersistence: {},
    browserPopupRedirectResolver: {},
    indexedDBLocalPersistence: {},
    inMemoryPersistence: {},
    connectAuthEmulator: fn(),
    initializeAuth: jest.fn(() => ({ kind: 'auth' })),
    createUserWithEmailAndPassword: fn(),
    GithubAuthProvider: jest.fn(),
    GoogleAuthProvider: jest.fn(),
    onAuthStateChanged: jest.fn(() => () => undefined),
    sendPasswordResetEmail: fn(),
    signInWithEmailAndPassword: fn(),
    signInWithPopup: fn(),
    updateProfile: fn(),
    signOut: jest.fn(() => {
      calls.push('auth.signOut');
      return Promise.resolve();
    }),
  };
});

jest.mock('firebase/firestore', () => ({
  ...jest.requireActual<object>('firebase/firestore'),
  initializeFirestore: jest.fn(() => {
    nextDb += 1;
    calls.push(`firestore.initialize #${nextDb}`);
    return { id: nextDb };
  }),
  persistentLocalCache: jest.fn(() => ({ kind: 'persistent' })),
  persistentMultipleTabManager: jest.fn(() => ({})),
  memoryLocalCache: jest.fn(() => ({ kind: 'memory' })),
  connectFirestoreEmulator: jest.fn(),
  doc: jest.fn((_db: unknown, collection: string, id: string) => ({ path: `${collection}/${id}` })),
  getDoc: jest.fn(() => Promise.reject(new Error('getDoc is not expected here'))),
  onSnapshot: jest.fn(() => {
    calls.push('firestore.listen');
    return () => calls.push('firestore.unlisten');
  }),
  terminate: jest.fn((db: FakeDb) => {
    calls.push(`firestore.terminate #${db.id}`);
    return Promise.resolve();
  }),
  clearIndexedDbPersistence: jest.fn((db: FakeDb) => {
    calls.push(`firestore.clearIndexedDbPersistence #${db.id}`);
    return Promise.resolve();
  }),
}));

jest.mock('firebase/app-check', () => ({
  initializeAppCheck: jest.fn((_app: unknown, options: { provider: { kind: string; siteKey: string } }) => {
    calls.push(`appCheck.initialize ${options.provider.kind} ${options.provider.siteKey}`);
    return {};
  }),
  ReCaptchaEnterpriseProvider: jest.fn((siteKey: string) => ({ kind: 'enterprise', siteKey })),
  ReCaptchaV3Provider: jest.fn((siteKey: string) => ({ kind: 'v3', siteKey })),
}));

jest.mock('firebase/functions', () => ({
  getFunctions: jest.fn((app: unknown, region: string) => ({ app, region })),
  httpsCallable: jest.fn(
    (service: { region: string }, name: string) => (data: unknown) =>
      Promise.resolve({ data: { name, region: service.region, data } }),
  ),
}));

const firestore = jest.requireMock<{ clearIndexedDbPersistence: jest.Mock; initializeFirestore: jest.Mock }>(
  'firebase/firestore',
);

const CONFIG = {
  apiKey: 'k',
  authDomain: 'demo.firebaseapp.com',
  projectId: 'demo',
  storageBucket: 'demo.appspot.com',
  messagingSenderId: '1',
  appId: '1:1:web:1',
};

/** Opens Firestore the way the session does: a live subscription to a document. */
async function listen(backend: ReturnType<typeof createFirebaseBackend>) {
  backend.db.subscribeDoc(
    docRef('users', 'u1'),
    () => undefined,
    () => undefined,
  );
  await waitFor(() => calls.includes('firestore.listen'));
}

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(condition()).toBe(true);
}

beforeEach(() => {
  calls.length = 0;
  nextDb = 0;
});
afterEach(() => setErrorReporter(logToConsole));

/** A sign-out with a listener open: the listener stops and Firestore ends before Auth signs out. */
const LISTENING_SIGN_OUT = [
  'firestore.initialize #1',
  'firestore.listen',
  'firestore.unlisten',
  'firestore.terminate #1',
  'auth.signOut',
];

describe('sign-out on a shared device', () => {
  it('stops the listeners, terminates Firestore, signs out of Auth, then clears the persistent cache; the next user gets a fresh instance', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await listen(backend);
    await backend.auth.signOut();
    expect(calls).toEqual([...LISTENING_SIGN_OUT, 'firestore.clearIndexedDbPersistence #1']);

    calls.length = 0;
    await listen(backend);
    expect(calls).toEqual(['firestore.initialize #2', 'firestore.listen']);
  });

  it('clears a cache this page never opened (left by an earlier visit)', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await backend.auth.signOut();
    expect(calls).toEqual([
      'auth.signOut',
      'firestore.initialize #1',
      'firestore.terminate #1',
      'firestore.clearIndexedDbPersistence #1',
    ]);
  });

  it('a data call made during the sign-out waits for the cache to be cleared', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await listen(backend);
    let finishClear = () => {};
    firestore.clearIndexedDbPersistence.mockImplementationOnce((db: FakeDb) => {
      calls.push(`firestore.clearIndexedDbPersistence #${db.id}`);
      return new Promise<void>((resolve) => (finishClear = resolve));
    });
    const signingOut = backend.auth.signOut();
    await waitFor(() => calls.includes('firestore.clearIndexedDbPersistence #1'));
    backend.db.subscribeDoc(
      docRef('users', 'u2'),
      () => undefined,
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).not.toContain('firestore.initialize #2');
    finishClear();
    await signingOut;
    await waitFor(() => calls.includes('firestore.initialize #2'));
  });

  it('a cache another tab holds open is reported, and the sign-out still stands', async () => {
    const reported = jest.fn<void, Parameters<ErrorReporter>>();
    setErrorReporter(reported);
    const refused = Object.assign(new Error('Failed to delete the database.'), { code: 'failed-precondition' });
    firestore.clearIndexedDbPersistence.mockImplementationOnce(() => Promise.reject(refused));
    const backend = createFirebaseBackend(CONFIG, null);
    await listen(backend);
    await expect(backend.auth.signOut()).resolves.toBeUndefined();
    expect(calls).toContain('auth.signOut');
    expect(reported).toHaveBeenCalledWith(refused, { description: 'Could not clear the Firestore cache at sign-out:' });
  });

  it('keeps nothing to clear with the in-memory cache (Node, tests)', async () => {
    const backend = createFirebaseBackend(CONFIG, null, { persistence: 'memory' });
    await listen(backend);
    await backend.auth.signOut();
    expect(calls).toEqual(LISTENING_SIGN_OUT);
  });

  it('lets a read in flight finish before Firestore terminates (terminate would fail it with "Firestore shutting down")', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await listen(backend);
    let answer: () => void = () => undefined;
    const getDoc = jest.requireMock<{ getDoc: jest.Mock }>('firebase/firestore').getDoc;
    getDoc.mockImplementationOnce(() => {
      calls.push('firestore.get');
      return new Promise(
        (resolve) =>
          (answer = () =>
            resolve({ id: 'u1', ref: { parent: { id: 'users' } }, exists: () => false, data: () => undefined })),
      );
    });
    const read = backend.db.get(docRef('users', 'u1'));
    await waitFor(() => calls.includes('firestore.get'));
    const signingOut = backend.auth.signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).not.toContain('firestore.terminate #1');
    answer();
    await expect(read).resolves.toEqual({ ref: { collection: 'users', id: 'u1' }, data: null });
    await signingOut;
    expect(calls.slice(calls.indexOf('firestore.get'))).toEqual([
      'firestore.get',
      'firestore.unlisten',
      'firestore.terminate #1',
      'auth.signOut',
      'firestore.clearIndexedDbPersistence #1',
    ]);
  });
});

describe('App Check', () => {
  const enterprise = { siteKey: 'site-key', provider: 'recaptcha-enterprise' } as const;

  it('is off without configuration: nothing of it loads', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await listen(backend);
    expect(calls.filter((call) => call.startsWith('appCheck'))).toEqual([]);
  });

  it('starts on the first data call, before Firestore opens, once', async () => {
    const backend = createFirebaseBackend(CONFIG, null, { appCheck: enterprise });
    // Not on creation: a signed-out visitor's first page needs only Auth.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
    await listen(backend);
    backend.db.subscribeDoc(
      docRef('users', 'u2'),
      () => undefined,
      () => undefined,
    );
    expect(calls.slice(0, 2)).toEqual(['appCheck.initialize enterprise site-key', 'firestore.initialize #1']);
    expect(calls.filter((call) => call.startsWith('appCheck'))).toHaveLength(1);
  });

  it('uses reCAPTCHA v3 when configured so, and starts before a sign-in', async () => {
    const backend = createFirebaseBackend(CONFIG, null, { appCheck: { siteKey: 'v3-key', provider: 'recaptcha-v3' } });
    const signIn = jest.requireMock<{ signInWithEmailAndPassword: jest.Mock }>(
      'firebase/auth',
    ).signInWithEmailAndPassword;
    signIn.mockImplementationOnce(() => {
      calls.push('auth.signIn');
      return Promise.resolve({ user: { uid: 'u1', email: 'a@b.c', displayName: 'A', photoURL: null } });
    });
    await backend.auth.signIn('a@b.c', 'password');
    expect(calls).toEqual(['appCheck.initialize v3 v3-key', 'auth.signIn']);
  });

  it('stays off with the emulators and in Node (no reCAPTCHA there)', async () => {
    await listen(
      createFirebaseBackend(CONFIG, { auth: 'http://127.0.0.1:9099', firestoreHost: '' }, { appCheck: enterprise }),
    );
    calls.length = 0;
    await listen(createFirebaseBackend(CONFIG, null, { appCheck: enterprise, persistence: 'memory' }));
    expect(calls.filter((call) => call.startsWith('appCheck'))).toEqual([]);
  });

  it('a failure to start is reported and the app goes on without tokens', async () => {
    const reported = jest.fn<void, Parameters<ErrorReporter>>();
    setErrorReporter(reported);
    const start = appCheckStarter({ name: 'app' } as never, enterprise, () =>
      Promise.reject(new Error('ChunkLoadError')),
    );
    await expect(start()).resolves.toBeUndefined();
    await expect(start()).resolves.toBeUndefined();
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith(new Error('ChunkLoadError'), { description: 'App Check could not start:' });
  });
});

describe('the Functions service', () => {
  const functions = jest.requireMock<{ getFunctions: jest.Mock; httpsCallable: jest.Mock }>('firebase/functions');

  it('is created in us-central1 when the data layer loads, not before (a signed-out first page makes no data call)', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(functions.getFunctions).not.toHaveBeenCalled();
    await listen(backend);
    await waitFor(() => functions.getFunctions.mock.calls.length > 0);
    expect(functions.getFunctions).toHaveBeenCalledTimes(1);
    expect(functions.getFunctions).toHaveBeenCalledWith(backend.firebase.app, 'us-central1');
    expect(backend.firebase.functionsRegion).toBe('us-central1');
  });

  it('serves callable functions from that one service', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await listen(backend);
    await expect(backend.firebase.callFunction('processPendingRemovals', { uid: 'u1' })).resolves.toEqual({
      name: 'processPendingRemovals',
      region: 'us-central1',
      data: { uid: 'u1' },
    });
    expect(functions.getFunctions).toHaveBeenCalledTimes(1);
  });

  it('a function called before any data call creates the service itself', async () => {
    const backend = createFirebaseBackend(CONFIG, null);
    await expect(backend.firebase.callFunction('ping')).resolves.toEqual({
      name: 'ping',
      region: 'us-central1',
      data: undefined,
    });
    expect(functions.getFunctions).toHaveBeenCalledTimes(1);
  });
});
