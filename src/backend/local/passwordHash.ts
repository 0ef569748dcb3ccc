// Password hashing for local accounts: PBKDF2-SHA-256 (OWASP's 2023 iteration count by default).

export const DEFAULT_PBKDF2_ITERATIONS = 210_000;
export const SALT_BYTES = 16;

export interface PasswordHash {
  salt: string;
  hash: string;
  iterations: number;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

export async function derivePasswordKey(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const passwordBytes = new TextEncoder().encode(password);
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    // Only pages served over plain http from another host lack WebCrypto: load the fallback then.
    const { pbkdf2Sha256 } = await import(/* webpackChunkName: "pbkdf2-fallback" */ './pbkdf2Sha256Fallback');
    return pbkdf2Sha256(passwordBytes, salt, iterations);
  }
  const key = await subtle.importKey('raw', passwordBytes as BufferSource, 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, salt: Uint8Array, iterations: number): Promise<PasswordHash> {
  const hash = await derivePasswordKey(password, salt, iterations);
  return { salt: bytesToBase64(salt), hash: bytesToBase64(hash), iterations };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await derivePasswordKey(password, base64ToBytes(stored.salt), stored.iterations);
  const expected = base64ToBytes(stored.hash);
  // Constant-time comparison: no early exit on the first differing byte.
  let difference = candidate.length ^ expected.length;
  for (let i = 0; i < expected.length; i += 1) difference |= (candidate[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}
