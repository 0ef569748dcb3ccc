import type { EventChannel, Task } from 'redux-saga';
import { buffers } from 'redux-saga';
import { call, cancel, fork, join, put, select, spawn, takeEvery, takeLatest } from 'redux-saga/effects';

import { getBackend, getCaches, loadSignedInFeatures } from '../../app/sagaContext';
import { followChannel, subscriptionChannel, takeEachDistinct } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { AuthPort, AuthUser, Backend } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import type { SessionUser } from '../../domain/sessionTypes';
import type { CacheStorageLike } from '../../platform/deviceData';
import { forgetAvatarCache } from '../../platform/deviceData';
import { logError, reportError } from '../../platform/errorReporting';
import { discardAllUploads } from '../profile';
import {
  authCheckFailed,
  authFormEngaged,
  authProvidersDetected,
  authRequestFailed,
  authStateChanged,
  passwordResetRequested,
  passwordResetSent,
  profileRefreshed,
  profileRefreshRequested,
  profileSnapshotReceived,
  providerSignInRequested,
  selectSessionUser,
  signedIn,
  signInRequested,
  signOutRequested,
  signUpRequested,
} from './sessionSlice';

type SignedInSession = typeof import('./signedInSession');

/** With the signed-in features, in the signed-in chunk: only a sign-in needs it. */
const loadSignedInSession = (): Promise<SignedInSession> =>
  import(/* webpackChunkName: "signed-in" */ './signedInSession');

// An expanding buffer: auth changes that arrive while a profile is being created must wait, not be dropped.
function authChannel(auth: AuthPort): EventChannel<Live<AuthUser | null>> {
  return subscriptionChannel<AuthUser | null>(
    (onValue, onError) => auth.onAuthStateChanged(onValue, onError),
    buffers.expanding(4),
  );
}

/** Keeps session.user.profile live, so requests, friends and notifications show without a reload. */
export function* watchOwnProfile(uid: string) {
  const backend: Backend = yield* getBackend();
  const { profileDocChannel }: SignedInSession = yield call(loadSignedInSession);
  const channel: EventChannel<Live<UserProfile | null>> = yield call(profileDocChannel, backend.db, uid);
  yield* followChannel(channel, {
    *value(profile) {
      if (profile) yield put(profileSnapshotReceived({ uid, profile }));
    },
    *error(error) {
      yield call(reportError, error.message, { description: 'Live profile updates stopped:' });
    },
  });
}

function* startSession(account: AuthUser) {
  const backend: Backend = yield* getBackend();
  // The signed-in screens read friends and notifications state: it loads while the profile is read.
  const features: Task = yield fork(loadSignedInFeatures);
  let profile: UserProfile;
  let session: SignedInSession;
  try {
    session = yield call(loadSignedInSession);
    profile = yield call(session.ensureProfile, backend.db, account);
  } catch (error) {
    // Without a profile the account cannot take part; sign out rather than show a half session.
    yield call(reportError, error, { description: 'Could not load or create the profile:' });
    yield put(authRequestFailed(toSerializedError(error)));
    yield call([backend.auth, backend.auth.signOut]);
    return;
  }
  yield join(features);
  yield put(authStateChanged({ user: session.toSessionUser(account, profile) }));
  yield put(signedIn({ uid: account.uid }));
}

/** The only writer of session state: the first auth check, then every sign-in and sign-out. */
export function* watchAuthState() {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<Live<AuthUser | null>> = yield call(authChannel, backend.auth);
  let profileWatch: Task | null = null;
  function* stopProfileWatch() {
    if (profileWatch) {
      yield cancel(profileWatch);
      profileWatch = null;
    }
  }
  yield* followChannel(channel, {
    *value(user) {
      yield* stopProfileWatch();
      if (user) {
        // Blocking: the next auth event waits in the channel until this session has its profile.
        yield call(startSession, user);
        const current: SessionUser | null = yield select(selectSessionUser);
        if (current?.uid === user.uid) profileWatch = (yield fork(watchOwnProfile, user.uid)) as Task;
      } else {
        yield put(authStateChanged({ user: null }));
      }
    },
    *error(error) {
      yield* stopProfileWatch();
      yield call(reportError, error.message, { description: 'Authentication check failed:' });
      yield put(authCheckFailed(error));
    },
    // A failed check is one event among others: later sign-ins still arrive.
    continueAfterError: true,
  });
}

