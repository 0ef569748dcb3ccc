import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

// The deferred backend (no SDK in it, the real adapter is faked): the lint pattern 'firebase/*' matches its path.
// eslint-disable-next-line no-restricted-imports
import { createDeferredFirebaseBackend } from '../../backend/firebase/deferredFirebaseBackend';
import type { AuthPort, AuthUser, Backend, DocumentStore } from '../../backend/port';
import { BackendError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import type { SessionUser } from '../../domain/sessionTypes';
import { logToConsole, setErrorReporter } from '../../platform/errorReporting';
import { rootReducer } from '../../test/allFeatures';
import { ensureProfile, readOwnProfile, toUserProfile } from '../profile';
import { refreshProfile, sessionSaga, watchAuthState, watchOwnProfile } from './sessionSagas';
import {
  authFormEngaged,
  authRequestFailed,
  authStateChanged,
  initialSessionState,
  profileRefreshed,
  signedIn,
  signInRequested,
} from './sessionSlice';

const ada: AuthUser = { uid: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: 'https://acct.dev/ada.png' };

const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  ...toUserProfile({ displayName: 'Ada Lovelace', email: 'ada@example.com', joinDate: 1_700_000_000_000 }),
  ...overrides,
});

/** An auth port whose first check reports the given user, as every adapter does: asynchronously. */
function fakeAuth(user: AuthUser | null): AuthPort {
  return {
    onAuthStateChanged: (onChange) => {
      queueMicrotask(() => onChange(user));
      return () => undefined;
    },
    signUp: jest.fn(),
    signIn: jest.fn(),
    signOut: jest.fn(() => Promise.resolve()),
    sendPasswordReset: jest.fn(),
    providers: [],
    signInWithProvider: jest.fn(),
    isModerator: () => Promise.resolve(false),
  };
}

const quietDb = { subscribeDoc: () => () => undefined } as unknown as DocumentStore;

const backendWith = (auth: AuthPort, db: DocumentStore = quietDb): Backend => ({
  kind: 'local',
  auth,
  db,
  storage: { uploadUserPhoto: jest.fn() },
});

const signedInState = (user: SessionUser) => ({
  ...rootReducer(undefined, { type: '@@init' }),
  session: { ...initialSessionState, status: 'signedIn' as const, user },
});

describe('watchAuthState', () => {
  test('the first check without a user ends loading as signed out', async () => {
    const { storeState } = await expectSaga(watchAuthState)
      .withReducer(rootReducer)
      .provide({ getContext: () => backendWith(fakeAuth(null)) })
      .put(authStateChanged({ user: null }))
      .silentRun(50);
    expect(storeState.session).toEqual({ ...initialSessionState, status: 'signedOut' });
  });

  test('a signed-in user gets their profile, then the post-sign-in hook runs', async () => {
    const existing = profile();
    const { storeState } = await expectSaga(watchAuthState)
      .withReducer(rootReducer)
      .provide([
        [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
        [matchers.call.fn(ensureProfile), existing],
      ])
      .put(authStateChanged({ user: { ...ada, profile: existing } }))
      .put(signedIn({ uid: 'u1' }))
      .fork(watchOwnProfile, 'u1')
      .silentRun(50);
    expect(storeState.session.status).toBe('signedIn');
    expect(storeState.session.user).toEqual({ ...ada, profile: existing });
  });

  test('when the profile cannot be created, the user is told and signed out', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = fakeAuth(ada);
    await expectSaga(watchAuthState)
      .withReducer(rootReducer)
      .provide([
        [matchers.getContext('backend'), backendWith(auth)],
        [matchers.call.fn(ensureProfile), throwError(new BackendError('unavailable', 'offline'))],
      ])
      .put(authRequestFailed({ code: 'unavailable', message: 'offline' }))
      .not.put.actionType(signedIn.type)
      .silentRun(50);
    expect(auth.signOut).toHaveBeenCalled();
  });
});

