// StoragePort over Cloud Storage: a user's photo at users/{uid}/photo-{ms}, answered by its download URL.
import type { FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getDownloadURL, getStorage, ref, uploadBytes } from 'firebase/storage';
import type { FirebaseStorage } from 'firebase/storage';

import { PHOTO_UPLOAD_TIMEOUT_MS } from '../../domain/profileValidation';
import type { Clock, StoragePort } from '../port';
import { toBackendError } from './mapping';

const userPhotoPath = (uid: string, nowMs: number) => `users/${uid}/photo-${nowMs}`;

/**
 * How long the SDK keeps retrying an upload or a download-URL request that cannot reach
 * storage (its defaults: 10 and 2 minutes). The profile editor gives up at
 * PHOTO_UPLOAD_TIMEOUT_MS and says so; the SDK stops retrying in the background soon after.
 */
export const STORAGE_RETRY_LIMIT_MS = PHOTO_UPLOAD_TIMEOUT_MS + 5_000;

/** The app's Cloud Storage, on the emulator when one is configured, with bounded retries. */
export function openFirebaseStorage(
  app: FirebaseApp,
  emulator: { host: string; port: number } | null,
): FirebaseStorage {
  const storage = getStorage(app);
  if (emulator) connectStorageEmulator(storage, emulator.host, emulator.port);
  storage.maxUploadRetryTime = STORAGE_RETRY_LIMIT_MS;
  storage.maxOperationRetryTime = STORAGE_RETRY_LIMIT_MS;
  return storage;
}

export function createFirebaseStorage(storage: FirebaseStorage, clock: Clock): StoragePort {
  return {
    async uploadUserPhoto(uid, file) {
      try {
        const photoRef = ref(storage, userPhotoPath(uid, clock.now()));
        // storage.rules accept images only: the content type must travel with the upload.
        await uploadBytes(photoRef, file, { contentType: file.type || 'application/octet-stream' });
        return await getDownloadURL(photoRef);
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
