// Local-only behaviour of the document store; the shared behaviour is in contract/contractSuite.ts.
import { createTestBackend, eventually, signUpWithProfile, uniqueDbName } from '../../test/testBackend';
import { docRef, fieldValue } from '../port';
import type { DocSnapshot } from '../port';
import type { LocalBackend } from './createLocalBackend';
import { READ_BATCH } from './localReads';
import { createMemoryBroadcastHub } from './memoryBroadcastHub';
import { createMemoryStorage } from './sessionStore';

describe('local document store', () => {
  let tabA: LocalBackend;
  let tabB: LocalBackend;
  let uid: string;
  const post = (id: string) => docRef('posts', id);

  beforeEach(async () => {
    const dbName = uniqueDbName();
    const broadcast = createMemoryBroadcastHub();
    const localStorage = createMemoryStorage();
    tabA = await createTestBackend({ dbName, broadcast, localStorage, sessionStorage: createMemoryStorage() });
    uid = await signUpWithProfile(tabA, 'Ada');
    tabB = await createTestBackend({ dbName, broadcast, localStorage, sessionStorage: createMemoryStorage() });
  });
  afterEach(async () => {
    await Promise.all([tabA.local.close(), tabB.local.close()]);
  });

  it('keeps concurrent increments from two tabs exact', async () => {
    await tabA.db.set(post('p'), { authorId: uid, likes: 0 });
    const like = (backend: LocalBackend) =>
      backend.db.runTransaction(async (tx) => {
        const current = (await tx.get<{ likes: number }>(post('p'))).data!;
        tx.update(post('p'), { likes: current.likes + 1 });
      });
    await Promise.all(Array.from({ length: 30 }, (_, i) => like(i % 2 === 0 ? tabA : tabB)));
    expect((await tabA.db.get(post('p'))).data).toMatchObject({ likes: 30 });
  });

  it('retries a transaction whose reads changed, and gives up with aborted after 5 attempts', async () => {
    await tabA.db.set(post('p'), { authorId: uid, likes: 0 });
    let attempts = 0;
    await expect(
      tabA.db.runTransaction(async (tx) => {
        attempts += 1;
        const current = (await tx.get<{ likes: number }>(post('p'))).data!;
        await tabB.db.update(post('p'), { likes: fieldValue.increment(100) }); // another tab gets in first
        tx.update(post('p'), { likes: current.likes + 1 });
      }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(attempts).toBe(5);
    expect((await tabA.db.get(post('p'))).data).toMatchObject({ likes: 500 });
  });

  it('reads more documents than one batch in order, across the batch boundaries', async () => {
    const count = READ_BATCH * 2 + 5;
    const present = [0, READ_BATCH - 1, READ_BATCH, count - 1];
    for (const index of present) await tabA.db.set(post(`p${index}`), { authorId: uid, likes: index });
    const refs = Array.from({ length: count }, (_, index) => post(`p${index}`));
    const snapshots = await tabA.db.getMany<{ likes: number }>(refs);
    expect(snapshots.map((snapshot) => snapshot.ref.id)).toEqual(refs.map((ref) => ref.id));
    expect(snapshots.flatMap((snapshot, index) => (snapshot.data ? [[index, snapshot.data.likes]] : []))).toEqual(
      present.map((index) => [index, index]),
    );
  });

  it('refuses reads after writes in a transaction', async () => {
    await expect(
      tabA.db.runTransaction(async (tx) => {
        tx.set(post('p'), { authorId: uid });
        await tx.get(post('p'));
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('rejects values Firestore would reject', async () => {
    await expect(tabA.db.set(post('p'), { authorId: uid, missing: undefined } as never)).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(tabA.db.set(post('p'), { authorId: uid, when: new Date() } as never)).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(tabA.db.set(post('p'), { authorId: uid, gone: fieldValue.deleteField() })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(tabA.db.get(docRef('posts', 'a/b'))).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('orders mixed types like Firestore, leaves out documents without the orderBy field, and pages by cursor', async () => {
    const values = [null, true, 3, 'text', [1], { a: 1 }, -1];
    await tabA.db.commit(
      values.map((value, i) => ({ type: 'set' as const, ref: post(`m${i}`), data: { authorId: uid, value } })),
    );
    await tabA.db.set(post('none'), { authorId: uid });
    const ordered = await tabA.db.query({
      collection: 'posts',
      orderBy: [{ field: 'value', direction: 'asc' }],
      limit: 50,
    });
    expect(ordered.map((snap) => snap.data?.value)).toEqual([null, true, -1, 3, 'text', [1], { a: 1 }]);
    const page = await tabA.db.query({
      collection: 'posts',
      orderBy: [{ field: 'value', direction: 'asc' }],
      startAfter: [3],
      limit: 2,
    });
    expect(page.map((snap) => snap.data?.value)).toEqual(['text', [1]]);
  });

  it('breaks orderBy ties by document id', async () => {
    await tabA.db.commit(
      ['c', 'a', 'b'].map((id) => ({ type: 'set' as const, ref: post(id), data: { authorId: uid, rank: 1 } })),
    );
    const asc = await tabA.db.query({ collection: 'posts', orderBy: [{ field: 'rank', direction: 'asc' }], limit: 50 });
    expect(asc.map((snap) => snap.ref.id)).toEqual(['a', 'b', 'c']);
    const unordered = await tabA.db.query({ collection: 'posts', limit: 50 });
    expect(unordered.map((snap) => snap.ref.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not repeat a snapshot when a write leaves the result unchanged', async () => {
    await tabA.db.set(post('p'), { authorId: uid, title: 'Same' });
    const snapshots: DocSnapshot[] = [];
    tabB.db.subscribeDoc(
      post('p'),
      (snap) => snapshots.push(snap),
      () => undefined,
    );
    await eventually(() => expect(snapshots).toHaveLength(1));
    await tabA.db.set(post('p'), { authorId: uid, title: 'Same' });
    await tabA.db.set(post('other'), { authorId: uid });
    await tabA.db.update(post('p'), { title: 'Changed' });
    await eventually(() => expect(snapshots).toHaveLength(2));
    expect(snapshots.map((snap) => snap.data?.title)).toEqual(['Same', 'Changed']);
  });

  it('reports a denied subscription through onError', async () => {
    await tabA.auth.signOut();
    const error = await new Promise((resolve) => tabA.db.subscribeDoc(post('p'), () => undefined, resolve));
    expect(error).toMatchObject({ code: 'permission-denied' });
  });

  it('counts documents read and written, like Firestore bills them', async () => {
    tabA.local.resetCounters();
    await tabA.db.commit([
      { type: 'set', ref: post('a'), data: { authorId: uid } },
      { type: 'set', ref: post('b'), data: { authorId: uid } },
    ]);
    await tabA.db.get(post('a'));
    await tabA.db.query({ collection: 'posts', limit: 50 });
    await tabA.db.query({ collection: 'posts', where: [{ field: 'authorId', op: '==', value: 'nobody' }], limit: 50 });
    expect(tabA.local.counters).toMatchObject({
      reads: 1 + 2 + 1,
      writes: 2,
      byOperation: {
        commit: { calls: 1, reads: 0, writes: 2 },
        get: { calls: 1, reads: 1, writes: 0 },
        query: { calls: 2, reads: 3, writes: 0 },
      },
    });
    tabA.local.resetCounters();
    expect(tabA.local.counters).toEqual({ reads: 0, writes: 0, byOperation: {} });
  });
});
