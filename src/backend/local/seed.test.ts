import { createTestClock, openBackendsPerTest, uniqueDbName } from '../../test/testBackend';
import { docRef } from '../port';
import type { DocData } from '../port';
import { buildSeedDocuments, DEMO_COMMUNITY, DEMO_LOGINS, DEMO_PASSWORD } from './seed';
import { createMemoryStorage } from './sessionStore';

const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

type Friend = { id: string };
type UserData = DocData & { friends: Record<string, Friend>; friendCount: number; joinDate: number; skills: string[] };

describe('demo community seed', () => {
  const open = openBackendsPerTest();

  it('describes at least 12 developers with symmetric friendships and correct counts', () => {
    const now = Date.UTC(2026, 0, 15);
    const users = buildSeedDocuments(DEMO_COMMUNITY, now).filter((doc) => doc.collection === 'users');
    expect(users.length).toBeGreaterThanOrEqual(12);
    const byId = new Map(users.map((doc) => [doc.id, doc.data as UserData]));
    for (const [id, user] of byId) {
      // friends as a map keyed by id (docs/friends-model.md)
      const friends = Object.entries(user.friends);
      expect(user.friendCount).toBe(friends.length);
      for (const [key, friend] of friends) {
        expect(friend.id).toBe(key);
        expect(byId.get(friend.id)?.friends).toHaveProperty(id);
      }
      expect(user.joinDate).toBeGreaterThanOrEqual(now - 18 * MONTH_MS);
      expect(user.joinDate).toBeLessThan(now);
      expect(user.skills.length).toBeGreaterThan(0);
    }
    expect(new Set(users.map((doc) => (doc.data as UserData).displayName)).size).toBe(users.length);
  });

  it("keeps pending requests in both inboxes, each under the other person's id", () => {
    const docs = buildSeedDocuments(DEMO_COMMUNITY, Date.UTC(2026, 0, 15));
    const inboxes = new Map(
      docs
        .filter((doc) => doc.collection === 'inboxes')
        .map((doc) => [doc.id, doc.data as Record<string, Record<string, DocData>>]),
    );
    expect(inboxes.size).toBe(docs.filter((doc) => doc.collection === 'users').length);
    let pending = 0;
    for (const [uid, inbox] of inboxes) {
      for (const [receiverId, sent] of Object.entries(inbox.sentFriendRequests ?? {})) {
        pending += 1;
        expect(sent.receiverId).toBe(receiverId);
        expect(inboxes.get(receiverId)?.friendRequests?.[uid]).toMatchObject({
          senderId: uid,
          requestId: sent.requestId,
        });
      }
    }
    expect(pending).toBeGreaterThan(0);
    // no email or private field in a public profile
    for (const doc of docs.filter((d) => d.collection === 'users'))
      expect(Object.keys(doc.data)).not.toContain('friendRequests');
  });

  it('lets a visitor sign in as a demo developer and read the community', async () => {
    const backend = await open({ seed: true });
    const login = DEMO_LOGINS[0]!;
    expect(login).toMatchObject({ email: 'ada@demo.devtribe.dev', password: DEMO_PASSWORD });
    await backend.auth.signIn(login.email, login.password);
    const profile = await backend.db.get(docRef('users', login.uid));
    expect(profile.data).toMatchObject({ displayName: login.displayName });
    // the email is in the owner-only accounts/{uid}, not in the public profile
    expect(profile.data).not.toHaveProperty('email');
    expect((await backend.db.get(docRef('accounts', login.uid))).data).toEqual({ email: login.email });
    const everyone = await backend.db.query({ collection: 'users', limit: 50 });
    expect(everyone.length).toBe(DEMO_COMMUNITY.developers.length);
  });

  it('seeds once, even when two tabs open the same new database at once', async () => {
    const dbName = uniqueDbName();
    const clock = createTestClock(Date.UTC(2026, 0, 15, 12));
    const [tabA, tabB] = await Promise.all([
      open({ dbName, seed: true, clock, sessionStorage: createMemoryStorage() }),
      open({ dbName, seed: true, clock, sessionStorage: createMemoryStorage() }),
    ]);
    await tabA.auth.signIn(DEMO_LOGINS[1]!.email, DEMO_PASSWORD);
    const uid = DEMO_LOGINS[1]!.uid;
    await tabA.db.update(docRef('users', uid), { bio: 'Edited after seeding' });

    const reopened = await open({ dbName, seed: true, clock });
    await reopened.auth.signIn(DEMO_LOGINS[1]!.email, DEMO_PASSWORD);
    expect((await reopened.db.get(docRef('users', uid))).data).toMatchObject({ bio: 'Edited after seeding' });
    expect(await reopened.db.query({ collection: 'users', limit: 50 })).toHaveLength(DEMO_COMMUNITY.developers.length);
    expect(tabB).toBeDefined();
  });

  it('seeds nothing when turned off', async () => {
    const backend = await open({ seed: false });
    await expect(backend.auth.signIn(DEMO_LOGINS[0]!.email, DEMO_PASSWORD)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });
});
