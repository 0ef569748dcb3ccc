// Sagas read their dependencies from the saga context, never from module imports,
// so tests hand them a local backend on fake-indexeddb and a fixed clock.
import { getContext } from 'redux-saga/effects';

import type { Backend, Clock } from '../backend/port';
import type { CacheStorageLike } from '../platform/deviceData';

export interface SagaContext {
  backend: Backend;
  clock: Clock;
  /** The window's CacheStorage (the avatar cache is deleted at sign-out); null where there is none. */
  caches: CacheStorageLike | null;
}

export function* getBackend(): Generator<ReturnType<typeof getContext>, Backend, Backend> {
  return yield getContext('backend');
}

export function* getClock(): Generator<ReturnType<typeof getContext>, Clock, Clock> {
  return yield getContext('clock');
}

export function* getCaches(): Generator<ReturnType<typeof getContext>, CacheStorageLike | null, CacheStorageLike | null | undefined> {
  return (yield getContext('caches')) ?? null;
}
