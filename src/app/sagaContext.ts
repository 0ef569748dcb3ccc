// Sagas read their dependencies from the saga context, never from module imports,
// so tests hand them a local backend on fake-indexeddb and a fixed clock.
import { call, getContext } from 'redux-saga/effects';

import type { Backend, Clock } from '../backend/port';
import type { CacheStorageLike } from '../platform/deviceData';
import { reportError } from '../platform/errorReporting';
import type { Feature } from './feature';
import type { LazySlices } from './rootReducer';

export interface SagaContext {
  backend: Backend;
  clock: Clock;
  /** The window's CacheStorage (the avatar cache is deleted at sign-out); null where there is none. */
  caches: CacheStorageLike | null;
  /** Loads the signed-in features (app/signedInFeatures.ts) into the store; absent where a test has them loaded already. */
  loadSignedInFeatures?: () => Promise<void>;
  /** Loads the code of the feature that holds `key`'s slice (app/featureCode.ts) into the store; resolves with its features. */
  loadFeatureCode: (key: keyof LazySlices) => Promise<Feature[]>;
}

export function* getBackend(): Generator<ReturnType<typeof getContext>, Backend, Backend> {
  return yield getContext('backend');
}

/**
 * Loads the signed-in features into the store if this store loads them lazily; a failure is
 * reported, and the session carries on without them (the signed-in pages' error fallback covers it).
 */
export function* loadSignedInFeatures(): Generator<unknown, void, SagaContext['loadSignedInFeatures']> {
  const load = yield getContext('loadSignedInFeatures');
  if (!load) return;
  try {
    yield call(load);
  } catch (error) {
    yield call(reportError, error, { description: 'The signed-in features could not load:' });
  }
}

export function* getClock(): Generator<ReturnType<typeof getContext>, Clock, Clock> {
  return yield getContext('clock');
}

export function* getCaches(): Generator<
  ReturnType<typeof getContext>,
  CacheStorageLike | null,
  CacheStorageLike | null | undefined
> {
  return (yield getContext('caches')) ?? null;
}
