const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 248 = 4 * 62: bytes at or above it are rejected so every character is equally likely.
const UNBIASED_LIMIT = 248;

/** A random base62 id (20 characters gives about 119 bits, like Firestore's auto ids). */
export function randomId(length = 20): string {
  let id = '';
  const bytes = new Uint8Array(length * 2);
  while (id.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

export function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}
