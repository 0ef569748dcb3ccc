// Integration over the local adapter: two or three users in "tabs" of one browser, each judged
// by the access policy as themselves; `admin` only inspects documents.
import { docRef, fieldValue } from '../../backend/port';
import type { DocData } from '../../backend/port';
import { feedCursor } from '../../domain/tribeLogic';
import { postTooLongMessage, TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { TribeInput, TribePost } from '../../domain/tribeTypes';
import { tribeInput } from '../../test/fixtures';
import { actorOf, blockAs } from '../../test/tabHelpers';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import { toTribePosts } from './tribeMapper';
import { listTribes, membershipId, postsQuery } from './tribeQueries';
import * as api from './tribesApi';

const input = (overrides: Partial<TribeInput> = {}): TribeInput =>
  tribeInput({
    tagline: 'Fearless concurrency, fearless people',
    description: 'Everything Rust: borrow checker support group included.',
    topics: ['Rust', 'WebAssembly'],
    ...overrides,
  });

let env: TwoUsers;
let carol: TestTab;

beforeEach(async () => {
  env = await setupTwoUsers();
  carol = await env.addUser({ displayName: 'Carol' });
});
afterEach(async () => {
  await env.close();
});

async function newTribe(tab: TestTab = env.alice, overrides: Partial<TribeInput> = {}) {
  const result = await api.createTribe(tab.backend.db, actorOf(tab), input(overrides));
  expect(result).toMatchObject({ success: true, message: TRIBE_MESSAGES.created });
  return result.tribeId!;
}

const tribe = (id: string) => env.rawDoc('tribes', id);
const member = (tribeId: string, uid: string) => env.rawDoc('tribeMembers', membershipId(tribeId, uid));
const postCountOf = async (uid: string) => (await env.profile(uid))?.postCount;
const all = async (collection: string) => (await env.admin.db.query({ collection })).map((snap) => snap.data);

/** Every document of the tribes collections, to prove a refused operation changed nothing. */
async function everything(): Promise<(DocData | null)[][]> {
  return Promise.all(['tribes', 'tribeNames', 'tribeMembers', 'posts', 'users'].map(all));
}

describe('createTribe', () => {
  it('writes the tribe, its name claim and the owner membership together', async () => {
    env.clock.advance(1000);
    const id = await newTribe();
    expect(await tribe(id)).toMatchObject({
      name: 'Rustaceans',
      nameKey: 'rustaceans',
      topics: ['Rust', 'WebAssembly'],
      joinPolicy: 'open',
      ownerId: env.alice.uid,
      memberCount: 1,
      postCount: 0,
      createdAt: env.clock.now(),
      lastActivityAt: env.clock.now(),
    });
    expect(await env.rawDoc('tribeNames', 'rustaceans')).toEqual({ tribeId: id, ownerId: env.alice.uid });
    expect(await member(id, env.alice.uid)).toMatchObject({ role: 'owner', status: 'active', displayName: 'Alice' });
    const listed = await listTribes(env.bob.backend.db);
    expect(listed.success && listed.tribes.map((t) => t.name)).toEqual(['Rustaceans']);
  });

  it('refuses a name taken in any case or spacing, and changes nothing', async () => {
    await newTribe();
    const before = await everything();
    const result = await api.createTribe(env.bob.backend.db, actorOf(env.bob), input({ name: '  RUSTACEANS ' }));
    expect(result).toMatchObject({ success: false, message: 'A tribe with this name already exists' });
    expect(result.fieldErrors).toEqual({ name: 'A tribe with this name already exists' });
    expect(await everything()).toEqual(before);
  });

  it('lets exactly one of two people creating the same name at once succeed', async () => {
    const [a, b] = await Promise.all([
      api.createTribe(env.alice.backend.db, actorOf(env.alice), input()),
      api.createTribe(env.bob.backend.db, actorOf(env.bob), input({ name: 'rustaceans' })),
    ]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.success)?.message).toBe(TRIBE_MESSAGES.nameTaken);
    expect(await all('tribes')).toHaveLength(1);
    expect(await all('tribeMembers')).toHaveLength(1);
  });

  it('answers invalid input with field errors and writes nothing', async () => {
    const result = await api.createTribe(
      env.alice.backend.db,
      actorOf(env.alice),
      input({ name: 'ab', tagline: 'x'.repeat(121), description: 'y'.repeat(2001), topics: [] }),
    );
    expect(result.success).toBe(false);
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(['description', 'name', 'tagline', 'topics']);
    expect(await all('tribes')).toEqual([]);
    const six = await api.createTribe(
      env.alice.backend.db,
      actorOf(env.alice),
      input({ topics: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    );
    expect(six.fieldErrors?.topics).toBe('Pick at most 5 topics.');
  });
});

describe('joining and leaving', () => {
  it('makes an open tribe member active at once and counts them; joining twice changes nothing', async () => {
    const id = await newTribe();
    expect(await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.joined,
    });
    expect(await member(id, env.bob.uid)).toMatchObject({
      role: 'member',
      status: 'active',
      uid: env.bob.uid,
      tribeId: id,
    });
    expect(await tribe(id)).toMatchObject({ memberCount: 2 });

    const before = await everything();
    expect(await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id)).toEqual({
      success: false,
      message: TRIBE_MESSAGES.alreadyMember,
    });
    expect(await everything()).toEqual(before);
  });

  it('turns a join of a request-only tribe into a pending request the owner approves', async () => {
    const id = await newTribe(env.alice, { joinPolicy: 'request' });
    expect(await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.requestSent,
    });
    expect(await member(id, env.bob.uid)).toMatchObject({ status: 'pending' });
    expect(await tribe(id)).toMatchObject({ memberCount: 1 });

    const before = await everything();
    expect(await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id)).toMatchObject({
      success: false,
      message: TRIBE_MESSAGES.alreadyRequested,
    });
    expect(await api.approveJoinRequest(carol.backend.db, carol.uid, id, env.bob.uid)).toMatchObject({
      success: false,
      message: TRIBE_MESSAGES.ownerOnly,
    });
    expect(await everything()).toEqual(before);

    expect(await api.approveJoinRequest(env.alice.backend.db, env.alice.uid, id, env.bob.uid)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.approved,
    });
    expect(await member(id, env.bob.uid)).toMatchObject({ status: 'active', joinedAt: env.clock.now() });
    expect(await tribe(id)).toMatchObject({ memberCount: 2 });
    expect(await api.approveJoinRequest(env.alice.backend.db, env.alice.uid, id, env.bob.uid)).toMatchObject({
      success: false,
      message: TRIBE_MESSAGES.requestNotFound,
    });
  });

  it('approves no request between people either of whom blocked the other; declining still works', async () => {
    const id = await newTribe(env.alice, { joinPolicy: 'request' });
    await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id);
    await api.joinTribe(carol.backend.db, actorOf(carol), id);
    await blockAs(env.alice, env.bob);
    await blockAs(carol, env.alice);
    const before = await everything();
    // Alice's own block is said plainly; Carol's, which Alice cannot read, is refused by the rules.
    expect(await api.approveJoinRequest(env.alice.backend.db, env.alice.uid, id, env.bob.uid)).toEqual({
      success: false,
      message: TRIBE_MESSAGES.blockedApplicant,
    });
    expect((await api.approveJoinRequest(env.alice.backend.db, env.alice.uid, id, carol.uid)).success).toBe(false);
    expect(await everything()).toEqual(before);
    expect(await api.declineJoinRequest(env.alice.backend.db, env.alice.uid, id, env.bob.uid)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.declined,
    });
  });

  it('lets the owner decline a request, leaving the count alone', async () => {
    const id = await newTribe(env.alice, { joinPolicy: 'request' });
    await api.joinTribe(carol.backend.db, actorOf(carol), id);
    expect(await api.declineJoinRequest(env.alice.backend.db, env.alice.uid, id, carol.uid)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.declined,
    });
    expect(await member(id, carol.uid)).toBeNull();
    expect(await tribe(id)).toMatchObject({ memberCount: 1 });
    expect(await api.declineJoinRequest(env.alice.backend.db, env.alice.uid, id, carol.uid)).toMatchObject({
      success: false,
    });
  });

  it('lets members leave, withdraws requests, and keeps the owner while others remain', async () => {
    const id = await newTribe();
    await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id);
    expect(await api.leaveTribe(env.bob.backend.db, env.bob.uid, id)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.left,
    });
    expect(await member(id, env.bob.uid)).toBeNull();
    expect(await tribe(id)).toMatchObject({ memberCount: 1 });
    expect(await api.leaveTribe(env.bob.backend.db, env.bob.uid, id)).toEqual({
      success: false,
      message: TRIBE_MESSAGES.notMember,
    });

    await api.joinTribe(carol.backend.db, actorOf(carol), id);
    const before = await everything();
    expect(await api.leaveTribe(env.alice.backend.db, env.alice.uid, id)).toEqual({
      success: false,
      message: TRIBE_MESSAGES.ownerCannotLeave,
    });
    expect(await everything()).toEqual(before);

    const requestOnly = await newTribe(env.bob, { name: 'Gophers', joinPolicy: 'request' });
    await api.joinTribe(carol.backend.db, actorOf(carol), requestOnly);
    expect(await api.leaveTribe(carol.backend.db, carol.uid, requestOnly)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.requestWithdrawn,
    });
    expect(await tribe(requestOnly)).toMatchObject({ memberCount: 1 });
  });

  it('lets an owner who is the last member leave, and come back as owner', async () => {
    const id = await newTribe();
    expect(await api.leaveTribe(env.alice.backend.db, env.alice.uid, id)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.left,
    });
    expect(await tribe(id)).toMatchObject({ memberCount: 0, ownerId: env.alice.uid });
    expect(await api.joinTribe(env.alice.backend.db, actorOf(env.alice), id)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.joined,
    });
    expect(await member(id, env.alice.uid)).toMatchObject({ role: 'owner', status: 'active' });
    expect(await tribe(id)).toMatchObject({ memberCount: 1 });
  });

  it('answers an unknown tribe id with a clear message and writes nothing', async () => {
    const before = await everything();
    for (const result of [
      await api.joinTribe(env.bob.backend.db, actorOf(env.bob), 'no-such-tribe'),
      await api.leaveTribe(env.bob.backend.db, env.bob.uid, 'no-such-tribe'),
      await api.createPost(env.bob.backend.db, actorOf(env.bob), 'no-such-tribe', 'Hello'),
      await api.approveJoinRequest(env.bob.backend.db, env.bob.uid, 'no-such-tribe', carol.uid),
    ]) {
      expect(result).toEqual({ success: false, message: TRIBE_MESSAGES.tribeNotFound });
    }
    expect(await everything()).toEqual(before);
  });
});

