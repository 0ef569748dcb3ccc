import { webcrypto } from 'node:crypto';

import { derivePasswordKey, hashPassword, verifyPassword } from './passwordHash';
import { pbkdf2Sha256 } from './pbkdf2Sha256Fallback';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

async function webCryptoPbkdf2(password: Uint8Array, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await webcrypto.subtle.importKey('raw', password as BufferSource, 'PBKDF2', false, ['deriveBits']);
  const bits = await webcrypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Runs `body` as on a page without WebCrypto's subtle (plain http from another host). */
async function withoutSubtle<T>(body: () => Promise<T>): Promise<T> {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', {
    value: { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) },
    configurable: true,
  });
  try {
    return await body();
  } finally {
    if (original) Object.defineProperty(globalThis, 'crypto', original);
  }
}

describe('the PBKDF2-SHA-256 fallback (@noble/hashes)', () => {
  it('matches the published PBKDF2-HMAC-SHA-256 test vector (RFC 7914, section 11)', async () => {
    expect(hex(await pbkdf2Sha256(utf8('passwd'), utf8('salt'), 1))).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc',
    );
  });

  it.each([
    ['password', 'salt', 1],
    ['correct horse battery staple', 'x'.repeat(16), 1000],
    ['p'.repeat(100), 'NaCl', 3],
    ['pässwörd 🔑', 'salt', 2],
  ])('derives the same key as WebCrypto for %j', async (password, salt, iterations) => {
    const passwordBytes = utf8(password);
    const saltBytes = utf8(salt);
    expect(hex(await pbkdf2Sha256(passwordBytes, saltBytes, iterations))).toBe(
      hex(await webCryptoPbkdf2(passwordBytes, saltBytes, iterations)),
    );
  });

  it('is what derivePasswordKey uses without WebCrypto, and verifies hashes stored with WebCrypto', async () => {
    const salt = utf8('sixteen byte slt');
    const stored = await hashPassword('pässwörd 🔑', salt, 50);
    expect(stored.hash).toBe(Buffer.from(await webCryptoPbkdf2(utf8('pässwörd 🔑'), salt, 50)).toString('base64'));
    await withoutSubtle(async () => {
      expect(globalThis.crypto.subtle).toBeUndefined();
      expect(hex(await derivePasswordKey('pässwörd 🔑', salt, 50))).toBe(
        Buffer.from(stored.hash, 'base64').toString('hex'),
      );
      await expect(verifyPassword('pässwörd 🔑', stored)).resolves.toBe(true);
      await expect(verifyPassword('passwörd 🔑', stored)).resolves.toBe(false);
    });
  });
});
