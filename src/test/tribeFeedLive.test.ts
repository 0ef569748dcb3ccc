// Every page of a tribe's feed is live while the page is open: the real store and root saga over
// the local adapter (Alice's tab), another member writing from another tab (Bob), no reload.
// Here, not beside the tribes feature: Bob comments and reacts through the conversations API.
import type { LoadedState } from '../app/rootReducer';
import type { TribePost } from '../domain/tribeTypes';
import { POSTS_PAGE_SIZE } from '../domain/tribeTypes';
import { addComment, toggleReaction } from '../features/conversations/conversationsApi';
import { feedPosts } from '../features/tribes/feedRanges';
import { createPost, createTribe, deletePost, joinTribe } from '../features/tribes/tribesApi';
import { morePostsRequested, tribeClosed, tribeOpened } from '../features/tribes/tribesSlice';
import { tribeInput } from './fixtures';
import type { TestStore } from './setupTestStore';
import { actorOf } from './tabHelpers';
import { setupTwoUsers } from './twoUsers';
import type { TwoUsers } from './twoUsers';

let env: TwoUsers;
beforeEach(async () => {
  env = await setupTwoUsers();
});
afterEach(async () => {
  await env.close();
});

const shown = (state: LoadedState) => feedPosts(state.tribes.details.feed);
const shownPost = (state: LoadedState, body: string): TribePost | undefined =>
  shown(state).find((post) => post.body === body);

/** An open tribe of Alice's that Bob joined, with `count` posts, one a millisecond: "Post 0" the oldest. */
async function tribeWithPosts(count: number, byBob: readonly number[]) {
  const created = await createTribe(env.alice.backend.db, actorOf(env.alice), tribeInput({ joinPolicy: 'open' }));
  const tribeId = created.tribeId!;
  expect(await joinTribe(env.bob.backend.db, actorOf(env.bob), tribeId)).toMatchObject({ success: true });
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    env.clock.advance(1);
    const tab = byBob.includes(n) ? env.bob : env.alice;
    const result = await createPost(tab.backend.db, actorOf(tab), tribeId, `Post ${n}`);
    ids.push(result.postId!);
  }
  return { tribeId, ids };
}

async function openWithTwoPages(tribeId: string, total: number): Promise<TestStore> {
  const alice = await env.storeFor(env.alice);
  alice.store.dispatch(tribeOpened({ tribeId }));
  await alice.waitFor((s) => shown(s).length === POSTS_PAGE_SIZE);
  alice.store.dispatch(morePostsRequested({ tribeId }));
  await alice.waitFor((s) => shown(s).length === total);
  return alice;
}

it('updates counts and deletions on a page loaded with "Load more", live, and stops when the page closes', async () => {
  const total = POSTS_PAGE_SIZE + 5;
  const { tribeId, ids } = await tribeWithPosts(total, [2]);
  const alice = await openWithTwoPages(tribeId, total);
  const onSecondPage = (n: number) => ({ id: ids[n]!, tribeId, authorId: n === 2 ? env.bob.uid : env.alice.uid });
  // Posts 0-4 are below the first page.
  expect(alice.store.getState().tribes.details.feed.ranges).toHaveLength(2);

  expect(await addComment(env.bob.backend.db, actorOf(env.bob), onSecondPage(1), 'Nice one')).toMatchObject({
    success: true,
  });
  await alice.waitFor((s) => shownPost(s, 'Post 1')?.commentCount === 1);

  const heart = { type: 'post' as const, postId: ids[0]!, ...onSecondPage(0) };
  expect(await toggleReaction(env.bob.backend.db, env.bob.uid, heart, 'heart')).toMatchObject({ success: true });
  await alice.waitFor((s) => shownPost(s, 'Post 0')?.reactionCounts?.heart === 1);

  expect(await deletePost(env.bob.backend.db, env.bob.uid, ids[2]!)).toMatchObject({ success: true });
  let state = await alice.waitFor((s) => shown(s).length === total - 1);
  expect(shownPost(state, 'Post 2')).toBeUndefined();
  expect(shownPost(state, 'Post 1')?.commentCount).toBe(1);

  // A new post enters the first page and pushes its last post down; that post stays on screen and
  // live, and so does the older page.
  env.clock.advance(1);
  await createPost(env.bob.backend.db, actorOf(env.bob), tribeId, 'Newest');
  state = await alice.waitFor((s) => shown(s)[0]?.body === 'Newest' && shown(s).length === total);
  const pushed = `Post ${total - POSTS_PAGE_SIZE}`;
  expect(shownPost(state, pushed)).toBeDefined();
  const pushedRef = { id: ids[total - POSTS_PAGE_SIZE]!, tribeId, authorId: env.alice.uid };
  expect(await addComment(env.bob.backend.db, actorOf(env.bob), pushedRef, 'Still live?')).toMatchObject({
    success: true,
  });
  await alice.waitFor((s) => shownPost(s, pushed)?.commentCount === 1);
  expect(await toggleReaction(env.bob.backend.db, env.bob.uid, heart, 'heart')).toMatchObject({ success: true });
  state = await alice.waitFor((s) => shownPost(s, 'Post 0')?.reactionCounts?.heart === undefined);
  expect(shown(state).map((post) => post.body)).toEqual([
    'Newest',
    ...Array.from({ length: total }, (_, n) => `Post ${total - 1 - n}`).filter((body) => body !== 'Post 2'),
  ]);

  // Closed: no subscription is left to answer.
  alice.store.dispatch(tribeClosed({ tribeId }));
  const answersBefore = alice.actions.filter((action) => action.type === 'tribes/livePostsReceived').length;
  await addComment(env.bob.backend.db, actorOf(env.bob), onSecondPage(1), 'Anyone there?');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(alice.actions.filter((action) => action.type === 'tribes/livePostsReceived')).toHaveLength(answersBefore);
  expect(shownPost(alice.store.getState(), 'Post 1')?.commentCount).toBe(1);
});

it('keeps every post live when the first page fills up twice over and splits', async () => {
  const { tribeId, ids } = await tribeWithPosts(POSTS_PAGE_SIZE + 1, []);
  const alice = await openWithTwoPages(tribeId, POSTS_PAGE_SIZE + 1);
  // Two pages' worth of new posts: the first page anchors, grows, then splits off a page.
  for (let n = 0; n < 2 * POSTS_PAGE_SIZE; n += 1) {
    env.clock.advance(1);
    await createPost(env.bob.backend.db, actorOf(env.bob), tribeId, `New ${n}`);
  }
  const everyPost = 3 * POSTS_PAGE_SIZE + 1;
  const state = await alice.waitFor((s) => shown(s).length === everyPost);
  expect(state.tribes.details.feed.ranges.length).toBeGreaterThan(2);
  expect(new Set(shown(state).map((post) => post.id)).size).toBe(everyPost);
  // The post that ended the first page when it opened, now far below it, still follows its comments.
  const first = { id: ids[1]!, tribeId, authorId: env.alice.uid };
  await addComment(env.bob.backend.db, actorOf(env.bob), first, 'Deep down');
  await alice.waitFor((s) => shownPost(s, 'Post 1')?.commentCount === 1);
});