describe('posts', () => {
  it("publishes a member's post with the tribe's and the author's counts in one write", async () => {
    const id = await newTribe();
    await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id);
    env.clock.advance(60_000);
    const result = await api.createPost(env.bob.backend.db, actorOf(env.bob), id, '  Hello, tribe!  ');
    expect(result).toMatchObject({ success: true, message: TRIBE_MESSAGES.posted });
    expect(await env.rawDoc('posts', result.postId!)).toEqual({
      postId: result.postId,
      tribeId: id,
      authorId: env.bob.uid,
      authorName: 'Bob',
      authorPhoto: null,
      body: 'Hello, tribe!',
      createdAt: env.clock.now(),
    });
    expect(await tribe(id)).toMatchObject({ postCount: 1, lastActivityAt: env.clock.now() });
    expect(await postCountOf(env.bob.uid)).toBe(1);
    expect(await postCountOf(env.alice.uid)).toBe(0);

    expect(await api.deletePost(env.alice.backend.db, env.alice.uid, result.postId!)).toEqual({
      success: false,
      message: TRIBE_MESSAGES.authorOnly,
    });
    expect(await api.deletePost(env.bob.backend.db, env.bob.uid, result.postId!)).toEqual({
      success: true,
      message: TRIBE_MESSAGES.postDeleted,
    });
    expect(await env.rawDoc('posts', result.postId!)).toBeNull();
    expect(await tribe(id)).toMatchObject({ postCount: 0 });
    expect(await postCountOf(env.bob.uid)).toBe(0);
    expect(await api.deletePost(env.bob.backend.db, env.bob.uid, result.postId!)).toEqual({
      success: false,
      message: TRIBE_MESSAGES.postNotFound,
    });
    expect(await postCountOf(env.bob.uid)).toBe(0);
  });

  it('refuses empty, oversized and non-member posts, changing nothing', async () => {
    const id = await newTribe(env.alice, { joinPolicy: 'request' });
    await api.joinTribe(env.bob.backend.db, actorOf(env.bob), id); // pending: not a member yet
    const before = await everything();
    expect(await api.createPost(env.alice.backend.db, actorOf(env.alice), id, '   \n ')).toEqual({
      success: false,
      message: 'Write something before posting',
    });
    expect(await api.createPost(env.alice.backend.db, actorOf(env.alice), id, 'x'.repeat(100_000))).toEqual({
      success: false,
      message: postTooLongMessage(5000, 100_000),
    });
    expect(await api.createPost(env.bob.backend.db, actorOf(env.bob), id, 'Let me in')).toEqual({
      success: false,
      message: TRIBE_MESSAGES.membersOnly,
    });
    expect(await api.createPost(carol.backend.db, actorOf(carol), id, 'Hi')).toMatchObject({
      message: TRIBE_MESSAGES.membersOnly,
    });
    expect(await everything()).toEqual(before);
  });

  it('pages the feed newest first without skipping posts written in the same millisecond', async () => {
    const id = await newTribe();
    for (let i = 0; i < 5; i += 1) {
      if (i === 3) env.clock.advance(1000);
      await api.createPost(env.alice.backend.db, actorOf(env.alice), id, `Post ${i}`);
    }
    const page = async (after: TribePost | null) =>
      toTribePosts(
        await env.bob.backend.db.query(postsQuery(id, { after: after && feedCursor(after), until: null }, 2)),
      );
    const first = await page(null);
    const second = await page(first[1]!);
    const third = await page(second[1]!);
    const bodies = [...first, ...second, ...third].map((post) => post.body);
    expect(bodies).toHaveLength(5);
    expect(new Set(bodies).size).toBe(5);
    expect(bodies.slice(0, 2).sort()).toEqual(['Post 3', 'Post 4']);
  });
});

