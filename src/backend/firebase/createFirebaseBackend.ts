// The production backend: Firebase Auth, Cloud Firestore, Cloud Storage and Cloud Functions
// behind the same port as the local adapter. Loaded as its own chunk ("backend-firebase-auth")
// only when the build carries a Firebase configuration, and then only when a session may exist
// or on the first auth operation or data call (deferredFirebaseBackend.ts). Firestore and the
// Functions service (us-central1) are created together, in their own chunks, when the data layer
// loads (the first data call); Storage loads on the first photo upload.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { Dependencies } from 'firebase/auth';
import type { Functions } from 'firebase/functions';

import type { AppCheckConfig, AppConfig, FirebaseConfig } from '../../config';
import { reportError } from '../../platform/errorReporting';
import { createLazyDocumentStore } from '../lazyDocumentStore';
import { systemClock } from '../port';
import type { Backend, Clock, StoragePort } from '../port';
import { appCheckStarter } from './appCheck';
import { createFirebaseAuthPort } from './firebaseAuth';
import type { FirestoreClient } from './firestoreClient';
import { toBackendError } from './mapping';
import { SOCIAL_PROVIDERS } from './socialProviders';

/** The spec's Cloud Functions region. */
const FUNCTIONS_REGION = 'us-central1';

/** How long a sign-out waits for the reads and writes in flight before it terminates Firestore anyway. */
const SIGN_OUT_DRAIN_MS = 5_000;

interface FirebaseBackendOptions {
  /** A named app, so tests can run several clients side by side; default the default app. */
  appName?: string;
  /**
   * 'browser' (default): the session in IndexedDB and Firestore's cache persisted and shared
   * between tabs. 'memory': nothing persisted, no popups (Node, tests).
   */
  persistence?: 'browser' | 'memory';
  clock?: Clock;
  /** App Check's reCAPTCHA site key (browsers only; never with the emulators). */
  appCheck?: AppCheckConfig | null;
}

