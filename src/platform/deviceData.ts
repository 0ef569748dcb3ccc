// What a signed-in session leaves on the device outside the backend and the store, and its
// removal at sign-out: on a shared computer the next person must find nothing of the last one.

/** The service worker's runtime cache of profile photos (sw/service-worker.ts). */
export const AVATAR_CACHE_NAME = 'devtribe-avatars';

/** The part of the window's CacheStorage used here; null where there is none (jsdom, old browsers). */
export type CacheStorageLike = Pick<CacheStorage, 'delete'>;

export function browserCacheStorage(): CacheStorageLike | null {
  return typeof globalThis.caches === 'undefined' ? null : globalThis.caches;
}

/** Deletes the avatar cache from the page; the service worker starts a new one on the next photo. */
export async function forgetAvatarCache(cacheStorage: CacheStorageLike | null): Promise<void> {
  if (!cacheStorage) return;
  await cacheStorage.delete(AVATAR_CACHE_NAME);
}
