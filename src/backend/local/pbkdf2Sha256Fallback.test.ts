import { webcrypto } from 'node:crypto';

import { utf8Encode } from './passwordHash';
import { pbkdf2Sha256, sha256 } from './pbkdf2Sha256Fallback';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('the plain JavaScript PBKDF2-SHA-256 fallback', () => {
  it('hashes like SHA-256', () => {
    expect(hex(sha256(utf8Encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it.each([
    ['password', 'salt', 1],
    ['correct horse battery staple', 'x'.repeat(16), 1000],
    ['p'.repeat(100), 'NaCl', 3],
    ['pässwörd 🔑', 'salt', 2],
  ])('derives the same key as WebCrypto for %j', async (password, salt, iterations) => {
    const passwordBytes = utf8Encode(password);
    const saltBytes = utf8Encode(salt);
    const key = await webcrypto.subtle.importKey('raw', passwordBytes as BufferSource, 'PBKDF2', false, ['deriveBits']);
    const expected = await webcrypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: saltBytes as BufferSource, iterations }, key, 256);
    expect(hex(pbkdf2Sha256(passwordBytes, saltBytes, iterations))).toBe(hex(new Uint8Array(expected)));
  });
});