describe('counts under concurrency', () => {
  it('stays exact when people join, post and delete at the same time from different tabs', async () => {
    const id = await newTribe();
    const dave = await env.addUser({ displayName: 'Dave' });
    const joiners = [env.bob, carol, dave];
    const joined = await Promise.all(joiners.map((tab) => api.joinTribe(tab.backend.db, actorOf(tab), id)));
    expect(joined.every((r) => r.success)).toBe(true);
    expect(await tribe(id)).toMatchObject({ memberCount: 4 });

    const writers = [env.alice, env.bob, carol, dave];
    const posted = await Promise.all(
      writers.flatMap((tab) =>
        [1, 2, 3].map((n) => api.createPost(tab.backend.db, actorOf(tab), id, `${tab.user.displayName} ${n}`)),
      ),
    );
    expect(posted.every((r) => r.success)).toBe(true);
    expect(await tribe(id)).toMatchObject({ postCount: 12 });

    const bobsPosts = posted.slice(3, 6).map((r) => r.postId!);
    await Promise.all([
      ...bobsPosts.map((postId) => api.deletePost(env.bob.backend.db, env.bob.uid, postId)),
      // the same post deleted twice at once (two tabs of Bob) counts once
      api.deletePost(env.bob.backend.db, env.bob.uid, bobsPosts[0]!),
      api.leaveTribe(carol.backend.db, carol.uid, id),
    ]);
    expect(await tribe(id)).toMatchObject({ postCount: 9, memberCount: 3 });
    expect(await postCountOf(env.bob.uid)).toBe(0);
    expect(await postCountOf(carol.uid)).toBe(3);
    expect(await all('posts')).toHaveLength(9);
  });
});

