import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { createAction } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

import type { LazySlices, RootState } from './rootReducer';

/**
 * A feature whose state and sagas load with its route's chunk instead of the first paint:
 * its reducer is injected into the root reducer and its root saga started, once per store.
 */
export interface FeatureOf<K extends keyof LazySlices> {
  key: K;
  /** Named like a slice's, so the feature itself can be injected into the root reducer. */
  reducerPath: K;
  reducer: Reducer<LazySlices[K]>;
  saga: Saga<[]>;
  /**
   * A page signed-in visits arrive on (app/arrivalSagas.ts): whether it is open, and the event that
   * opens it (its reads start), which the session's restore dispatches before the page shows.
   */
  arrivalPage?: { selectOpen: (state: RootState) => boolean; opened: () => UnknownAction };
}

/** A lazy feature: injected under its own key, so its reducer path is the key. */
export function defineFeature<K extends keyof LazySlices>(
  key: K,
  parts: Omit<FeatureOf<K>, 'key' | 'reducerPath'>,
): FeatureOf<K> {
  return { key, reducerPath: key, ...parts };
}

export type Feature = { [K in keyof LazySlices]: FeatureOf<K> }[keyof LazySlices];

/** Dispatched right after a feature was injected: gives its slice its initial state (and DevTools a marker). */
export const featureLoaded = createAction<{ key: keyof LazySlices }>('app/featureLoaded');

/**
 * The features whose state the store holds, in the order they loaded: a core slice, so every state
 * (one Redux DevTools recomputes from an imported log too) names the code it needs (app/store.ts
 * loads what is missing). Signing out keeps it: the code stays loaded.
 */
export function loadedFeaturesReducer(state: (keyof LazySlices)[] = [], action: UnknownAction): (keyof LazySlices)[] {
  return featureLoaded.match(action) && !state.includes(action.payload.key) ? [...state, action.payload.key] : state;
}
