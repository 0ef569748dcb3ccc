// The real store and root saga over the local adapter on fake-indexeddb.
import type { LocalBackend } from '../backend/local/createLocalBackend';
import { docRef } from '../backend/port';
import {
  authRequestReset,
  profileRefreshRequested,
  signInRequested,
  signOutRequested,
  signUpRequested,
} from '../features/session/sessionSlice';
import { SPEC_DEFAULT_PROFILE } from '../test/fixtures';
import { createTestBackend, createTestClock, eventually } from '../test/testBackend';
import type { AppStore } from './store';
import { setupStore } from './store';

describe('session journey on the local backend', () => {
  let backend: LocalBackend;
  let stores: AppStore[] = [];
  const clock = createTestClock(Date.UTC(2026, 10, 22, 9));
  const startStore = () => {
    const store = setupStore({ backend, clock });
    stores.push(store);
    return store;
  };

  beforeEach(async () => {
    backend = await createTestBackend({ clock });
  });

  afterEach(async () => {
    // Stop the sagas before closing the database they read from.
    stores.forEach((store) => store.sagaTask.cancel());
    stores = [];
    await backend.local.close();
  });

  test('sign up creates the profile with every default, then log out and log in again', async () => {
    const store = startStore();
    await eventually(() => expect(store.getState().session.status).toBe('signedOut'));
    // The embedded backend offers no social sign-in, so the forms show none.
    expect(store.getState().session.providers).toEqual([]);

    store.dispatch(signUpRequested({ displayName: 'Ada', email: 'ada@example.com', password: 'analytical' }));
    await eventually(() => expect(store.getState().session.status).toBe('signedIn'));

    const user = store.getState().session.user!;
    expect(user).toMatchObject({ email: 'ada@example.com', displayName: 'Ada' });
    expect(user.profile).toEqual({
      ...SPEC_DEFAULT_PROFILE,
      displayName: 'Ada',
      email: 'ada@example.com',
      joinDate: clock.now(),
    });
    expect(store.getState().session.request).toEqual({ kind: 'signUp', status: 'succeeded', error: null });

    store.dispatch(signOutRequested());
    await eventually(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(store.getState().session.user).toBeNull();

    store.dispatch(signInRequested({ email: 'ada@example.com', password: 'wrong-password' }));
    await eventually(() => expect(store.getState().session.request.status).toBe('failed'));
    expect(store.getState().session.request.error?.code).toBe('auth/invalid-credential');
    expect(store.getState().session.status).toBe('signedOut');

    store.dispatch(authRequestReset());
    store.dispatch(signInRequested({ email: 'ada@example.com', password: 'analytical' }));
    await eventually(() => expect(store.getState().session.status).toBe('signedIn'));
    expect(store.getState().session.user?.profile.displayName).toBe('Ada');
  });

  test('a duplicate email is refused with its own error code', async () => {
    await backend.auth.signUp({ displayName: 'Grace', email: 'grace@example.com', password: 'compilers' });
    await backend.auth.signOut();
    const store = startStore();
    await eventually(() => expect(store.getState().session.status).toBe('signedOut'));
    store.dispatch(signUpRequested({ displayName: 'Imposter', email: 'grace@example.com', password: 'whatever1' }));
    await eventually(() => expect(store.getState().session.request.status).toBe('failed'));
    expect(store.getState().session.request.error?.code).toBe('auth/email-already-in-use');
  });

  test('the profile stays live and a refresh merges it with the photo override', async () => {
    const store = startStore();
    store.dispatch(signUpRequested({ displayName: 'Linus', email: 'linus@example.com', password: 'kernel-hacker' }));
    await eventually(() => expect(store.getState().session.status).toBe('signedIn'));
    const uid = store.getState().session.user!.uid;

    await backend.db.update(docRef('users', uid), { bio: 'Just a hobby', photoURL: 'https://img.dev/linus.png' });
    await eventually(() => expect(store.getState().session.user?.profile.bio).toBe('Just a hobby'));

    store.dispatch(profileRefreshRequested());
    await eventually(() => expect(store.getState().session.user?.photoURL).toBe('https://img.dev/linus.png'));
  });

  test('a returning user is signed in by the first check', async () => {
    await backend.auth.signUp({ displayName: 'Margaret', email: 'mh@example.com', password: 'apollo-11' });
    const store = startStore();
    expect(store.getState().session.status).toBe('loading');
    await eventually(() => expect(store.getState().session.status).toBe('signedIn'));
    expect(store.getState().session.user?.profile.displayName).toBe('Margaret');
  });
});
