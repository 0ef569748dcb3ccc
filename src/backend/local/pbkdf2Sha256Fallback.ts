// PBKDF2-HMAC-SHA-256 in plain JavaScript, used only where WebCrypto's subtle API is missing:
// pages served over plain http from another machine (not a secure context) and jsdom tests.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const BLOCK_BYTES = 64;

/** One SHA-256 block; w[0..15] holds the block's big-endian words and is overwritten. */
function compressWords(state: Uint32Array, w: Uint32Array): void {
  for (let i = 16; i < 64; i += 1) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
  }
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!;
  let e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let i = 0; i < 64; i += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
    h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
  }
  state[0] = (state[0]! + a) >>> 0; state[1] = (state[1]! + b) >>> 0;
  state[2] = (state[2]! + c) >>> 0; state[3] = (state[3]! + d) >>> 0;
  state[4] = (state[4]! + e) >>> 0; state[5] = (state[5]! + f) >>> 0;
  state[6] = (state[6]! + g) >>> 0; state[7] = (state[7]! + h) >>> 0;
}

function compress(state: Uint32Array, block: Uint8Array, offset: number, w: Uint32Array): void {
  for (let i = 0; i < 16; i += 1) {
    const j = offset + i * 4;
    w[i] = ((block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!) >>> 0;
  }
  compressWords(state, w);
}

/** SHA-256 continuing from `start` (a state after `prefixBytes` already hashed bytes). */
function sha256From(start: Uint32Array, prefixBytes: number, message: Uint8Array, w: Uint32Array): Uint8Array {
  const state = new Uint32Array(start);
  const totalBits = (prefixBytes + message.length) * 8;
  const paddedLength = Math.ceil((message.length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(paddedLength - 8, Math.floor(totalBits / 2 ** 32));
  view.setUint32(paddedLength - 4, totalBits >>> 0);
  for (let offset = 0; offset < paddedLength; offset += BLOCK_BYTES) compress(state, padded, offset, w);
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  state.forEach((word, i) => out.setUint32(i * 4, word));
  return digest;
}

export function sha256(message: Uint8Array): Uint8Array {
  return sha256From(new Uint32Array(INITIAL_STATE), 0, message, new Uint32Array(64));
}

/** 32 bytes of PBKDF2-HMAC-SHA-256 (one block, which is all a password hash needs). */
export function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, iterations: number): Uint8Array {
  const w = new Uint32Array(64);
  const paddedKey = new Uint8Array(BLOCK_BYTES);
  paddedKey.set(password.length > BLOCK_BYTES ? sha256(password) : password);
  // HMAC's keyed inner and outer states are computed once, not once per iteration.
  const innerStart = new Uint32Array(INITIAL_STATE);
  const outerStart = new Uint32Array(INITIAL_STATE);
  compress(innerStart, paddedKey.map((byte) => byte ^ 0x36), 0, w);
  compress(outerStart, paddedKey.map((byte) => byte ^ 0x5c), 0, w);
  const firstMessage = new Uint8Array(salt.length + 4);
  firstMessage.set(salt);
  firstMessage[salt.length + 3] = 1;
  const first = sha256From(outerStart, BLOCK_BYTES, sha256From(innerStart, BLOCK_BYTES, firstMessage, w), w);

  // Every later message is a 32-byte digest after a 64-byte key block: one padded block of
  // fixed shape, so the loop works on words and allocates nothing.
  const block = new Uint32Array(8);
  const result = new Uint32Array(8);
  const view = new DataView(first.buffer);
  for (let i = 0; i < 8; i += 1) block[i] = result[i] = view.getUint32(i * 4);
  const state = new Uint32Array(8);
  const hmacWords = (start: Uint32Array) => {
    state.set(start);
    w.set(block);
    w[8] = 0x80000000;
    w.fill(0, 9, 15);
    w[15] = (BLOCK_BYTES + 32) * 8;
    compressWords(state, w);
    block.set(state);
  };
  for (let i = 1; i < iterations; i += 1) {
    hmacWords(innerStart);
    hmacWords(outerStart);
    for (let j = 0; j < 8; j += 1) result[j] = (result[j]! ^ block[j]!) >>> 0;
  }
  const key = new Uint8Array(32);
  const out = new DataView(key.buffer);
  result.forEach((word, i) => out.setUint32(i * 4, word));
  return key;
}
