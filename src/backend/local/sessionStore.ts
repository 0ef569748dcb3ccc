// Which account each tab is signed in as. sessionStorage holds this tab's choice, so two tabs can
// be two users; localStorage remembers the last user signed in anywhere, so a new tab starts as them.
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_KEY = 'devtribe.session';
export const LAST_USER_KEY = 'devtribe.lastUser';

export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

// Storage can throw (Safari private mode, blocked cookies): treat that as "nothing stored".
function readItem(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(storage: StorageLike, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // the session then lasts only as long as this page
  }
}

/** The uid in a stored `{"uid": ...}`; null for signed out, undefined for absent or corrupt. */
function parseUid(raw: string | null): string | null | undefined {
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    const uid = (parsed as { uid?: unknown } | null)?.uid;
    if (uid === null) return null;
    return typeof uid === 'string' && uid.length > 0 ? uid : undefined;
  } catch {
    return undefined;
  }
}

export interface SessionStore {
  /** The uid this tab should start as: its own session if it has one, else the last user. */
  initialUid(): string | null;
  /** Pins this tab to the user it started as, so sign-ins in other tabs do not move it. */
  keepInThisTab(uid: string | null): void;
  signedIn(uid: string): void;
  signedOut(uid: string | null): void;
}

export function createSessionStore(tabStorage: StorageLike, sharedStorage: StorageLike): SessionStore {
  const save = (uid: string | null) => writeItem(tabStorage, SESSION_KEY, JSON.stringify({ uid }));
  return {
    initialUid() {
      const raw = readItem(tabStorage, SESSION_KEY);
      if (raw !== null) return parseUid(raw) ?? null;
      return parseUid(readItem(sharedStorage, LAST_USER_KEY)) ?? null;
    },
    keepInThisTab: save,
    signedIn(uid) {
      save(uid);
      writeItem(sharedStorage, LAST_USER_KEY, JSON.stringify({ uid }));
    },
    signedOut(uid) {
      // An explicit "signed out" keeps this tab signed out on reload, whoever signs in elsewhere.
      save(null);
      if (uid !== null && parseUid(readItem(sharedStorage, LAST_USER_KEY)) === uid) {
        writeItem(sharedStorage, LAST_USER_KEY, null);
      }
    },
  };
}