describe('the access policy behind the API', () => {
  it('refuses writes that skip the rules the API follows', async () => {
    const id = await newTribe(env.alice, { joinPolicy: 'request' });
    const bobDb = env.bob.backend.db;
    const denied = { code: 'permission-denied' };
    // Joining a request-only tribe as active, or promoting one's own request.
    await expect(
      bobDb.set(docRef('tribeMembers', membershipId(id, env.bob.uid)), {
        tribeId: id,
        uid: env.bob.uid,
        displayName: 'Bob',
        photoURL: null,
        role: 'member',
        status: 'active',
        requestedAt: 1,
        joinedAt: 1,
      }),
    ).rejects.toMatchObject(denied);
    await api.joinTribe(bobDb, actorOf(env.bob), id);
    await expect(
      bobDb.update(docRef('tribeMembers', membershipId(id, env.bob.uid)), { status: 'active' }),
    ).rejects.toMatchObject(denied);
    // A post without its counters, a tribe without its name claim, a counter jump, a renamed tribe.
    await expect(
      bobDb.set(docRef('posts', 'sneaky'), {
        postId: 'sneaky',
        tribeId: id,
        authorId: env.bob.uid,
        body: 'hi',
        createdAt: 1,
      }),
    ).rejects.toMatchObject(denied);
    await expect(
      bobDb.set(docRef('tribes', 'unclaimed'), {
        name: 'Unclaimed',
        nameKey: 'unclaimed',
        tagline: '',
        description: '',
        topics: ['Go'],
        joinPolicy: 'open',
        ownerId: env.bob.uid,
        memberCount: 1,
        postCount: 0,
        createdAt: 1,
        lastActivityAt: 1,
      }),
    ).rejects.toMatchObject(denied);
    await expect(bobDb.update(docRef('tribes', id), { memberCount: fieldValue.increment(5) })).rejects.toMatchObject(
      denied,
    );
    await expect(env.alice.backend.db.update(docRef('tribes', id), { name: 'Renamed' })).rejects.toMatchObject(denied);
    await expect(env.alice.backend.db.delete(docRef('tribeNames', 'rustaceans'))).rejects.toMatchObject(denied);
  });
});
