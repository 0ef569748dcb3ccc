import { createTestBackend, signUpWithProfile, uniqueDbName } from '../../test/testBackend';
import { docRef } from '../port';
import type { LocalBackend } from './createLocalBackend';
import { createMemoryStorage } from './sessionStore';

const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('local photo storage', () => {
  let backend: LocalBackend;
  let uid: string;
  beforeEach(async () => {
    backend = await createTestBackend();
    uid = await signUpWithProfile(backend, 'Ada');
  });
  afterEach(() => backend.local.close());

  it('returns a data: URL the profile may hold, and that another tab can show', async () => {
    const url = await backend.storage.uploadUserPhoto(uid, new Blob([PNG_BYTES], { type: 'image/png' }));
    expect(url).toBe(`data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`);
    await backend.db.update(docRef('users', uid), { photoURL: url });
    expect((await backend.db.get(docRef('users', uid))).data).toMatchObject({ photoURL: url });
  });

  it('accepts uploads only from the signed-in owner', async () => {
    await expect(
      backend.storage.uploadUserPhoto('someone-else', new Blob([PNG_BYTES], { type: 'image/png' })),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await backend.auth.signOut();
    await expect(
      backend.storage.uploadUserPhoto(uid, new Blob([PNG_BYTES], { type: 'image/png' })),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('rejects non-images, SVG and files over 2 MB', async () => {
    await expect(
      backend.storage.uploadUserPhoto(uid, new Blob(['hello'], { type: 'text/plain' })),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(
      backend.storage.uploadUserPhoto(uid, new Blob(['<svg/>'], { type: 'image/svg+xml' })),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    const big = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    await expect(backend.storage.uploadUserPhoto(uid, big)).rejects.toMatchObject({ code: 'invalid-argument' });
    const exactlyTwoMegabytes = new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/jpeg' });
    const url = await backend.storage.uploadUserPhoto(uid, exactlyTwoMegabytes);
    await backend.db.update(docRef('users', uid), { photoURL: url });
  });

  it('keeps the photo in the files store across a reopen', async () => {
    const dbName = uniqueDbName();
    const sessionStorage = createMemoryStorage();
    const first = await createTestBackend({ dbName, sessionStorage });
    const owner = await signUpWithProfile(first, 'Grace');
    const url = await first.storage.uploadUserPhoto(owner, new Blob([PNG_BYTES], { type: 'image/png' }));
    await first.db.update(docRef('users', owner), { photoURL: url });
    await first.local.close();
    const again = await createTestBackend({ dbName, sessionStorage });
    expect((await again.db.get(docRef('users', owner))).data?.photoURL).toBe(url);
    await again.local.close();
  });
});
