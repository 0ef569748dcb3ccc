// Several members of one tribe, each in their own tab over one database, posting at the same
// moment. Tabs are separate processes in a browser: each reads its own clock, and IndexedDB runs
// their batches in whatever order they reach it, so a batch stamped earlier can commit later.
// Each tab here has its own clock, running a few milliseconds apart, to make that order visible.
import type { LocalBackend } from '../../backend/local/createLocalBackend';
import { createMemoryBroadcastHub } from '../../backend/local/memoryBroadcastHub';
import type { Clock } from '../../backend/port';
import { docRef } from '../../backend/port';
import type { TribeActor } from '../../domain/tribeTypes';
import { signUpUser } from '../../test/setupTestStore';
import { setupTestStore } from '../../test/setupTestStore';
import type { TestStore } from '../../test/setupTestStore';
import { createTestBackend, createTestClock, openPolicy, TEST_START_MS, uniqueDbName } from '../../test/testBackend';
import { feedPosts } from './feedRanges';
import { createPost, createTribe, joinTribe } from './tribesApi';
import { postRequested, tribeOpened } from './tribesSlice';

interface Tab {
  backend: LocalBackend;
  actor: TribeActor;
}

const MEMBERS = 5;
const POSTS_EACH = 3;

const backends: LocalBackend[] = [];
const stores: TestStore[] = [];
afterEach(async () => {
  stores.splice(0).forEach((testStore) => testStore.store.sagaTask.cancel());
  await Promise.all(backends.splice(0).map((backend) => backend.local.close()));
});

/** A clock that moves 1 ms each time it is read, so a tab's own writes get increasing times. */
function tickingClock(start: number): Clock {
  let now = start;
  return { now: () => (now += 1) };
}

/** One tribe with `MEMBERS` active members (the first its owner), each in a tab whose clock runs 50 ms behind the previous one's. */
async function tribeOfTabs(): Promise<{ tribeId: string; tabs: Tab[]; admin: LocalBackend }> {
  const dbName = uniqueDbName('posting-at-once');
  const broadcast = createMemoryBroadcastHub();
  const tabs: Tab[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const backend = await createTestBackend({
      dbName,
      broadcast,
      clock: tickingClock(TEST_START_MS + 1000 - 50 * index),
    });
    backends.push(backend);
    const user = await signUpUser(backend, { displayName: `Member ${index}` });
    tabs.push({ backend, actor: { uid: user.uid, displayName: `Member ${index}`, photoURL: null } });
  }
  const admin = await createTestBackend({ dbName, broadcast, policy: openPolicy, clock: createTestClock() });
  backends.push(admin);
  const created = await createTribe(tabs[0]!.backend.db, tabs[0]!.actor, {
    name: 'Rustaceans',
    tagline: '',
    description: '',
    topics: ['Rust'],
    joinPolicy: 'open',
  });
  const tribeId = created.tribeId!;
  for (const tab of tabs.slice(1))
    expect(await joinTribe(tab.backend.db, tab.actor, tribeId)).toMatchObject({ success: true });
  return { tribeId, tabs, admin };
}

it('publishes every post when all members post at the same moment, with exact counters', async () => {
  const { tribeId, tabs, admin } = await tribeOfTabs();

  const results = await Promise.all(
    tabs.flatMap((tab, index) =>
      Array.from({ length: POSTS_EACH }, (_, n) =>
        createPost(tab.backend.db, tab.actor, tribeId, `Post ${n} of member ${index}`),
      ),
    ),
  );

  expect(results.filter((result) => !result.success)).toEqual([]);
  const posts = await admin.db.query({ collection: 'posts', where: [{ field: 'tribeId', op: '==', value: tribeId }] });
  expect(posts).toHaveLength(MEMBERS * POSTS_EACH);
  expect((await admin.db.get(docRef('tribes', tribeId))).data).toMatchObject({
    postCount: MEMBERS * POSTS_EACH,
    memberCount: MEMBERS,
  });
  for (const tab of tabs) {
    expect((await admin.db.get(docRef('users', tab.actor.uid))).data).toMatchObject({ postCount: POSTS_EACH });
  }
});

it('publishes every post, in order, when each member submits several through the app at once', async () => {
  const { tribeId, tabs, admin } = await tribeOfTabs();
  for (const tab of tabs) {
    const testStore = await setupTestStore({ backend: tab.backend });
    stores.push(testStore);
    await testStore.waitFor((state) => state.session.user?.uid === tab.actor.uid);
    testStore.store.dispatch(tribeOpened({ tribeId }));
    await testStore.waitFor((state) => state.tribes.details.membership?.status === 'active');
  }

  // Every member clicks Post three times with three different texts, without waiting.
  stores.forEach((testStore, index) => {
    for (let n = 0; n < POSTS_EACH; n += 1)
      testStore.store.dispatch(postRequested({ tribeId, body: `Post ${n} of member ${index}` }));
  });

  const everyPost = MEMBERS * POSTS_EACH;
  await Promise.all(
    stores.map((testStore) =>
      testStore.waitFor(
        (state) =>
          feedPosts(state.tribes.details.feed).length === everyPost &&
          state.tribes.details.tribe?.postCount === everyPost,
        8000,
      ),
    ),
  );
  const outcomes = stores.flatMap((testStore) =>
    testStore.actions.filter((action) => action.type === 'tribes/operationFinished').map((action) => action.payload),
  );
  expect(outcomes).toHaveLength(everyPost);
  expect(outcomes.every((outcome) => (outcome as { success: boolean }).success)).toBe(true);
  const stored = await admin.db.query({ collection: 'posts', where: [{ field: 'tribeId', op: '==', value: tribeId }] });
  // Each member's posts went out in the order they were submitted.
  tabs.forEach((tab, index) => {
    const own = stored
      .map((snapshot) => snapshot.data!)
      .filter((post) => post.authorId === tab.actor.uid)
      .sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
    expect(own.map((post) => post.body)).toEqual(
      Array.from({ length: POSTS_EACH }, (_, n) => `Post ${n} of member ${index}`),
    );
  });
});
