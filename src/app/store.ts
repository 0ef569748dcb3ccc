import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import type { Saga, Task } from 'redux-saga';
import createSagaMiddleware, { buffers, channel } from 'redux-saga';

import type { Backend, Clock } from '../backend/port';
import { systemClock } from '../backend/port';
import { config } from '../config';
import type { CacheStorageLike } from '../platform/deviceData';
import { browserCacheStorage } from '../platform/deviceData';
import { reportError } from '../platform/errorReporting';
import { DEVTOOLS_OPTIONS, devToolsEnabled } from './devTools';
import type { Feature } from './feature';
import { featureLoaded } from './feature';
import { FEATURE_CODE } from './featureCode';
import type { LazySlices, RootState } from './rootReducer';
import { LAZY_SLICE_KEYS, rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';
import type { SagaContext } from './sagaContext';

interface StoreDependencies {
  backend: Backend;
  clock?: Clock;
  preloadedState?: Partial<RootState>;
  /** Extra middleware before the saga middleware, e.g. an action recorder in tests. */
  middleware?: Middleware[];
  /** Route features to load at once rather than with their route (tests that render pages directly). */
  features?: Feature[];
  /** Where the avatar cache lives; default the window's CacheStorage (none in jsdom). */
  caches?: CacheStorageLike | null;
  /**
   * Lets the browser in between steps of loading code (the app's start-up passes yieldToBrowser,
   * src/platform/startup.ts); default none, so tests on fake timers need not advance them.
   */
  yieldBetweenSteps?: () => Promise<void>;
}

/**
 * The signed-in screens' code outside the features (the header's parts, app/Layout.tsx), which
 * the app registers once its own chunk has run (src/index.tsx): a sign-in loads it beside the
 * signed-in features, so the header's bell and links are there when it first shows signed in.
 * Until then (a session restored before the app's chunk arrived) the shells preload it.
 */
let loadSignedInScreens: () => Promise<unknown> = () => Promise.resolve();

export function setSignedInScreensLoader(load: () => Promise<unknown>) {
  loadSignedInScreens = load;
}

/** The lazy slices whose reducer the root reducer has (both module singletons). */
const injectedSlices = new Set<keyof LazySlices>();

/** Adds a feature's slice to the root reducer (a module singleton: injecting twice is harmless). */
export function injectReducer(feature: Feature) {
  // FeatureOf ties each key to its reducer; TypeScript cannot narrow that union for inject's overloads.
  rootReducer.inject(feature as unknown as { reducerPath: 'tribes'; reducer: Reducer<LazySlices['tribes']> });
  injectedSlices.add(feature.key);
}

/**
 * The root reducer, except that a lazy slice the state holds before its code has loaded (a
 * preloaded state, a log imported into Redux DevTools) is kept as it is, not dropped as an unknown
 * key, until its reducer is injected (the store loads it: restoreFeatureCode).
 */
const appReducer: Reducer<RootState, UnknownAction, Partial<RootState>> = (state, action) => {
  const waiting = state ? LAZY_SLICE_KEYS.filter((key) => state[key] !== undefined && !injectedSlices.has(key)) : [];
  if (!state || waiting.length === 0) return rootReducer(state, action);
  const kept = Object.fromEntries(waiting.map((key) => [key, state[key]])) as Partial<LazySlices>;
  const known: Partial<RootState> = { ...state };
  for (const key of waiting) delete known[key];
  const next = rootReducer(known, action);
  // Unchanged: the state had every core slice already (combineReducers returns its input only then).
  return next === known ? (state as RootState) : { ...next, ...kept };
};

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
  yieldBetweenSteps = () => Promise.resolve(),
}: StoreDependencies) {
  const context: SagaContext = {
    backend,
    clock,
    caches,
    loadSignedInFeatures: async () => {
      // A failure is the lazy component's to show when it renders.
      const screens = loadSignedInScreens().catch(() => undefined);
      const { signedInFeatureLoaders } = await import(/* webpackChunkName: "signed-in" */ './signedInFeatures');
      for (const load of signedInFeatureLoaders) {
        loadFeature(await load());
        // Each feature's code evaluated in a task of its own.
        await yieldBetweenSteps();
      }
      await screens;
    },
    loadFeatureCode: (key) =>
      FEATURE_CODE[key]().then((features) => {
        features.forEach(loadFeature);
        return features;
      }),
  };
  const sagaMiddleware = createSagaMiddleware({
    context: { ...context },
    // A spawned saga that throws is stopped here, the others (and the app) carry on; production sends it to Sentry.
    onError: (error, { sagaStack }) => reportError(error, { description: 'Uncaught saga error:', sagaStack }),
  });
  const store = configureStore({
    reducer: appReducer,
    preloadedState,
    // Both checks stay on with no ignored paths: state and actions are plain data, replayable in DevTools.
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(...middleware, sagaMiddleware),
    devTools: devToolsEnabled(config) ? DEVTOOLS_OPTIONS : false,
  });
  // Feature sagas put here before the root saga runs wait in the buffer.
  const featureSagas = channel<Saga<[]>>(buffers.expanding());
  const started = new Set<keyof LazySlices>();

  /** Injects a route feature's reducer and starts its saga; later calls for the same feature do nothing. */
  function loadFeature(feature: Feature) {
    if (started.has(feature.key)) return;
    started.add(feature.key);
    injectReducer(feature);
    store.dispatch(featureLoaded({ key: feature.key }));
    featureSagas.put(feature.saga);
  }

  /** Lazy slices whose code restoreFeatureCode asked for (once: a failure is reported, not retried on every action). */
  const requested = new Set<keyof LazySlices>();

  /**
   * Loads the code of each feature the state holds a slice of, or names as loaded, whose reducer
   * this tab has not injected: a log imported into Redux DevTools (which recomputes its states
   * with this tab's reducers), a jump, a preloaded state. Only the reducers are injected: the sagas'
   * side effects happened where the state was recorded, and a feature's saga starts only when this
   * tab uses the feature (loadFeature). Replacing the reducer with itself then has DevTools
   * recompute every state with the reducers now there; without DevTools it changes nothing.
   */
  function restoreFeatureCode(state: RootState) {
    const missing = LAZY_SLICE_KEYS.filter(
      (key) =>
        !injectedSlices.has(key) &&
        !requested.has(key) &&
        (state[key] !== undefined || state.loadedFeatures.includes(key)),
    );
    if (missing.length === 0) return;
    missing.forEach((key) => requested.add(key));
    const loads = [...new Set(missing.map((key) => FEATURE_CODE[key]))].map((load) => load());
    Promise.all(loads).then(
      (loadedFeatures) => {
        loadedFeatures.flat().forEach(injectReducer);
        store.replaceReducer(appReducer);
      },
      (error: unknown) => reportError(error, { description: 'The code a restored state needs could not load:' }),
    );
  }

  return {
    start() {
      const sagaTask: Task = sagaMiddleware.run(rootSaga, featureSagas);
      features.forEach(loadFeature);
      restoreFeatureCode(store.getState());
      store.subscribe(() => restoreFeatureCode(store.getState()));
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
