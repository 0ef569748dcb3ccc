// Test helpers: fresh local backends over fake-indexeddb, cheap to create by the dozen.
import type { Clock, DocData } from '../port';
import { docRef, fieldValue } from '../port';
import { createLocalBackend } from './createLocalBackend';
import type { LocalBackend, LocalBackendOptions } from './createLocalBackend';
import { createMemoryStorage } from './sessionStore';

let databaseCount = 0;

export function uniqueDbName(label = 'test'): string {
  databaseCount += 1;
  return `devtribe-${label}-${databaseCount}-${Math.random().toString(36).slice(2)}`;
}

export const TEST_PBKDF2_ITERATIONS = 10;

/** A backend on its own database, without the demo seed, with its own session storage. */
export function createTestBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  return createLocalBackend({
    seed: false,
    pbkdf2Iterations: TEST_PBKDF2_ITERATIONS,
    sessionStorage: createMemoryStorage(),
    localStorage: createMemoryStorage(),
    broadcast: () => ({ postMessage: () => undefined, onmessage: null, close: () => undefined }),
    ...options,
    dbName: options.dbName ?? uniqueDbName(),
  });
}

export function fixedClock(start = Date.UTC(2026, 0, 15, 12)): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

/** The profile document the session feature creates on first sign-in. */
export function defaultProfile(displayName: string, email: string | null): DocData {
  return {
    displayName,
    email,
    photoURL: null,
    joinDate: Date.UTC(2026, 0, 1),
    postCount: 0,
    bio: '',
    skills: [],
    friends: [],
    friendCount: 0,
    friendRequests: [],
    sentFriendRequests: [],
    notifications: [],
    hasNewNotification: false,
  };
}

/** Signs up a new account and creates its profile, as the app does on first sign-in. */
export async function signUpWithProfile(backend: LocalBackend, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await backend.auth.signUp({ email, password: 'correct horse', displayName: name });
  // As profileApi.ensureProfile writes it: joinDate the server's time, the email in accounts/{uid}.
  const { email: _email, ...profile } = defaultProfile(name, user.email);
  await backend.db.set(docRef('users', user.uid), { ...profile, joinDate: fieldValue.serverTimestamp() });
  await backend.db.set(docRef('accounts', user.uid), { email: user.email });
  return user.uid;
}

/** Resolves on the next macrotask, after IndexedDB callbacks and microtasks queued so far. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Calls `check` until it stops throwing (or fails after `timeoutMs`). */
export async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
