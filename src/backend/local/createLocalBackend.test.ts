import { createTestBackend, eventually, signUpWithProfile, uniqueDbName } from '../../test/testBackend';
import { BackendError, docRef } from '../port';
import type { DocSnapshot } from '../port';
import { createLocalBackend } from './createLocalBackend';
import { createMemoryBroadcastHub } from './memoryBroadcastHub';
import { UNAVAILABLE_MESSAGE } from './openLocalDatabase';
import { createMemoryStorage } from './sessionStore';

describe('createLocalBackend', () => {
  it('keeps accounts, sessions and documents when the database is reopened', async () => {
    const dbName = uniqueDbName();
    const sessionStorage = createMemoryStorage();
    const localStorage = createMemoryStorage();
    const first = await createTestBackend({ dbName, sessionStorage, localStorage });
    const uid = await signUpWithProfile(first, 'Ada');
    await first.db.update(docRef('users', uid), { bio: 'Still here after a reload' });
    await first.local.close();

    const reopened = await createTestBackend({ dbName, sessionStorage, localStorage });
    const user = await new Promise((resolve) => reopened.auth.onAuthStateChanged(resolve, () => undefined));
    expect(user).toMatchObject({ uid, displayName: 'Ada' });
    const profile = await reopened.db.get(docRef('users', uid));
    expect(profile.data).toMatchObject({ displayName: 'Ada', bio: 'Still here after a reload' });
    await reopened.local.close();
  });

  it('rejects with a clear unavailable error without IndexedDB', async () => {
    await expect(createLocalBackend({ indexedDB: null })).rejects.toEqual(
      new BackendError('unavailable', UNAVAILABLE_MESSAGE),
    );
    await expect(createLocalBackend({ indexedDB: null })).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('rejects with the unavailable error when opening the database fails', async () => {
    const throwingFactory = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    await expect(createLocalBackend({ indexedDB: throwingFactory })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('private browsing'),
    });
  });

  it('uses the global indexedDB by default', async () => {
    const saved = globalThis.indexedDB;
    try {
      Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true, writable: true });
      await expect(createLocalBackend({ seed: false })).rejects.toMatchObject({ code: 'unavailable' });
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { value: saved, configurable: true, writable: true });
    }
  });

  it("fires another tab's document and query subscriptions after a write", async () => {
    const dbName = uniqueDbName();
    const broadcast = createMemoryBroadcastHub();
    const localStorage = createMemoryStorage();
    const tabA = await createTestBackend({ dbName, broadcast, localStorage });
    const uid = await signUpWithProfile(tabA, 'Grace');
    const tabB = await createTestBackend({ dbName, broadcast, localStorage }); // starts as Grace

    const docSnapshots: DocSnapshot[] = [];
    const querySnapshots: DocSnapshot[][] = [];
    const stopDoc = tabB.db.subscribeDoc(docRef('users', uid), (snap) => docSnapshots.push(snap), fail);
    const stopQuery = tabB.db.subscribeQuery(
      { collection: 'users', where: [{ field: 'skills', op: 'array-contains', value: 'Rust' }], limit: 50 },
      (snaps) => querySnapshots.push(snaps),
      fail,
    );
    await eventually(() => expect(docSnapshots).toHaveLength(1));
    await eventually(() => expect(querySnapshots).toEqual([[]]));

    await tabA.db.update(docRef('users', uid), { skills: ['Rust'] });

    await eventually(() => expect(docSnapshots).toHaveLength(2));
    expect(docSnapshots[1]?.data).toMatchObject({ skills: ['Rust'] });
    await eventually(() => expect(querySnapshots).toHaveLength(2));
    expect(querySnapshots[1]?.map((snap) => snap.ref.id)).toEqual([uid]);

    stopDoc();
    stopQuery();
    await tabA.db.update(docRef('users', uid), { skills: ['Go'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(docSnapshots).toHaveLength(2);
    await Promise.all([tabA.local.close(), tabB.local.close()]);
  });
});

function fail(error: BackendError): never {
  throw error;
}
