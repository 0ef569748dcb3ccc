// queryPages over the local backend with the real access policy: longer lists come back whole,
// in pages the policy accepts (a single query of more than 50 is refused).
import { createTestBackend, signUpWithProfile } from '../test/testBackend';
import type { LocalBackend } from './local/createLocalBackend';
import { docRef } from './port';
import { QUERY_PAGE_MAX, queryPages } from './queryPages';

describe('queryPages', () => {
  let backend: LocalBackend;
  let uid: string;

  beforeAll(async () => {
    backend = await createTestBackend();
    uid = await signUpWithProfile(backend, 'Ada');
    // Scratch posts outside any tribe: the policy's plain author rule lets their author write them.
    await backend.db.commit(
      Array.from({ length: 120 }, (_, i) => ({
        type: 'set' as const,
        ref: docRef('posts', `p${String(i).padStart(3, '0')}`),
        data: { authorId: uid, rank: i % 7 },
      })),
    );
  });
  afterAll(() => backend.local.close());

  it('refuses a single list query of more than 50', async () => {
    await expect(backend.db.query({ collection: 'posts', limit: QUERY_PAGE_MAX + 1 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it('reads every document in pages of at most 50, each once, in the query order with the id breaking ties', async () => {
    const spy = jest.spyOn(backend.db, 'query');
    const all = await queryPages(
      backend.db,
      { collection: 'posts', orderBy: [{ field: 'rank', direction: 'desc' }] },
      500,
    );
    expect(all).toHaveLength(120);
    expect(new Set(all.map((snap) => snap.ref.id)).size).toBe(120);
    const keys = all.map((snap) => [Number(snap.data?.rank), snap.ref.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(spy.mock.calls.every(([spec]) => (spec.limit ?? Infinity) <= QUERY_PAGE_MAX)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });

  it('stops at max', async () => {
    const some = await queryPages(backend.db, { collection: 'posts' }, 70);
    expect(some.map((snap) => snap.ref.id)).toEqual(
      Array.from({ length: 70 }, (_, i) => `p${String(i).padStart(3, '0')}`),
    );
  });
});
