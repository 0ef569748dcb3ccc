// The demo tribes agree with the demo developers, with their own counters, and with the
// developers' postCount; and a seeded demo developer can take part through the API.
import { buildSeedDocuments, DEMO_COMMUNITY, DEMO_LOGINS, DEMO_PASSWORD } from '../../backend/local/seed';
import { createTestBackend } from '../../test/testBackend';
import { DEMO_TRIBE_PEOPLE } from './demoTribes';
import { createPost, joinTribe } from './tribesApi';

const docs = buildSeedDocuments(DEMO_COMMUNITY, Date.UTC(2026, 0, 15));
const of = (collection: string) => docs.filter((doc) => doc.collection === collection);

it('names the demo developers as the seed does', () => {
  const developers = Object.fromEntries(DEMO_COMMUNITY.developers.map((dev) => [dev.key, dev.displayName]));
  expect(DEMO_TRIBE_PEOPLE).toEqual(developers);
});

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

it("gives every developer a postCount equal to the posts they wrote", () => {
  for (const user of of('users')) {
    const written = of('posts').filter((post) => post.data.authorId === user.id).length;
    expect(user.data.postCount).toBe(written);
  }
  expect(of('users').some((user) => (user.data.postCount as number) > 0)).toBe(true);
});

it('lets a demo developer join a seeded tribe and post in it', async () => {
  const backend = await createTestBackend({ seed: true });
  try {
    const noah = DEMO_LOGINS.find((login) => login.uid === 'demo-noah')!;
    await backend.auth.signIn(noah.email, DEMO_PASSWORD);
    const me = { uid: noah.uid, displayName: noah.displayName, photoURL: null };
    expect(await joinTribe(backend.db, me, 'demo-tribe-rust')).toMatchObject({ success: true });
    expect(await createPost(backend.db, me, 'demo-tribe-rust', 'Hello, Rustaceans')).toMatchObject({ success: true });
    expect((await backend.db.get({ collection: 'users', id: noah.uid })).data).toMatchObject({ postCount: 2 });
  } finally {
    await backend.local.close();
  }
});
