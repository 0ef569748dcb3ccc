// Whether a Firebase Auth session may be persisted in this browser, decided at boot without
// loading the Auth SDK: a signed-out first visit then reports "signed out" at once and never
// downloads Auth (deferredFirebaseBackend.ts). When in doubt the answer is yes, so a returning
// user is never shown as signed out.

/**
 * Set in localStorage while this browser is signed in to Firebase (deferredFirebaseBackend.ts):
 * Auth keeps its user in IndexedDB, which the start-up loader (scripts/startupLoader.js) cannot
 * read before the first paint, so /login and /signup would show their form to a signed-in visitor.
 */
export const SESSION_HINT_KEY = 'devtribe.firebaseSession';

/** Keeps SESSION_HINT_KEY in step with the session; blocked storage just leaves no hint. */
export function rememberSessionHint(
  signedIn: boolean,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = localStorageOrNothing(),
): void {
  try {
    if (signedIn) storage?.setItem(SESSION_HINT_KEY, '1');
    else storage?.removeItem(SESSION_HINT_KEY);
  } catch {
    // private mode or blocked storage: the form may then show for a moment, nothing worse
  }
}

function localStorageOrNothing(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Auth's IndexedDB persistence (indexedDBLocalPersistence): database, store and key prefix. */
export const AUTH_DB_NAME = 'firebaseLocalStorageDb';
const AUTH_STORE_NAME = 'firebaseLocalStorage';
export const AUTH_USER_KEY_PREFIX = 'firebase:authUser:';

interface SessionProbeEnvironment {
  indexedDB?: Pick<IDBFactory, 'open'> & { databases?: () => Promise<IDBDatabaseInfo[]> };
  localStorage?: Pick<Storage, 'length' | 'key'>;
}

function browserEnvironment(): SessionProbeEnvironment {
  const env: SessionProbeEnvironment = {};
  try {
    env.indexedDB = globalThis.indexedDB;
  } catch {
    // blocked storage: indexedDB stays undefined, which counts as "maybe"
  }
  try {
    env.localStorage = globalThis.localStorage;
  } catch {
    // same
  }
  return env;
}

function hasLocalStorageUser(storage: SessionProbeEnvironment['localStorage']): boolean {
  if (!storage) return false;
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(AUTH_USER_KEY_PREFIX)) return true;
  }
  return false;
}

/** Whether Auth's database holds a user entry; true on any doubt (an error, an unexpected shape). */
function hasIndexedDbUser(factory: NonNullable<SessionProbeEnvironment['indexedDB']>): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      // No version: an existing database opens as it is (no upgrade, nothing created by Auth changed).
      request = factory.open(AUTH_DB_NAME);
    } catch {
      resolve(true);
      return;
    }
    request.onerror = () => resolve(true);
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(AUTH_STORE_NAME)) {
          db.close();
          resolve(false);
          return;
        }
        const keys = db.transaction(AUTH_STORE_NAME, 'readonly').objectStore(AUTH_STORE_NAME).getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.some((key) => typeof key === 'string' && key.startsWith(AUTH_USER_KEY_PREFIX)));
        };
        keys.onerror = () => {
          db.close();
          resolve(true);
        };
      } catch {
        db.close();
        resolve(true);
      }
    };
  });
}

/**
 * True when a Firebase session may exist: a `firebase:authUser:` entry in localStorage or in
 * Auth's IndexedDB database, or storage that cannot be listed (no `indexedDB.databases()`, an
 * error). False only when Auth's database is known to be absent (or to hold no user) and
 * localStorage has no user either.
 */
export async function mayHavePersistedSession(env: SessionProbeEnvironment = browserEnvironment()): Promise<boolean> {
  try {
    if (hasLocalStorageUser(env.localStorage)) return true;
    const factory = env.indexedDB;
    if (!factory || typeof factory.databases !== 'function') return true;
    const databases = await factory.databases();
    if (!databases.some((info) => info.name === AUTH_DB_NAME)) return false;
    return await hasIndexedDbUser(factory);
  } catch {
    return true;
  }
}