export interface FirebaseControls {
  readonly app: FirebaseApp;
  readonly functionsRegion: string;
  /** Calls an HTTPS callable function in FUNCTIONS_REGION, on the service the data layer created (created here if none yet). */
  callFunction<Response = unknown>(name: string, data?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export type FirebaseBackend = Backend & { readonly kind: 'firebase'; readonly firebase: FirebaseControls };

type EmulatorConfig = AppConfig['emulators'];

/** "host:port" (or a URL) into its parts; null when absent or malformed. */
function parseHostPort(value: string | undefined | null): { host: string; port: number } | null {
  if (!value) return null;
  const match = /^(?:https?:\/\/)?([^:/]+):(\d+)\/?$/.exec(value.trim());
  return match ? { host: match[1] as string, port: Number(match[2]) } : null;
}

export function createFirebaseBackend(
  firebaseConfig: FirebaseConfig,
  emulators: EmulatorConfig,
  options: FirebaseBackendOptions = {},
): FirebaseBackend {
  const app = options.appName ? initializeApp(firebaseConfig, options.appName) : initializeApp(firebaseConfig);
  const browser = (options.persistence ?? 'browser') === 'browser';
  const clock = options.clock ?? systemClock;

  const authDeps: Dependencies = browser
    ? {
        persistence: [indexedDBLocalPersistence, browserLocalPersistence],
        popupRedirectResolver: browserPopupRedirectResolver,
      }
    : { persistence: inMemoryPersistence };
  const auth = initializeAuth(app, authDeps);
  const authEmulator = parseHostPort(emulators?.auth);
  if (authEmulator)
    connectAuthEmulator(auth, `http://${authEmulator.host}:${authEmulator.port}`, { disableWarnings: true });

  // App Check starts with the first call that sends user data (sign-in, Firestore, Storage,
  // Functions), not with the first page: reCAPTCHA is a large script a visitor may never need.
  const startAppCheck = appCheckStarter(app, browser && !emulators ? (options.appCheck ?? null) : null);

  // Firestore (the biggest SDK) loads on the first data call, not before the first render: a
  // signed-out visitor's first page needs only Auth. Its auth token comes through the app.
  let firestore: Promise<FirestoreClient> | null = null;
  // While a sign-out clears the cache, a new instance must wait: it would hold the database open.
  let signedOutCacheCleared: Promise<unknown> = Promise.resolve();
  const loadFirestoreClient = () =>
    import(/* webpackChunkName: "backend-firestore" */ './firestoreClient').then(({ openFirestore }) =>
      openFirestore(app, { persistent: browser, emulator: parseHostPort(emulators?.firestoreHost) }),
    );
  // The spec's services are created together: with the data layer comes the Functions service
  // (us-central1), so a later callable function needs no set-up. Its chunk is small and loads
  // beside Firestore's without holding up a data call; a failed load is retried on the next use.
  let functions: Promise<Functions> | null = null;
  const openFunctions = () => {
    functions ??= import(/* webpackChunkName: "backend-firebase-functions" */ 'firebase/functions').then(
      ({ getFunctions }) => getFunctions(app, FUNCTIONS_REGION),
    );
    functions.catch(() => {
      functions = null;
    });
    return functions;
  };
  const openFirestore = () => {
    if (!firestore) {
      firestore = Promise.all([signedOutCacheCleared, startAppCheck()]).then(loadFirestoreClient);
      firestore.catch(() => {
        firestore = null;
      });
      openFunctions().catch(() => undefined);
    }
    return firestore;
  };
  const db = createLazyDocumentStore(async () => (await openFirestore()).store);

  const authPort = createFirebaseAuthPort(auth, browser ? SOCIAL_PROVIDERS : []);

  /**
   * Sign-out on a shared device leaves none of the user's documents behind: the app's listeners
   * stop and its reads and writes in flight finish (terminating Firestore would fail each one
   * with "Firestore shutting down"), Firestore is terminated, Auth signs out, then the persistent
   * cache is deleted. The cache is cleared even when this page never opened Firestore (a
   * previous visit's cache). The next data call opens a fresh instance for whoever signs in next.
   */
  async function signOutAndForget(): Promise<void> {
    if (firestore) await db.quiesce(SIGN_OUT_DRAIN_MS);
    const opened = firestore;
    firestore = null;
    db.unload();
    let release = () => {};
    signedOutCacheCleared = new Promise<void>((resolve) => (release = resolve));
    try {
      const client = opened ? await opened.catch(() => null) : null;
      await client?.close();
      await authPort.signOut();
      if (!browser) return;
      try {
        const toClear = client ?? (await loadFirestoreClient());
        if (!client) await toClear.close();
        await toClear.clearCache();
      } catch (error) {
        // Another tab still holds the cache open: the sign-out stands, the failure is reported.
        reportError(error, { description: 'Could not clear the Firestore cache at sign-out:' });
      }
    } finally {
      release();
    }
  }

  // Storage is rarely used (a photo upload): its SDK loads on first use, in its own chunk, so the
  // backend chunk the first paint waits for stays small.
  let storagePort: Promise<StoragePort> | null = null;
  const storage: StoragePort = {
    async uploadUserPhoto(uid, file) {
      await startAppCheck();
      storagePort ??= import(/* webpackChunkName: "backend-firebase-storage" */ './firebaseStorage').then(
        ({ createFirebaseStorage, openFirebaseStorage }) =>
          createFirebaseStorage(openFirebaseStorage(app, parseHostPort(emulators?.storageHost)), clock),
      );
      storagePort.catch(() => {
        storagePort = null;
      });
      return (await storagePort).uploadUserPhoto(uid, file);
    },
  };

  const firebase: FirebaseControls = {
    app,
    functionsRegion: FUNCTIONS_REGION,
    async callFunction<Response>(name: string, data?: unknown) {
      try {
        await startAppCheck();
        const [{ httpsCallable }, service] = await Promise.all([
          import(/* webpackChunkName: "backend-firebase-functions" */ 'firebase/functions'),
          openFunctions(),
        ]);
        const result = await httpsCallable<unknown, Response>(service, name)(data);
        return result.data;
      } catch (error) {
        throw toBackendError(error);
      }
    },
    async close() {
      const client = await firestore?.catch(() => null);
      await client?.close();
      await deleteApp(app);
    },
  };

  return {
    kind: 'firebase',
    auth: {
      ...authPort,
      signUp: async (input) => {
        await startAppCheck();
        return authPort.signUp(input);
      },
      signIn: async (email, password) => {
        await startAppCheck();
        return authPort.signIn(email, password);
      },
      // Not awaited: the popup must open within the click's user activation (Safari blocks it otherwise).
      signInWithProvider: (provider) => {
        void startAppCheck();
        return authPort.signInWithProvider(provider);
      },
      sendPasswordReset: async (email) => {
        await startAppCheck();
        return authPort.sendPasswordReset(email);
      },
      signOut: signOutAndForget,
    },
    db,
    storage,
    firebase,
  };
}
