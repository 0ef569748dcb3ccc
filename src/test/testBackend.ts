// The one test backend factory: local backends on their own fake-indexeddb databases, cheap to
// create by the dozen, with a clock the test moves by hand. Backend-level only (no feature
// imports), so the backend's own tests use it too.
import type { ChangeChannelFactory } from '../backend/local/changeFeed';
import { createLocalBackend } from '../backend/local/createLocalBackend';
import type { LocalBackend, LocalBackendOptions } from '../backend/local/createLocalBackend';
import { createMemoryBroadcastHub } from '../backend/local/memoryBroadcastHub';
import type { AccessPolicy } from '../backend/local/policy';
import { allow } from '../backend/local/policyHelpers';
import { createMemoryStorage } from '../backend/local/sessionStore';
import type { Clock, DocData } from '../backend/port';
import { docRef, fieldValue } from '../backend/port';
import { profileDoc } from './fixtures';

/** 2026-11-22T10:00:00.000Z: a fixed start, so ids like `{senderId}_{ms}` are predictable. */
export const TEST_START_MS = Date.UTC(2026, 10, 22, 10, 0, 0);
export const TEST_PASSWORD = 'correct-horse-battery';
/** Low on purpose: real PBKDF2 strength only slows tests down. */
export const TEST_PBKDF2_ITERATIONS = 10;

export interface TestClock extends Clock {
  advance(ms: number): number;
  set(ms: number): void;
}

export function createTestClock(startMs = TEST_START_MS): TestClock {
  let now = startMs;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
      return now;
    },
    set(ms) {
      now = ms;
    },
  };
}

let databaseCounter = 0;

export function uniqueDbName(prefix = 'devtribe-test'): string {
  databaseCounter += 1;
  return `${prefix}-${databaseCounter}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface TestBackendOptions extends LocalBackendOptions {
  /** Share one hub between backends on the same dbName to make them "tabs" of one browser. */
  broadcast?: ChangeChannelFactory;
}

/**
 * A local backend on its own database (or a shared one), seed off, in-memory tab storage, a
 * private broadcast hub; any LocalBackendOptions override these. The clock is the system's
 * unless given (createTestClock() for a fixed one).
 */
export function createTestBackend(options: TestBackendOptions = {}): Promise<LocalBackend> {
  return createLocalBackend({
    seed: false,
    pbkdf2Iterations: TEST_PBKDF2_ITERATIONS,
    sessionStorage: createMemoryStorage(),
    localStorage: createMemoryStorage(),
    broadcast: createMemoryBroadcastHub(),
    ...options,
    dbName: options.dbName ?? uniqueDbName(),
  });
}

/** A policy that allows everything: for arranging states no user could write (a deleted profile). */
export const openPolicy: AccessPolicy = {
  checkWrite: () => allow,
  checkRead: () => allow,
  readDependencies: () => [],
  writeDependencies: () => [],
};

/**
 * Signs up a new account and writes its profile as profileApi.ensureProfile does on first sign-in
 * (joinDate the server's time, the email in accounts/{uid}); for tests below the features.
 */
export async function signUpWithProfile(backend: LocalBackend, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await backend.auth.signUp({ email, password: TEST_PASSWORD, displayName: name });
  const { email: _email, ...profile } = profileDoc(name, user.email);
  await backend.db.set(docRef('users', user.uid), { ...profile, joinDate: fieldValue.serverTimestamp() });
  await backend.db.set(docRef('accounts', user.uid), { email: user.email });
  return user.uid;
}

/** Reads a document bypassing nothing: the backend's signed-in user must be allowed to read it. */
export async function readDoc(backend: LocalBackend, collection: string, id: string): Promise<DocData | null> {
  return (await backend.db.get(docRef(collection, id))).data;
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

/**
 * For a describe block: a createTestBackend whose backends are all closed after each test.
 * Call it in the block's body (it registers the afterEach there).
 */
export function openBackendsPerTest(): (options?: TestBackendOptions) => Promise<LocalBackend> {
  const opened: LocalBackend[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((backend) => backend.local.close()));
  });
  return async (options) => {
    const backend = await createTestBackend(options);
    opened.push(backend);
    return backend;
  };
}
