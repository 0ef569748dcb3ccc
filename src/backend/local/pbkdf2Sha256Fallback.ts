// PBKDF2-HMAC-SHA-256 in plain JavaScript (@noble/hashes, audited) for pages without WebCrypto's
// subtle (plain http from another host). Loaded lazily: secure contexts never download it.
import { pbkdf2Async } from '@noble/hashes/pbkdf2';
import { sha256 } from '@noble/hashes/sha2';

/** The same 32-byte key as WebCrypto's deriveBits({ name: 'PBKDF2', hash: 'SHA-256' }, key, 256). */
export function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  // The async variant yields to the event loop between rounds, so 210,000 iterations are no long task.
  return pbkdf2Async(sha256, password, salt, { c: iterations, dkLen: 32 });
}