/**
 * Re-reads the profile and merges it into the session user. Does nothing when signed out;
 * returns null (and only logs) when the read fails or the profile is missing.
 */
export function* refreshProfile() {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) return null;
  const backend: Backend = yield* getBackend();
  try {
    const { readProfile, mergeRefreshedProfile }: SignedInSession = yield call(loadSignedInSession);
    const profile: UserProfile | null = yield call(readProfile, backend.db, user.uid);
    if (!profile) {
      yield call(logError, new Error(`Profile refresh: no profile document for ${user.uid}`));
      return null;
    }
    const merged = mergeRefreshedProfile(user, profile);
    yield put(profileRefreshed({ user: merged }));
    return merged;
  } catch (error) {
    yield call(logError, error, { description: 'Profile refresh failed:' });
    return null;
  }
}

// Sign-in sagas call the backend and report failure; success arrives through the auth channel.
function* signIn(action: ReturnType<typeof signInRequested>) {
  const backend: Backend = yield* getBackend();
  try {
    yield call([backend.auth, backend.auth.signIn], action.payload.email, action.payload.password);
  } catch (error) {
    yield put(authRequestFailed(toSerializedError(error)));
  }
}

function* signUp(action: ReturnType<typeof signUpRequested>) {
  const backend: Backend = yield* getBackend();
  try {
    yield call([backend.auth, backend.auth.signUp], action.payload);
  } catch (error) {
    yield put(authRequestFailed(toSerializedError(error)));
  }
}

function* signInWithProvider(action: ReturnType<typeof providerSignInRequested>) {
  const backend: Backend = yield* getBackend();
  try {
    yield call([backend.auth, backend.auth.signInWithProvider], action.payload.provider);
  } catch (error) {
    yield put(authRequestFailed(toSerializedError(error)));
  }
}

function* sendPasswordReset(action: ReturnType<typeof passwordResetRequested>) {
  const backend: Backend = yield* getBackend();
  try {
    yield call([backend.auth, backend.auth.sendPasswordReset], action.payload.email);
    yield put(passwordResetSent());
  } catch (error) {
    yield put(authRequestFailed(toSerializedError(error)));
  }
}

/**
 * Signing out leaves nothing of the user on a shared device: the adapter drops its session and
 * caches (Firebase: Firestore terminated and its persistent cache cleared; local: the tab's
 * session), the slices reset on authStateChanged(null), and here the avatar cache and any photo
 * waiting for upload go. A cache that cannot be deleted is reported; the sign-out still counts.
 */
function* signOut() {
  const backend: Backend = yield* getBackend();
  try {
    yield call([backend.auth, backend.auth.signOut]);
  } catch (error) {
    yield put(authRequestFailed(toSerializedError(error)));
    return;
  }
  yield call(discardAllUploads);
  const caches: CacheStorageLike | null = yield* getCaches();
  try {
    yield call(forgetAvatarCache, caches);
  } catch (error) {
    yield call(reportError, error, { description: 'Could not delete the avatar cache at sign-out:' });
  }
}

/** A sign-in form was first touched: the backend starts loading what the submit will need. */
function* warmUpAuth() {
  const backend: Backend = yield* getBackend();
  if (backend.auth.warmUp) yield call([backend.auth, backend.auth.warmUp]);
}

export function* sessionSaga() {
  const backend: Backend = yield* getBackend();
  yield put(authProvidersDetected({ providers: [...backend.auth.providers] }));
  yield spawn(watchAuthState);
  // A double-clicked submit must not start a second identical sign-in while one is in flight;
  // different details submitted meanwhile are tried after it.
  yield takeEachDistinct(signInRequested, signIn);
  yield takeEachDistinct(signUpRequested, signUp);
  yield takeEachDistinct(providerSignInRequested, signInWithProvider);
  yield takeEachDistinct(passwordResetRequested, sendPasswordReset);
  yield takeEachDistinct(signOutRequested, signOut);
  // takeLatest: only the newest refresh matters; an older read in flight is stale.
  yield takeLatest(profileRefreshRequested.type, refreshProfile);
  yield takeEvery(authFormEngaged.type, warmUpAuth);
}
