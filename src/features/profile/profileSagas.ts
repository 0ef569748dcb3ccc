import type { EventChannel } from 'redux-saga';
import { all, call, delay, put, race, select, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import { followChannel, takeEachDistinct, whileOpen } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { Backend } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import {
  hasErrors,
  normalizeProfileEdit,
  PHOTO_UPLOAD_TIMEOUT_MS,
  validatePhoto,
  validateProfileEdit,
} from '../../domain/profileValidation';
import type { Tribe } from '../../domain/tribeTypes';
import { reportError } from '../../platform/errorReporting';
import { profileRefreshRequested, selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import { listMemberTribes } from '../tribes';
import { takeUpload } from './pendingUploads';
import { readProfile, userRef } from './profileApi';
import { profileDocChannel } from './profileChannel';
import {
  photoUploaded,
  photoUploadFailed,
  photoUploadRequested,
  saved,
  saveFailed,
  saveRequested,
  toProfileView,
  tribesFailed,
  tribesLoaded,
  tribesRequested,
  viewClosed,
  viewFailed,
  viewLoaded,
  viewNotFound,
  viewRequested,
} from './profileViewSlice';

export const SIGNED_OUT_MESSAGE = 'Log in again to edit your profile.';
export const UPLOAD_GONE_MESSAGE = 'That photo is no longer available. Choose it again.';
export const UPLOAD_TIMEOUT_MESSAGE = `Your photo could not be uploaded: it did not finish within ${PHOTO_UPLOAD_TIMEOUT_MS / 1000} seconds. Check your connection and try again.`;

/** Reads users/{userId} once (for the loading, not-found and error states), then follows it live. */
export function* watchViewedProfile(userId: string) {
  const backend: Backend = yield* getBackend();
  try {
    const profile: UserProfile | null = yield call(readProfile, backend.db, userId);
    if (!profile) {
      yield put(viewNotFound({ userId }));
      return;
    }
    yield put(viewLoaded({ profile: toProfileView(userId, profile) }));
  } catch (error) {
    yield put(viewFailed({ userId, error: toSerializedError(error) }));
    return;
  }
  const channel: EventChannel<Live<UserProfile | null>> = yield call(profileDocChannel, backend.db, userId);
  yield* followChannel(channel, {
    *value(profile) {
      if (profile) yield put(viewLoaded({ profile: toProfileView(userId, profile) }));
      else yield put(viewNotFound({ userId }));
    },
    *error(error) {
      // The copy already on screen stays; it just stops following changes.
      yield call(reportError, error.message, { description: 'Live profile updates stopped:' });
    },
  });
}

/** The tribes userId is an active member of, by name, for their profile. */
export function* loadProfileTribes(userId: string) {
  const backend: Backend = yield* getBackend();
  try {
    const tribes: Tribe[] = yield call(listMemberTribes, backend.db, userId, { publicOnly: true });
    yield put(tribesLoaded({ userId, tribes: tribes.map(({ id, name, memberCount }) => ({ id, name, memberCount })) }));
  } catch (error) {
    yield call(reportError, error, { description: 'Loading the tribes of a profile failed:' });
    yield put(tribesFailed({ userId }));
  }
}

const sameProfile = (userId: string) => (closed: ReturnType<typeof viewClosed>) => closed.payload.userId === userId;

function* viewProfile(action: ReturnType<typeof viewRequested>) {
  const { userId } = action.payload;
  // Leaving the page cancels the watch (its finally closes the subscription) and the tribes' load.
  yield* whileOpen(
    viewClosed,
    all([call(watchViewedProfile, userId), call(loadProfileTribes, userId)]),
    sameProfile(userId),
  );
}

function* reloadProfileTribes(action: ReturnType<typeof tribesRequested>) {
  const { userId } = action.payload;
  yield* whileOpen(viewClosed, call(loadProfileTribes, userId), sameProfile(userId));
}

const failureDetail = (error: unknown) => toSerializedError(error).message;

export function* saveProfile(action: ReturnType<typeof saveRequested>) {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) {
    yield put(saveFailed({ message: SIGNED_OUT_MESSAGE }));
    return;
  }
  const edit = normalizeProfileEdit(action.payload);
  const errors = validateProfileEdit(edit);
  if (hasErrors(errors)) {
    yield put(saveFailed({ message: Object.values(errors).join(' ') }));
    return;
  }
  const backend: Backend = yield* getBackend();
  try {
    yield call([backend.db, backend.db.update], userRef(user.uid), {
      displayName: edit.displayName,
      bio: edit.bio,
      skills: edit.skills,
    });
  } catch (error) {
    yield put(saveFailed({ message: `Your profile could not be saved. ${failureDetail(error)}` }));
    return;
  }
  // The session user (header name, avatar) follows the saved document.
  yield put(profileRefreshRequested());
  yield put(saved());
}

export function* uploadPhoto(action: ReturnType<typeof photoUploadRequested>) {
  const file: Blob | undefined = yield call(takeUpload, action.payload.uploadId);
  if (!file) {
    yield put(photoUploadFailed({ message: UPLOAD_GONE_MESSAGE }));
    return;
  }
  // Checked again here: the saga is the last stop before the storage port.
  const invalid = validatePhoto(file);
  if (invalid) {
    yield put(photoUploadFailed({ message: invalid }));
    return;
  }
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) {
    yield put(photoUploadFailed({ message: SIGNED_OUT_MESSAGE }));
    return;
  }
  const backend: Backend = yield* getBackend();
  try {
    // An upload that cannot reach storage would otherwise wait on the SDK's retries for minutes.
    const { photoURL }: { photoURL?: string } = yield race({
      photoURL: call([backend.storage, backend.storage.uploadUserPhoto], user.uid, file),
      timedOut: delay(PHOTO_UPLOAD_TIMEOUT_MS),
    });
    if (photoURL === undefined) {
      yield put(photoUploadFailed({ message: UPLOAD_TIMEOUT_MESSAGE }));
      return;
    }
    yield call([backend.db, backend.db.update], userRef(user.uid), { photoURL });
  } catch (error) {
    yield put(photoUploadFailed({ message: `Your photo could not be uploaded. ${failureDetail(error)}` }));
    return;
  }
  yield put(profileRefreshRequested());
  yield put(photoUploaded());
}

export function* profileSaga() {
  // takeLatest: viewing another profile cancels the previous one's live subscription.
  yield takeLatest(viewRequested.type, viewProfile);
  yield takeLatest(tribesRequested.type, reloadProfileTribes);
  // A double-clicked Save must not write twice; a changed form saved meanwhile is written after it.
  yield takeEachDistinct(saveRequested, saveProfile);
  // One photo upload at a time, in order.
  yield takeEachDistinct(photoUploadRequested, uploadPhoto);
}
