// Test fixtures shared by every feature: a local backend on its own fake-indexeddb database,
// a clock the test moves by hand, and the real store (root saga included) with an action log.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

import type { RootState } from '../app/rootReducer';
import { setupStore } from '../app/store';
import type { AppStore } from '../app/store';
import type { ChangeChannelFactory } from '../backend/local/changeFeed';
import { createLocalBackend } from '../backend/local/createLocalBackend';
import type { LocalBackend } from '../backend/local/createLocalBackend';
import { createMemoryBroadcastHub } from '../backend/local/memoryBroadcastHub';
import type { AccessPolicy } from '../backend/local/policy';
import { allow } from '../backend/local/policyHelpers';
import { createMemoryStorage } from '../backend/local/sessionStore';
import type { AuthUser, Clock, DocData } from '../backend/port';
import { docRef } from '../backend/port';
import { ensureProfile } from '../features/profile/profileApi';
import { ALL_FEATURES } from './allFeatures';

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

export interface TestBackendOptions {
  dbName?: string;
  clock?: Clock;
  /** Share one hub between backends on the same dbName to make them "tabs" of one browser. */
  broadcast?: ChangeChannelFactory;
  policy?: AccessPolicy;
}

/** A local backend on its own database (or a shared one), seed off, in-memory tab storage. */
export async function createTestBackend(options: TestBackendOptions = {}): Promise<LocalBackend> {
  return createLocalBackend({
    dbName: options.dbName ?? uniqueDbName(),
    seed: false,
    clock: options.clock ?? createTestClock(),
    broadcast: options.broadcast ?? createMemoryBroadcastHub(),
    sessionStorage: createMemoryStorage(),
    localStorage: createMemoryStorage(),
    pbkdf2Iterations: TEST_PBKDF2_ITERATIONS,
    ...(options.policy ? { policy: options.policy } : {}),
  });
}

/** A policy that allows everything: for arranging states no user could write (a deleted profile). */
export const openPolicy: AccessPolicy = {
  checkWrite: () => allow,
  checkRead: () => allow,
  writeDependencies: () => [],
};

export interface TestUserInput {
  displayName: string;
  email?: string;
  password?: string;
  /** Create users/{uid} as the first sign-in would (default true). */
  withProfile?: boolean;
}

const emailFor = (displayName: string) => `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.test`;

/** Signs up (and so signs in) on `backend`; creates the profile document unless told not to. */
export async function signUpUser(backend: LocalBackend, input: TestUserInput): Promise<AuthUser> {
  const user = await backend.auth.signUp({
    email: input.email ?? emailFor(input.displayName),
    password: input.password ?? TEST_PASSWORD,
    displayName: input.displayName,
  });
  if (input.withProfile ?? true) await ensureProfile(backend.db, user);
  return user;
}

/** Reads a document bypassing nothing: the backend's signed-in user must be allowed to read it. */
export async function readDoc(backend: LocalBackend, collection: string, id: string): Promise<DocData | null> {
  return (await backend.db.get(docRef(collection, id))).data;
}

export interface ActionRecorder {
  middleware: Middleware;
  actions: UnknownAction[];
}

/** Records every action that reaches the reducers, in order (for Redux DevTools-style replay). */
export function createActionRecorder(): ActionRecorder {
  const actions: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  return { middleware, actions };
}

export interface TestStoreOptions {
  backend?: LocalBackend;
  clock?: TestClock;
  preloadedState?: Partial<RootState>;
}

export interface TestStore {
  store: AppStore;
  backend: LocalBackend;
  clock: TestClock;
  /** Every action dispatched so far (by components, tests and sagas). */
  actions: UnknownAction[];
  /** Resolves with the state once `predicate` holds (checked after every action). */
  waitFor(predicate: (state: RootState) => boolean, timeoutMs?: number): Promise<RootState>;
  /** Resolves with the first action of `type` dispatched from now on (or already recorded when `includePast`). */
  waitForAction(type: string, options?: { includePast?: boolean; timeoutMs?: number }): Promise<UnknownAction>;
  close(): Promise<void>;
}

/** The real store with the root saga over a local test backend, plus an action log. */
export async function setupTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const clock = options.clock ?? createTestClock();
  const backend = options.backend ?? (await createTestBackend({ clock }));
  const recorder = createActionRecorder();
  const store = setupStore({
    backend,
    clock,
    features: ALL_FEATURES,
    middleware: [recorder.middleware],
    ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}),
  });

  function waitFor(predicate: (state: RootState) => boolean, timeoutMs = 4000): Promise<RootState> {
    return new Promise((resolve, reject) => {
      if (predicate(store.getState())) {
        resolve(store.getState());
        return;
      }
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error('waitFor: the state never matched'));
      }, timeoutMs);
      const unsubscribe = store.subscribe(() => {
        if (!predicate(store.getState())) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(store.getState());
      });
    });
  }

  function waitForAction(type: string, { includePast = false, timeoutMs = 4000 } = {}): Promise<UnknownAction> {
    const start = includePast ? 0 : recorder.actions.length;
    return new Promise((resolve, reject) => {
      const check = () => recorder.actions.slice(start).find((action) => action.type === type);
      const found = check();
      if (found) {
        resolve(found);
        return;
      }
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`waitForAction: ${type} never came`));
      }, timeoutMs);
      const unsubscribe = store.subscribe(() => {
        const action = check();
        if (!action) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(action);
      });
    });
  }

  return {
    store,
    backend,
    clock,
    actions: recorder.actions,
    waitFor,
    waitForAction,
    async close() {
      store.sagaTask.cancel();
      await backend.local.close();
    },
  };
}
