import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import type { Saga, Task } from 'redux-saga';
import createSagaMiddleware, { buffers, channel } from 'redux-saga';

import type { Backend, Clock } from '../backend/port';
import { systemClock } from '../backend/port';
import { config } from '../config';
import type { CacheStorageLike } from '../platform/deviceData';
import { browserCacheStorage } from '../platform/deviceData';
import { reportError } from '../platform/errorReporting';
import type { Feature } from './feature';
import { featureLoaded } from './feature';
import type { LazySlices, RootState } from './rootReducer';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';
import type { SagaContext } from './sagaContext';

export interface StoreDependencies {
  backend: Backend;
  clock?: Clock;
  preloadedState?: Partial<RootState>;
  /** Extra middleware before the saga middleware, e.g. an action recorder in tests. */
  middleware?: Middleware[];
  /** Route features to load at once rather than with their route (tests that render pages directly). */
  features?: Feature[];
  /** Where the avatar cache lives; default the window's CacheStorage (none in jsdom). */
  caches?: CacheStorageLike | null;
}

/** Adds a feature's slice to the root reducer (a module singleton: injecting twice is harmless). */
export function injectReducer(feature: Feature) {
  // FeatureOf ties each key to its reducer; TypeScript cannot narrow that union for inject's overloads.
  rootReducer.inject(feature as unknown as { reducerPath: 'tribes'; reducer: Reducer<LazySlices['tribes']> });
}

/**
 * The store with its saga middleware, its root saga not yet running: `start()` runs it and loads
 * the given features. Start-up (src/index.tsx) yields to the browser between the two, so each is
 * a short task of its own; everything else calls setupStore.
 */
export function prepareStore({
  backend,
  clock = systemClock,
  preloadedState,
  middleware = [],
  features = [],
  caches = browserCacheStorage(),
}: StoreDependencies) {
  const context: SagaContext = {
    backend,
    clock,
    caches,
    loadSignedInFeatures: () =>
      import(/* webpackChunkName: "signed-in" */ './signedInFeatures').then(({ signedInFeatures }) => signedInFeatures.forEach(loadFeature)),
  };
  const sagaMiddleware = createSagaMiddleware({
    context: { ...context },
    // A spawned saga that throws is stopped here, the others (and the app) carry on; production sends it to Sentry.
    onError: (error, { sagaStack }) => reportError(error, { description: 'Uncaught saga error:', sagaStack }),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Both checks stay on with no ignored paths: state and actions are plain data, replayable in DevTools.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false }).concat(...middleware, sagaMiddleware),
    devTools: !config.production,
  });
  // Feature sagas put here before the root saga runs wait in the buffer.
  const featureSagas = channel<Saga<[]>>(buffers.expanding());
  const loaded = new Set<keyof LazySlices>();

  /** Injects a route feature's reducer and starts its saga; later calls for the same feature do nothing. */
  function loadFeature(feature: Feature) {
    if (loaded.has(feature.key)) return;
    loaded.add(feature.key);
    injectReducer(feature);
    store.dispatch(featureLoaded({ key: feature.key }));
    featureSagas.put(feature.saga);
  }

  return {
    start() {
      const sagaTask: Task = sagaMiddleware.run(rootSaga, featureSagas);
      features.forEach(loadFeature);
      return Object.assign(store, { sagaTask, loadFeature });
    },
  };
}

export function setupStore(dependencies: StoreDependencies) {
  return prepareStore(dependencies).start();
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
