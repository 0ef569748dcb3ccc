// StoragePort over Cloud Storage: a user's photo at users/{uid}/photo-{ms}, answered by its download URL.
import { getDownloadURL, ref, uploadBytes } from 'firebase/storage';
import type { FirebaseStorage } from 'firebase/storage';

import type { Clock, StoragePort } from '../port';
import { toBackendError } from './mapping';

export const userPhotoPath = (uid: string, nowMs: number) => `users/${uid}/photo-${nowMs}`;

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
