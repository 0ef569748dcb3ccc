// The blocks list pages by 50 (every list query's limit) yet stays one live list, over the real
// local backend and its access policy.
import type { LocalBackend } from '../../backend/local/createLocalBackend';
import type { DocSnapshot } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { SAFETY_LIST_LIMIT } from '../../domain/safetyTypes';
import { createTestBackend, eventually, signUpWithProfile } from '../../test/testBackend';
import { blocksQuery, subscribePages } from './safetyLists';

// Ids sort like their numbers, so the page boundaries are known.
const blockedId = (n: number) => `u${String(n).padStart(3, '0')}`;

describe('subscribePages', () => {
  let backend: LocalBackend;
  let uid: string;

  const block = (n: number) =>
    backend.db.set(docRef('blocks', `${uid}_${blockedId(n)}`), {
      blockerId: uid,
      blockedId: blockedId(n),
      blockedName: `Person ${n}`,
      createdAt: fieldValue.serverTimestamp(),
    });

  beforeEach(async () => {
    backend = await createTestBackend();
    uid = await signUpWithProfile(backend, 'Alice');
  });
  afterEach(() => backend.local.close());

  it('lists more than one page live, and follows a page boundary that moves', async () => {
    const total = 2 * SAFETY_LIST_LIMIT + 5;
    for (let n = 0; n < total; n += 1) await block(n);
    let listed: string[] = [];
    const errors: unknown[] = [];
    const stop = subscribePages(
      backend.db,
      (after) => blocksQuery(uid, after),
      'blockedId',
      (docs: DocSnapshot[]) => {
        listed = docs.map((doc) => doc.ref.id.slice(uid.length + 1));
      },
      (error) => errors.push(error),
    );
    const all = Array.from({ length: total }, (_, n) => blockedId(n));
    await eventually(() => expect(listed).toEqual(all), 5000);

    // A new block sorting first pushes every page's last one down a page.
    await backend.db.set(docRef('blocks', `${uid}_a0`), {
      blockerId: uid,
      blockedId: 'a0',
      blockedName: 'Ann',
      createdAt: fieldValue.serverTimestamp(),
    });
    await eventually(() => expect(listed).toEqual(['a0', ...all]), 5000);

    // Unblocking two on the first page pulls the next pages' first ones up a page.
    await backend.db.delete(docRef('blocks', `${uid}_${blockedId(3)}`));
    await backend.db.delete(docRef('blocks', `${uid}_a0`));
    await eventually(() => expect(listed).toEqual(all.filter((id) => id !== blockedId(3))), 5000);

    stop();
    await block(total);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed).not.toContain(blockedId(total));
    expect(errors).toEqual([]);
  });
});
