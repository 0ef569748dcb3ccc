// A state that holds or names a feature this store has not loaded (a preloaded state, a log
// imported into Redux DevTools) gets that feature's code: its reducer is injected, its state kept
// meanwhile, and its saga is not started (its side effects happened where the state was recorded).
// No test here may import src/test/allFeatures: it injects every feature into the shared root reducer.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

import type { AuthPort, Backend } from '../backend/port';
import { initialDashboardState } from '../features/dashboard/dashboardSlice';
import { friendsFeature } from '../features/friends/friendsFeature';
import type { FriendsState } from '../features/friends/friendsSlice';
import { initialFriendsState } from '../features/friends/friendsSlice';
import { initialNotificationsState } from '../features/notifications/notificationsSlice';
import { featureLoaded } from './feature';
import type { RootState } from './rootReducer';
import type { AppStore } from './store';
import { setupStore } from './store';

let store: AppStore;
let actions: UnknownAction[];

/** A backend whose auth check never answers: nothing but the test changes the session. */
function silentBackend(): Backend {
  const auth: Pick<AuthPort, 'providers' | 'onAuthStateChanged'> = {
    providers: [],
    onAuthStateChanged: () => () => undefined,
  };
  return { kind: 'local', auth, db: {}, storage: {} } as unknown as Backend;
}

function setup(preloadedState: Partial<RootState>) {
  actions = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  store = setupStore({ backend: silentBackend(), preloadedState, middleware: [record], caches: null });
}

function until(predicate: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate()) return resolve();
    const timer = setTimeout(() => reject(new Error('the state never matched')), 4000);
    const unsubscribe = store.subscribe(() => {
      if (!predicate()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

afterEach(() => store.sagaTask.cancel());

const friendsOf = (state: RootState) => state.friends;

it('keeps a preloaded slice whose code is not loaded, injects its reducer, and starts no saga', async () => {
  const friends: FriendsState = {
    ...initialFriendsState,
    friends: [{ id: 'ada', displayName: 'Ada', photoURL: null, addedAt: '2026-11-22T09:00:00.000Z' }],
    listStatus: 'ready',
  };
  setup({ friends, loadedFeatures: ['friends'] });
  store.dispatch({ type: 'test/anything' });
  // Not dropped as an unknown key while its code is on its way.
  expect(friendsOf(store.getState())).toBe(friends);

  // The signed-in chunk brings the friends reducer and its neighbours'.
  await until(() => store.getState().notifications !== undefined);
  expect(store.getState().notifications).toEqual(initialNotificationsState);
  store.dispatch({ type: 'test/anything' });
  expect(friendsOf(store.getState())).toEqual(friends);
  expect(actions.filter((action) => featureLoaded.match(action))).toEqual([]);

  // Used by this tab later, the feature starts its saga once.
  store.loadFeature(friendsFeature);
  store.loadFeature(friendsFeature);
  expect(actions.filter((action) => featureLoaded.match(action))).toEqual([featureLoaded({ key: 'friends' })]);
});

it('loads the code of a feature a state names as loaded, as a log Redux DevTools recomputed here does', async () => {
  setup({ loadedFeatures: ['dashboard'] });
  expect(store.getState().dashboard).toBeUndefined();
  await until(() => store.getState().dashboard !== undefined);
  expect(store.getState().dashboard).toEqual(initialDashboardState);
  expect(actions.filter((action) => featureLoaded.match(action))).toEqual([]);
});