describe('refreshProfile', () => {
  const user: SessionUser = { ...ada, profile: profile() };

  test('merges the re-read profile into the session user', async () => {
    const reread = profile({ bio: 'Poet of numbers', skills: ['Math'], photoURL: null });
    const expected: SessionUser = { ...user, profile: reread };
    const { returnValue, storeState } = await expectSaga(refreshProfile)
      .withReducer(rootReducer, signedInState(user))
      .provide([
        [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
        [matchers.call.fn(readOwnProfile), reread],
      ])
      .put(profileRefreshed({ user: expected }))
      .run();
    expect(returnValue).toEqual(expected);
    expect(storeState.session.user).toEqual(expected);
  });

  test("the profile's photoURL overrides the account's", async () => {
    const reread = profile({ photoURL: 'https://cdn.dev/new.png' });
    const { returnValue } = await expectSaga(refreshProfile)
      .withReducer(rootReducer, signedInState(user))
      .provide([
        [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
        [matchers.call.fn(readOwnProfile), reread],
      ])
      .run();
    expect((returnValue as SessionUser).photoURL).toBe('https://cdn.dev/new.png');
  });

  test('does nothing when signed out', async () => {
    const { returnValue } = await expectSaga(refreshProfile)
      .withReducer(rootReducer)
      .not.call.fn(readOwnProfile)
      .not.put.actionType(profileRefreshed.type)
      .run();
    expect(returnValue).toBeNull();
  });

  test('returns null and only logs when the read fails', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { returnValue, storeState } = await expectSaga(refreshProfile)
      .withReducer(rootReducer, signedInState(user))
      .provide([
        [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
        [matchers.call.fn(readOwnProfile), throwError(new BackendError('unavailable', 'offline'))],
      ])
      .not.put.actionType(profileRefreshed.type)
      .run();
    expect(returnValue).toBeNull();
    expect(storeState.session.user).toEqual(user);
    expect(log).toHaveBeenCalled();
  });

  test('returns null when the profile is missing', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { returnValue } = await expectSaga(refreshProfile)
      .withReducer(rootReducer, signedInState(user))
      .provide([
        [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
        [matchers.call.fn(readOwnProfile), null],
      ])
      .not.put.actionType(profileRefreshed.type)
      .run();
    expect(returnValue).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  describe('with error reporting on (production with Sentry)', () => {
    const reported = jest.fn();
    beforeEach(() => setErrorReporter(reported));
    afterEach(() => setErrorReporter(logToConsole));

    test('a failed refresh is still logged to the console, and reported too', async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const failure = new BackendError('unavailable', 'offline');
      await expectSaga(refreshProfile)
        .withReducer(rootReducer, signedInState(user))
        .provide([
          [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
          [matchers.call.fn(readOwnProfile), throwError(failure)],
        ])
        .run();
      expect(log).toHaveBeenCalledWith('Profile refresh failed:', failure);
      expect(reported).toHaveBeenCalledWith(failure, { description: 'Profile refresh failed:' });
    });

    test('a missing profile is still logged to the console, and reported too', async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await expectSaga(refreshProfile)
        .withReducer(rootReducer, signedInState(user))
        .provide([
          [matchers.getContext('backend'), backendWith(fakeAuth(ada))],
          [matchers.call.fn(readOwnProfile), null],
        ])
        .run();
      const missing = new Error(`Profile refresh: no profile document for ${ada.uid}`);
      expect(log).toHaveBeenCalledWith(missing);
      expect(reported).toHaveBeenCalledWith(missing, undefined);
    });
  });
});

describe('warming up for a sign-in', () => {
  test('a sign-in form first touched asks the backend to warm up', async () => {
    const auth = { ...fakeAuth(null), warmUp: jest.fn() };
    await expectSaga(sessionSaga)
      .withReducer(rootReducer)
      .provide({ getContext: () => backendWith(auth) })
      .dispatch(authFormEngaged())
      .silentRun(50);
    expect(auth.warmUp).toHaveBeenCalledTimes(1);
  });

  test('when the Firebase build cannot load Auth, the sign-in fails with an error the form shows, and a retry succeeds', async () => {
    const realAuth = { ...fakeAuth(null), signIn: jest.fn(() => Promise.resolve(ada)) };
    let attempts = 0;
    const backend = createDeferredFirebaseBackend({
      sessionMayExist: false,
      openChannel: () => ({ onmessage: null, postMessage: () => undefined, close: () => undefined }),
      load: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(backendWith(realAuth));
      },
    });
    const { storeState } = await expectSaga(sessionSaga)
      .withReducer(rootReducer)
      .provide({ getContext: () => backend })
      .dispatch(signInRequested({ email: 'ada@example.com', password: 'secret' }))
      .put(authRequestFailed({ code: 'unavailable', message: 'Sign-in could not be loaded: offline' }))
      .silentRun(50);
    expect(storeState.session.request).toEqual({
      kind: 'signIn',
      status: 'failed',
      error: { code: 'unavailable', message: 'Sign-in could not be loaded: offline' },
    });
    expect(storeState.session.status).toBe('signedOut');

    await expectSaga(sessionSaga)
      .withReducer(rootReducer)
      .provide({ getContext: () => backend })
      .dispatch(signInRequested({ email: 'ada@example.com', password: 'secret' }))
      .not.put.actionType(authRequestFailed.type)
      .silentRun(50);
    expect(realAuth.signIn).toHaveBeenCalledWith('ada@example.com', 'secret');
  });
});
