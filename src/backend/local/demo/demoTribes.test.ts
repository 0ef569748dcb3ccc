// The demo tribes agree with the demo developers, with their own counters, and with the
// developers' postCount (features/tribes/tribesDemo.test.ts takes part in them through the API).
import { buildSeedDocuments, DEMO_COMMUNITY } from '../seed';

const docs = buildSeedDocuments(DEMO_COMMUNITY, Date.UTC(2026, 0, 15));
const of = (collection: string) => docs.filter((doc) => doc.collection === collection);

it('seeds at least 5 tribes with 3-10 posts each, and counters that match the documents', () => {
  const tribes = of('tribes');
  expect(tribes.length).toBeGreaterThanOrEqual(5);
  for (const tribe of tribes) {
    const members = of('tribeMembers').filter((m) => m.data.tribeId === tribe.id);
    const active = members.filter((m) => m.data.status === 'active');
    const posts = of('posts').filter((p) => p.data.tribeId === tribe.id);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.length).toBeLessThanOrEqual(10);
    expect(tribe.data).toMatchObject({ memberCount: active.length, postCount: posts.length });
    expect(active.filter((m) => m.data.role === 'owner').map((m) => m.data.uid)).toEqual([tribe.data.ownerId]);
    for (const post of posts) expect(active.map((m) => m.data.uid)).toContain(post.data.authorId);
    expect(of('tribeNames').find((claim) => claim.data.tribeId === tribe.id)?.id).toBe(tribe.data.nameKey);
    expect(tribe.data.lastActivityAt).toBe(Math.max(...posts.map((p) => p.data.createdAt as number)));
  }
});

it('gives every developer a postCount equal to the posts they wrote', () => {
  for (const user of of('users')) {
    const written = of('posts').filter((post) => post.data.authorId === user.id).length;
    expect(user.data.postCount).toBe(written);
  }
  expect(of('users').some((user) => (user.data.postCount as number) > 0)).toBe(true);
});
