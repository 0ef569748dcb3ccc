// Profile photos on the local backend. The image is kept in the `files` store and returned as a
// data: URL: it survives reloads and works in every tab with no server and no object-URL
// lifetime to manage. The price is size: the URL (about 4/3 of the file) is copied into the
// profile and into friend entries, which the 2 MB upload cap keeps bounded.
import { PHOTO_MAX_BYTES } from '../../domain/profileTypes';
import { BackendError } from '../port';
import type { Clock, StoragePort } from '../port';
import type { FaultChecks } from './faultSwitch';
import type { LocalDatabase } from './openLocalDatabase';
import { bytesToBase64 } from './passwordHash';
import { LOCAL_PHOTO_TYPES } from './photoURLs';

interface LocalPhotoStorageDeps {
  database: LocalDatabase;
  clock: Clock;
  currentUid(): string | null;
  faults: FaultChecks;
}

async function readAsDataURL(file: Blob, contentType: string): Promise<string> {
  if (typeof file.arrayBuffer === 'function') {
    return `data:${contentType};base64,${bytesToBase64(new Uint8Array(await file.arrayBuffer()))}`;
  }
  // jsdom's Blob has no arrayBuffer(); its FileReader does the same job.
  const dataURL = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new BackendError('invalid-argument', 'The photo could not be read.'));
    reader.readAsDataURL(file);
  });
  return `data:${contentType};base64,${dataURL.slice(dataURL.indexOf(',') + 1)}`;
}

export function createLocalPhotoStorage(deps: LocalPhotoStorageDeps): StoragePort {
  return {
    async uploadUserPhoto(uid, file) {
      deps.faults.throwIfOperationFails();
      if (deps.currentUid() === null || deps.currentUid() !== uid) {
        throw new BackendError('permission-denied', 'Missing or insufficient permissions.');
      }
      const contentType = (file.type ?? '').toLowerCase();
      if (!(LOCAL_PHOTO_TYPES as readonly string[]).includes(contentType)) {
        throw new BackendError('invalid-argument', 'The photo must be a PNG, JPEG, GIF, WebP or AVIF image.');
      }
      if (file.size === 0 || file.size > PHOTO_MAX_BYTES) {
        throw new BackendError('invalid-argument', 'The photo must be an image file of at most 2 MB.');
      }
      const dataURL = await readAsDataURL(file, contentType);
      await deps.database.put('files', {
        key: `users/${uid}/photo`,
        uid,
        contentType,
        size: file.size,
        dataURL,
        updatedAt: deps.clock.now(),
      });
      return dataURL;
    },
  };
}
