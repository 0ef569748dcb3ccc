// Sign-out on a shared device, local backend, the real store and root saga: the tab's session,
// every slice (route features injected at runtime included) and the avatar cache are gone.
import type { LocalBackend } from '../backend/local/createLocalBackend';
import { createMemoryStorage, LAST_USER_KEY, SESSION_KEY } from '../backend/local/sessionStore';
import type { StorageLike } from '../backend/local/sessionStore';
import { dashboardOpened } from '../features/dashboard/dashboardSlice';
import { exploreOpened } from '../features/explore/exploreSlice';
import { opened as notificationsOpened } from '../features/notifications/notificationsSlice';
import { discardAllUploads, registerUpload, takeUpload } from '../features/profile/pendingUploads';
import { viewRequested } from '../features/profile/profileViewSlice';
import { listOpened } from '../features/projects/projectsSlice';
import { signOutRequested, signUpRequested } from '../features/session/sessionSlice';
import { directoryOpened } from '../features/tribes/tribesSlice';
import { AVATAR_CACHE_NAME } from '../platform/deviceData';
import { ALL_FEATURES } from '../test/allFeatures';
import { createTestBackend, createTestClock } from '../test/testBackend';
import type { LoadedState } from './rootReducer';
import { setupStore } from './store';

/** CacheStorage as far as the page uses it, holding the service worker's caches by name. */
function fakeCacheStorage(names: string[]) {
  const caches = new Set(names);
  return {
    names: caches,
    delete: jest.fn((name: string) => Promise.resolve(caches.delete(name))),
  };
}

let backend: LocalBackend;
let store: ReturnType<typeof setupStore>;
let tabStorage: StorageLike;
let sharedStorage: StorageLike;

afterEach(async () => {
  discardAllUploads();
  store.sagaTask.cancel();
  await backend.local.close();
});

/** The store loads every feature when it starts, so its state holds every slice. */
const loadedState = () => store.getState() as LoadedState;

function until(predicate: (state: LoadedState) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate(loadedState())) return resolve();
    const timer = setTimeout(() => reject(new Error(`never: ${what}`)), 4000);
    const unsubscribe = store.subscribe(() => {
      if (!predicate(loadedState())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

/** Each slice's state before anyone signed in, from its own reducer. */
function initialSlices(): Record<string, unknown> {
  const init = { type: '@@test/init' };
  const features = Object.fromEntries(ALL_FEATURES.map((feature) => [feature.key, feature.reducer(undefined, init)]));
  return features;
}

it('leaves no session, no slice state, no avatar cache and no waiting photo behind', async () => {
  const clock = createTestClock(Date.UTC(2026, 10, 22, 9));
  tabStorage = createMemoryStorage();
  sharedStorage = createMemoryStorage();
  backend = await createTestBackend({ clock, sessionStorage: tabStorage, localStorage: sharedStorage });
  const caches = fakeCacheStorage([AVATAR_CACHE_NAME, 'workbox-precache-v2-http://localhost/']);
  store = setupStore({ backend, clock, caches, features: ALL_FEATURES });
  await until((state) => state.session.status === 'signedOut', 'the first auth check');
  const signedOutState = store.getState();

  store.dispatch(signUpRequested({ displayName: 'Ada', email: 'ada@example.com', password: 'analytical' }));
  await until((state) => state.session.status === 'signedIn', 'signed in');
  const uid = store.getState().session.user!.uid;
  expect(tabStorage.getItem(SESSION_KEY)).toContain(uid);
  expect(sharedStorage.getItem(LAST_USER_KEY)).toContain(uid);

  // Every page's state filled from the backend, as visiting them would.
  store.dispatch(dashboardOpened());
  store.dispatch(exploreOpened());
  store.dispatch(directoryOpened());
  store.dispatch(listOpened());
  store.dispatch(viewRequested({ userId: uid }));
  store.dispatch(notificationsOpened());
  await until((state) => state.explore.status === 'ready', 'explore loaded');
  await until((state) => state.profileView.status === 'ready', 'own profile view loaded');
  await until((state) => state.friends.listStatus === 'ready', 'friends list loaded');
  const initial = initialSlices();
  const before = store.getState();
  for (const key of ['dashboard', 'explore', 'tribes', 'projects', 'profileView'] as const) {
    expect([key, before[key]]).not.toEqual([key, initial[key]]);
  }
  expect(before.friends).not.toEqual(signedOutState.friends);
  const photo = registerUpload(new Blob(['ada']));

  store.dispatch(signOutRequested());
  await until((state) => state.session.status === 'signedOut', 'signed out');
  await until(() => caches.delete.mock.calls.length > 0, 'the avatar cache deleted');

  const after = store.getState();
  expect(after.session.user).toBeNull();
  for (const key of ['dashboard', 'explore', 'tribes', 'projects', 'profileView'] as const) {
    expect([key, after[key]]).toEqual([key, initial[key]]);
  }
  for (const key of ['friends', 'notifications'] as const) {
    expect([key, after[key]]).toEqual([key, signedOutState[key]]);
  }
  // Nothing of Ada in the state at all (the install card's device facts hold no user data).
  expect(JSON.stringify(after)).not.toContain(uid);
  expect(JSON.stringify(after)).not.toContain('ada@example.com');

  // The tab's session names nobody; a new tab does not start as Ada either.
  expect(tabStorage.getItem(SESSION_KEY)).not.toContain(uid);
  expect(sharedStorage.getItem(LAST_USER_KEY)).toBeNull();
  const reported = await new Promise((resolve) => {
    const stop = backend.auth.onAuthStateChanged((user) => {
      resolve(user);
      queueMicrotask(stop);
    }, resolve);
  });
  expect(reported).toBeNull();

  // The service worker's avatar cache is gone; its precache (the app itself) stays.
  expect(caches.delete).toHaveBeenCalledWith(AVATAR_CACHE_NAME);
  expect([...caches.names]).toEqual(['workbox-precache-v2-http://localhost/']);
  expect(takeUpload(photo)).toBeUndefined();
});
