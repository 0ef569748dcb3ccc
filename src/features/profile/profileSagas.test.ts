import { channel, runSaga } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { throwError } from 'redux-saga-test-plan/providers';

import type { Live } from '../../app/sagas';
import type { Backend } from '../../backend/port';
import { BackendError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import { PHOTO_MAX_BYTES } from '../../domain/profileTypes';
import { PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE, PHOTO_UPLOAD_TIMEOUT_MS } from '../../domain/profileValidation';
import { reportError } from '../../platform/errorReporting';
import { testProfile, testTribe } from '../../test/fixtures';
import { signedInSession } from '../../test/signedInState';
import { profileRefreshRequested, selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import { listMemberTribes } from '../tribes';
import { registerUpload, takeUpload } from './pendingUploads';
import { readProfile, userRef } from './profileApi';
import { profileDocChannel } from './profileChannel';
import {
  loadProfileTribes,
  saveProfile,
  SIGNED_OUT_MESSAGE,
  UPLOAD_GONE_MESSAGE,
  UPLOAD_TIMEOUT_MESSAGE,
  uploadPhoto,
  watchViewedProfile,
} from './profileSagas';
import { toProfileView } from './profileViewSlice';
import * as profileEvents from './profileViewSlice';

const UID = 'me';
const sessionUser = signedInSession(UID, testProfile()).user as SessionUser;

function fakeBackend() {
  const db = { update: jest.fn().mockResolvedValue(undefined) };
  const storage = { uploadUserPhoto: jest.fn().mockResolvedValue('https://photos.example/me.png') };
  const backend = { kind: 'local', db, storage } as unknown as Backend;
  return { backend, db: backend.db, storage: backend.storage };
}

describe('loadProfileTribes', () => {
  it("keeps each tribe's id, name and member count", async () => {
    const { backend } = fakeBackend();
    const tribe = testTribe({ ownerId: 'x', memberCount: 3, postCount: 9, lastActivityAt: 2 });
    await expectSaga(loadProfileTribes, 'bob')
      .provide([
        [matchers.getContext('backend'), backend],
        [matchers.call.fn(listMemberTribes), [tribe]],
      ])
      .put(profileEvents.tribesLoaded({ userId: 'bob', tribes: [{ id: 't1', name: 'Rustaceans', memberCount: 3 }] }))
      .run();
  });

  it('reports a failed read and says so for that profile', async () => {
    const { backend } = fakeBackend();
    const failure = new BackendError('unavailable', 'The service is unavailable.');
    await expectSaga(loadProfileTribes, 'bob')
      .provide([
        [matchers.getContext('backend'), backend],
        [matchers.call.fn(listMemberTribes), throwError(failure)],
        [matchers.call.fn(reportError), undefined],
      ])
      .call(reportError, failure, { description: 'Loading the tribes of a profile failed:' })
      .put(profileEvents.tribesFailed({ userId: 'bob' }))
      .run();
  });
});

describe('saveProfile', () => {
  it('writes the trimmed fields, then refreshes the session user', async () => {
    const { backend, db } = fakeBackend();
    await expectSaga(
      saveProfile,
      profileEvents.saveRequested({ displayName: '  Ada  ', bio: ' Compilers. ', skills: [' Rust ', 'Go'] }),
    )
      .provide([
        [matchers.select(selectSessionUser), sessionUser],
        [matchers.getContext('backend'), backend],
      ])
      .call([db, db.update], userRef(UID), { displayName: 'Ada', bio: 'Compilers.', skills: ['Rust', 'Go'] })
      .put(profileRefreshRequested())
      .put(profileEvents.saved())
      .run();
  });

  it('reports a failed write and changes nothing else', async () => {
    const { backend, db } = fakeBackend();
    await expectSaga(saveProfile, profileEvents.saveRequested({ displayName: 'Ada', bio: '', skills: [] }))
      .provide([
        [matchers.select(selectSessionUser), sessionUser],
        [matchers.getContext('backend'), backend],
        [
          matchers.call.fn(db.update),
          throwError(new BackendError('permission-denied', 'Missing or insufficient permissions.')),
        ],
      ])
      .put(
        profileEvents.saveFailed({
          message: 'Your profile could not be saved. Missing or insufficient permissions.',
        }),
      )
      .not.put(profileRefreshRequested())
      .not.put(profileEvents.saved())
      .run();
  });

  it('refuses a huge bio without writing', async () => {
    const { backend, db } = fakeBackend();
    await expectSaga(
      saveProfile,
      profileEvents.saveRequested({ displayName: 'Ada', bio: 'b'.repeat(5000), skills: [] }),
    )
      .provide([
        [matchers.select(selectSessionUser), sessionUser],
        [matchers.getContext('backend'), backend],
      ])
      .put(profileEvents.saveFailed({ message: 'Bio must be 500 characters or fewer (it has 5000).' }))
      .not.call.fn(db.update)
      .run();
  });

  it('refuses duplicate skills and an empty name without writing', async () => {
    const { backend, db } = fakeBackend();
    await expectSaga(saveProfile, profileEvents.saveRequested({ displayName: ' ', bio: '', skills: ['Go', 'GO'] }))
      .provide([
        [matchers.select(selectSessionUser), sessionUser],
        [matchers.getContext('backend'), backend],
      ])
      .put(profileEvents.saveFailed({ message: 'Enter a display name. Go is already in your skills.' }))
      .not.call.fn(db.update)
      .run();
  });

  it('asks to log in when signed out', async () => {
    await expectSaga(saveProfile, profileEvents.saveRequested({ displayName: 'Ada', bio: '', skills: [] }))
      .provide([[matchers.select(selectSessionUser), null]])
      .put(profileEvents.saveFailed({ message: SIGNED_OUT_MESSAGE }))
      .run();
  });
});

describe('uploadPhoto', () => {
  const provideUser = (backend: Backend): StaticProvider[] => [
    [matchers.select(selectSessionUser), sessionUser],
    [matchers.getContext('backend'), backend],
  ];

  it('uploads through the storage port, saves the URL and refreshes the session', async () => {
    const { backend, db, storage } = fakeBackend();
    const file = new Blob(['png bytes'], { type: 'image/png' });
    const uploadId = registerUpload(file);
    await expectSaga(uploadPhoto, profileEvents.photoUploadRequested({ uploadId }))
      .provide([...provideUser(backend)])
      .call([storage, storage.uploadUserPhoto], UID, file)
      .call([db, db.update], userRef(UID), { photoURL: 'https://photos.example/me.png' })
      .put(profileRefreshRequested())
      .put(profileEvents.photoUploaded())
      .run();
    expect(takeUpload(uploadId)).toBeUndefined();
  });

  it('refuses a file that is not an image', async () => {
    const { backend, storage } = fakeBackend();
    const uploadId = registerUpload(new Blob(['%PDF'], { type: 'application/pdf' }));
    await expectSaga(uploadPhoto, profileEvents.photoUploadRequested({ uploadId }))
      .provide([...provideUser(backend)])
      .put(profileEvents.photoUploadFailed({ message: PHOTO_TYPE_MESSAGE }))
      .not.call.fn(storage.uploadUserPhoto)
      .run();
    // Refused or not, the upload took the file: nothing is left waiting in memory.
    expect(takeUpload(uploadId)).toBeUndefined();
  });

  it('refuses a photo over 2 MB', async () => {
    const { backend, storage } = fakeBackend();
    await expectSaga(uploadPhoto, profileEvents.photoUploadRequested({ uploadId: 'upload-big' }))
      .provide([
        [matchers.call.fn(takeUpload), { type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 }],
        ...provideUser(backend),
      ])
      .put(profileEvents.photoUploadFailed({ message: PHOTO_SIZE_MESSAGE }))
      .not.call.fn(storage.uploadUserPhoto)
      .run();
  });

  it('fails clearly when the chosen file is gone', async () => {
    const { backend, storage } = fakeBackend();
    await expectSaga(uploadPhoto, profileEvents.photoUploadRequested({ uploadId: 'upload-unknown' }))
      .provide([...provideUser(backend)])
      .put(profileEvents.photoUploadFailed({ message: UPLOAD_GONE_MESSAGE }))
      .not.call.fn(storage.uploadUserPhoto)
      .run();
  });

  it('reports a storage failure without touching the profile', async () => {
    const { backend, db, storage } = fakeBackend();
    const uploadId = registerUpload(new Blob(['gif'], { type: 'image/gif' }));
    await expectSaga(uploadPhoto, profileEvents.photoUploadRequested({ uploadId }))
      .provide([
        ...provideUser(backend),
        [matchers.call.fn(storage.uploadUserPhoto), throwError(new BackendError('unavailable', 'Offline.'))],
      ])
      .put(profileEvents.photoUploadFailed({ message: 'Your photo could not be uploaded. Offline.' }))
      .not.call.fn(db.update)
      .not.put(profileRefreshRequested())
      .run();
    expect(takeUpload(uploadId)).toBeUndefined();
  });

  it(`gives up with a clear message when storage does not answer within ${PHOTO_UPLOAD_TIMEOUT_MS / 1000} s`, async () => {
    jest.useFakeTimers();
    try {
      const { backend, db, storage } = fakeBackend();
      // Storage that cannot be reached: the upload never settles.
      jest.mocked(storage.uploadUserPhoto).mockReturnValue(new Promise(() => undefined));
      const dispatched: unknown[] = [];
      const task = runSaga(
        {
          context: { backend },
          dispatch: (action) => dispatched.push(action),
          getState: () => ({ session: { user: sessionUser } }),
        },
        uploadPhoto,
        profileEvents.photoUploadRequested({ uploadId: registerUpload(new Blob(['png'], { type: 'image/png' })) }),
      );
      await jest.advanceTimersByTimeAsync(PHOTO_UPLOAD_TIMEOUT_MS - 1);
      expect(storage.uploadUserPhoto).toHaveBeenCalledTimes(1);
      expect(dispatched).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      await task.toPromise();
      expect(dispatched).toEqual([profileEvents.photoUploadFailed({ message: UPLOAD_TIMEOUT_MESSAGE })]);
      expect(UPLOAD_TIMEOUT_MESSAGE).toBe(
        'Your photo could not be uploaded: it did not finish within 30 seconds. Check your connection and try again.',
      );
      expect(db.update).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('watchViewedProfile', () => {
  const backend = { kind: 'local', db: {} } as unknown as Backend;

  it('loads the profile as plain view data, then follows it live', async () => {
    const profile = testProfile({ displayName: 'Ada', skills: ['Go'], friendCount: 2, email: 'secret@example.com' });
    const renamed = { ...profile, displayName: 'Ada L.' };
    const live = channel<Live<UserProfile | null>>();
    const close = jest.spyOn(live, 'close');
    setTimeout(() => live.put({ value: renamed }), 10);
    await expectSaga(watchViewedProfile, 'ada')
      .provide([
        [matchers.getContext('backend'), backend],
        [matchers.call.fn(readProfile), profile],
        [matchers.call.fn(profileDocChannel), live],
      ])
      .put(profileEvents.viewLoaded({ profile: toProfileView('ada', profile) }))
      .put(profileEvents.viewLoaded({ profile: toProfileView('ada', renamed) }))
      .silentRun(50);
    expect(toProfileView('ada', profile)).not.toHaveProperty('email');
    // Cancelled at the end of the run: the subscription is closed.
    expect(close).toHaveBeenCalled();
  });

  it('reports an unknown user as not found', async () => {
    await expectSaga(watchViewedProfile, 'ghost')
      .provide([
        [matchers.getContext('backend'), backend],
        [matchers.call.fn(readProfile), null],
      ])
      .put(profileEvents.viewNotFound({ userId: 'ghost' }))
      .run();
  });

  it('reports a failed read', async () => {
    await expectSaga(watchViewedProfile, 'ada')
      .provide([
        [matchers.getContext('backend'), backend],
        [matchers.call.fn(readProfile), throwError(new BackendError('unavailable', 'Offline.'))],
      ])
      .put(profileEvents.viewFailed({ userId: 'ada', error: { code: 'unavailable', message: 'Offline.' } }))
      .run();
  });
});
