// The boot-time probe that decides whether the Firebase build loads Auth before the first render,
// on fake-indexeddb (a fresh factory per test) and a Map-backed localStorage.
import { IDBFactory } from 'fake-indexeddb';

import {
  AUTH_DB_NAME,
  AUTH_USER_KEY_PREFIX,
  mayHavePersistedSession,
  rememberSessionHint,
  SESSION_HINT_KEY,
} from './persistedSession';

function storage(keys: string[] = []) {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

/** Auth's database as indexedDBLocalPersistence creates it, holding the given keys. */
async function authDatabase(factory: IDBFactory, keys: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = factory.open(AUTH_DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
    request.onerror = () => reject(request.error ?? new Error('open failed'));
    request.onsuccess = () => {
      const db = request.result;
      const transaction = db.transaction('firebaseLocalStorage', 'readwrite');
      for (const key of keys) transaction.objectStore('firebaseLocalStorage').put({ fbase_key: key, value: {} });
      transaction.oncomplete = () => {
        db.close();
        resolve();
      };
    };
  });
}

const USER_KEY = `${AUTH_USER_KEY_PREFIX}AIzaKey:[DEFAULT]`;

describe('mayHavePersistedSession', () => {
  test('a first visit (no Auth database, nothing in localStorage) has no session', async () => {
    await expect(
      mayHavePersistedSession({ indexedDB: new IDBFactory(), localStorage: storage(['theme']) }),
    ).resolves.toBe(false);
  });

  test("a user persisted in Auth's IndexedDB database may be signed in", async () => {
    const factory = new IDBFactory();
    await authDatabase(factory, [USER_KEY]);
    await expect(mayHavePersistedSession({ indexedDB: factory, localStorage: storage() })).resolves.toBe(true);
  });

  test("Auth's database left without a user (signed out earlier) has no session", async () => {
    const factory = new IDBFactory();
    await authDatabase(factory, ['firebase:persistence-test']);
    await expect(mayHavePersistedSession({ indexedDB: factory, localStorage: storage() })).resolves.toBe(false);
  });

  test('a user in localStorage (browserLocalPersistence) may be signed in', async () => {
    await expect(
      mayHavePersistedSession({ indexedDB: new IDBFactory(), localStorage: storage(['theme', USER_KEY]) }),
    ).resolves.toBe(true);
  });

  test('when storage cannot be listed, a session is assumed', async () => {
    const factory = new IDBFactory();
    await expect(
      mayHavePersistedSession({ indexedDB: { open: factory.open.bind(factory) }, localStorage: storage() }),
    ).resolves.toBe(true);
    await expect(mayHavePersistedSession({ localStorage: storage() })).resolves.toBe(true);
    const throwing = { open: factory.open.bind(factory), databases: () => Promise.reject(new Error('SecurityError')) };
    await expect(mayHavePersistedSession({ indexedDB: throwing, localStorage: storage() })).resolves.toBe(true);
  });
});

describe('rememberSessionHint', () => {
  it('sets the hint while signed in and removes it when signed out', () => {
    const items = new Map<string, string>();
    const store = {
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    rememberSessionHint(true, store);
    expect(items.get(SESSION_HINT_KEY)).toBe('1');
    rememberSessionHint(false, store);
    expect(items.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('never throws on blocked storage', () => {
    const blocked = {
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(() => rememberSessionHint(true, blocked)).not.toThrow();
    expect(() => rememberSessionHint(false, undefined)).not.toThrow();
  });
});
