// The real store (root saga included) over a local test backend, with an action log, and users
// signed up as the app's first sign-in makes them (profileApi.ensureProfile).
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

import type { LoadedState, RootState } from '../app/rootReducer';
import { setupStore } from '../app/store';
import type { AppStore } from '../app/store';
import type { LocalBackend } from '../backend/local/createLocalBackend';
import type { AuthUser } from '../backend/port';
import { ensureProfile } from '../features/profile/profileApi';
import { ALL_FEATURES } from './allFeatures';
import { createTestBackend, createTestClock, TEST_PASSWORD } from './testBackend';
import type { TestClock } from './testBackend';

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
  /** The real store; it loads every feature at once, so its state holds every slice. */
  store: Omit<AppStore, 'getState'> & { getState(): LoadedState };
  backend: LocalBackend;
  clock: TestClock;
  /** Every action dispatched so far (by components, tests and sagas). */
  actions: UnknownAction[];
  /** Resolves with the state once `predicate` holds (checked after every action). */
  waitFor(predicate: (state: LoadedState) => boolean, timeoutMs?: number): Promise<LoadedState>;
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
  }) as TestStore['store'];

  function waitFor(predicate: (state: LoadedState) => boolean, timeoutMs = 4000): Promise<LoadedState> {
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
