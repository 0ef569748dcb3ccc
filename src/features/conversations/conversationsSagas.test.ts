// The conversations sagas with expectSaga over the real local backend: people in "tabs" of one
// fake-indexeddb database, each write judged by the access policy as its author. Each run is a
// script racing the feature's root saga: the script's end cancels the watchers.
import type { Action } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { call, put, race, take } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';

import type { LoadedState } from '../../app/rootReducer';
import type { DocData } from '../../backend/port';
import { CONVERSATION_MESSAGES } from '../../domain/conversationMessages';
import type { PostComment, ReactionItem, ReactionKind } from '../../domain/conversationTypes';
import { COMMENTS_PAGE_SIZE } from '../../domain/conversationTypes';
import { rootReducer } from '../../test/allFeatures';
import { createPost, createTribe, joinTribe } from '../../test/featureInternals';
import { tribeInput } from '../../test/fixtures';
import { signedInRootState } from '../../test/signedInState';
import { actorOf as actor } from '../../test/tabHelpers';
import { TEST_START_MS } from '../../test/testBackend';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import { authStateChanged } from '../session';
import { commentsSaga } from './commentsSagas';
import {
  commentDraftChanged,
  commentRequested,
  deleteRequested,
  earlierLoaded,
  earlierRequested,
  editRequested,
  liveCommentsReceived,
  operationFinished,
  threadClosed,
  threadOpened,
} from './commentsSlice';
import { addComment } from './conversationsApi';
import { reactionsSaga } from './reactionsSagas';
import {
  myReactionsFollowed,
  myReactionsReceived,
  myReactionsUnfollowed,
  reactionAnswered,
  reactionToggled,
  selectReactionButtons,
} from './reactionsSlice';

/** Every run ends by itself (its script returns); the limit only stops a broken run. */
const RUN_LIMIT_MS = 20_000;
jest.setTimeout(90_000);

let env: TwoUsers;
let alice: TestTab;
let bob: TestTab;
let carol: TestTab;
let tribeId: string;
let postId: string;

beforeEach(async () => {
  env = await setupTwoUsers();
  ({ alice, bob } = env);
  carol = await env.addUser({ displayName: 'Carol' });
  // Alice's open tribe with Bob as a member and a post by Alice; Carol is not a member.
  tribeId = (await createTribe(alice.backend.db, actor(alice), tribeInput({ name: 'Rustaceans' }))).tribeId!;
  await joinTribe(bob.backend.db, actor(bob), tribeId);
  postId = (await createPost(alice.backend.db, actor(alice), tribeId, 'Borrow checker tips?')).postId!;
});
afterEach(() => env.close());

const contextOf = (tab: TestTab): StaticProvider[] => [
  [matchers.getContext('backend'), tab.backend],
  [matchers.getContext('clock'), env.clock],
];
const stateOf = (tab: TestTab): LoadedState =>
  signedInRootState({ uid: tab.uid, email: tab.user.email, displayName: tab.user.displayName ?? '' });

/** Runs `script` beside the feature's root saga (as `tab`), until the script returns. */
function scripted(root: Saga, script: () => Generator) {
  return function* run() {
    yield race({ root: call(root), script: call(script) });
  };
}

/** Waits for the action `matches`. */
function* waitFor(matches: (action: Action) => boolean) {
  return (yield take(matches)) as Action;
}

const liveWith =
  (predicate: (comments: PostComment[]) => boolean) =>
  (action: Action): boolean =>
    liveCommentsReceived.match(action) && action.payload.postId === postId && predicate(action.payload.comments);

const bodies = (comments: readonly PostComment[]) => comments.map((comment) => comment.body);
/** Every action the run put, by any of its sagas, in order. */
const putActions = (result: { allEffects: unknown[] }): Action[] =>
  result.allEffects
    .filter(
      (effect): effect is { type: 'PUT'; payload: { action: Action } } => (effect as { type?: string }).type === 'PUT',
    )
    .map((effect) => effect.payload.action);
const livePuts = (result: { allEffects: unknown[] }) =>
  putActions(result).filter((action): action is ReturnType<typeof liveCommentsReceived> =>
    liveCommentsReceived.match(action),
  );
const postDoc = () => env.rawDoc('posts', postId);
/** The answer to a comment operation (`operation`). */
const finished = (operation: 'add' | 'edit' | 'delete') => (action: Action) =>
  operationFinished.match(action) && action.payload.operation === operation;

describe('a thread', () => {
  it('follows the newest comments live while open, and stops when closed', async () => {
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(threadOpened({ postId, tribeId }));
        yield* waitFor(liveWith((comments) => comments.length === 0));
        // Another tab comments: it arrives without asking.
        yield call(addComment, alice.backend.db, actor(alice), { id: postId, tribeId, authorId: alice.uid }, 'First!');
        yield* waitFor(liveWith((comments) => bodies(comments).includes('First!')));
        yield put(threadClosed({ postId }));
        yield call(addComment, alice.backend.db, actor(alice), { id: postId, tribeId, authorId: alice.uid }, 'Unseen');
        // Long enough for a subscription still open to deliver it (the first one took far less).
        yield call(() => new Promise((resolve) => setTimeout(resolve, 400)));
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .run(RUN_LIMIT_MS);

    const state = result.storeState as LoadedState;
    expect(state.comments.threads[postId]).toMatchObject({ open: false, status: 'ready', hasEarlier: false });
    expect(bodies(state.comments.threads[postId]!.pages.live)).toEqual(['First!']);
    const seen = livePuts(result).map((action) => bodies(action.payload.comments));
    expect(seen).toContainEqual(['First!']);
    expect(seen.some((shown) => shown.includes('Unseen'))).toBe(false);
    expect(await postDoc()).toMatchObject({ commentCount: 2 });
  });

  it('stops following when the user signs out, and forgets the thread', async () => {
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(threadOpened({ postId, tribeId }));
        yield* waitFor(liveWith((comments) => comments.length === 0));
        yield put(authStateChanged({ user: null }));
        yield call(addComment, alice.backend.db, actor(alice), { id: postId, tribeId, authorId: alice.uid }, 'Later');
        yield call(() => new Promise((resolve) => setTimeout(resolve, 400)));
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .run(RUN_LIMIT_MS);
    expect(livePuts(result).map((action) => action.payload.comments)).toEqual([[]]);
    expect((result.storeState as LoadedState).comments.threads).toEqual({});
  });

  it('shows the newest 50 live and reads the earlier ones once, on request', async () => {
    // 55 comments a second apart, written past the policy (arranging, not what is tested).
    await env.admin.db.commit(
      Array.from({ length: 55 }, (_, index) => {
        const commentId = `c${String(index).padStart(3, '0')}`;
        const data: DocData = {
          commentId,
          postId,
          tribeId,
          authorId: alice.uid,
          authorName: 'Alice',
          authorPhoto: null,
          body: `Comment ${index}`,
          parentId: null,
          createdAt: TEST_START_MS + index * 1000,
          editedAt: null,
          reactionCounts: {},
        };
        return { type: 'set' as const, ref: { collection: 'comments', id: commentId }, data };
      }),
    );
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(threadOpened({ postId, tribeId }));
        yield* waitFor(liveWith((comments) => comments.length === COMMENTS_PAGE_SIZE));
        yield put(earlierRequested({ postId }));
        // A double click: the same page is read once.
        yield put(earlierRequested({ postId }));
        yield take(earlierLoaded.type);
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .run(RUN_LIMIT_MS);

    const thread = (result.storeState as LoadedState).comments.threads[postId]!;
    expect(bodies(thread.pages.live)).toHaveLength(50);
    expect(thread.pages.live[0]!.body).toBe('Comment 54');
    expect(bodies(thread.pages.earlier)).toEqual(['Comment 4', 'Comment 3', 'Comment 2', 'Comment 1', 'Comment 0']);
    expect(thread.hasEarlier).toBe(false);
    expect(putActions(result).filter((action) => earlierLoaded.match(action))).toHaveLength(1);
  });
});

describe('writing', () => {
  it('posts a comment as the signed-in member once on a double click, and tells the post’s author', async () => {
    const request = commentRequested({ postId, tribeId, postAuthorId: alice.uid, body: 'Use clone()', parent: null });
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(commentDraftChanged({ postId, draft: 'Use clone()' }));
        yield put(request);
        yield put(request);
        yield take(finished('add'));
        // Nothing else is on its way: a second answer would come right after.
        yield call(() => new Promise((resolve) => setTimeout(resolve, 200)));
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .put.like({
        action: {
          type: operationFinished.type,
          payload: { operation: 'add', postId, success: true, message: CONVERSATION_MESSAGES.commented },
        },
      })
      .run(RUN_LIMIT_MS);

    const state = result.storeState as LoadedState;
    expect(state.comments.composers[postId]).toMatchObject({ draft: '', sending: [], error: null });
    expect(state.comments.inFlight).toEqual({});
    const stored = await env.admin.db.query({ collection: 'comments' });
    expect(stored.map((snap) => snap.data)).toEqual([
      expect.objectContaining({ authorId: bob.uid, authorName: 'Bob', body: 'Use clone()', parentId: null }),
    ]);
    expect(await postDoc()).toMatchObject({ commentCount: 1 });
    expect(Object.values((await env.profile(alice.uid))?.notifications ?? {})).toEqual([
      expect.objectContaining({
        type: 'postComment',
        message: 'Bob commented on your post in Rustaceans',
        postId,
        tribeId,
      }),
    ]);
  });

  it('keeps the text of a refused comment and says why (not a member)', async () => {
    const body = 'Drive-by';
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(commentRequested({ postId, tribeId, postAuthorId: alice.uid, body, parent: null }));
        yield take(finished('add'));
      }),
    )
      .withReducer(rootReducer, stateOf(carol))
      .provide(contextOf(carol))
      .run(RUN_LIMIT_MS);
    expect((result.storeState as LoadedState).comments.composers[postId]).toMatchObject({
      draft: body,
      error: CONVERSATION_MESSAGES.membersOnly,
    });
    expect(await env.admin.db.query({ collection: 'comments' })).toEqual([]);
    expect(await postDoc()).not.toHaveProperty('commentCount', 1);
  });

  it('edits and then deletes a comment, in that order, with the count back where it was', async () => {
    const added = await addComment(bob.backend.db, actor(bob), { id: postId, tribeId, authorId: alice.uid }, 'Typo');
    const commentId = added.commentId!;
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(editRequested({ postId, commentId, body: 'Fixed' }));
        yield put(deleteRequested({ postId, commentId }));
        yield take(finished('delete'));
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .put(
        operationFinished({
          operation: 'edit',
          postId,
          commentId,
          body: 'Fixed',
          success: true,
          message: CONVERSATION_MESSAGES.edited,
        }),
      )
      .put(
        operationFinished({
          operation: 'delete',
          postId,
          commentId,
          success: true,
          message: CONVERSATION_MESSAGES.deleted,
        }),
      )
      .run(RUN_LIMIT_MS);
    // The edit was answered before the delete began (one queue per comment).
    const answers = putActions(result)
      .filter((action) => operationFinished.match(action))
      .map((action) => action.payload.operation);
    expect(answers).toEqual(['edit', 'delete']);
    expect(await env.rawDoc('comments', commentId)).toBeNull();
    expect(await postDoc()).toMatchObject({ commentCount: 0 });
  });

  it('refuses someone else’s edit with a message and changes nothing', async () => {
    const added = await addComment(bob.backend.db, actor(bob), { id: postId, tribeId, authorId: alice.uid }, 'Mine');
    const commentId = added.commentId!;
    const result = await expectSaga(
      scripted(commentsSaga, function* script() {
        yield put(editRequested({ postId, commentId, body: 'Not yours' }));
        yield take(finished('edit'));
      }),
    )
      .withReducer(rootReducer, stateOf(alice))
      .provide(contextOf(alice))
      .run(RUN_LIMIT_MS);
    expect((result.storeState as LoadedState).comments.edits[commentId]).toMatchObject({
      status: 'failed',
      message: CONVERSATION_MESSAGES.authorOnlyEdit,
    });
    expect(await env.rawDoc('comments', commentId)).toMatchObject({ body: 'Mine', editedAt: null });
  });
});

describe('reactions', () => {
  const postItem = (): ReactionItem => ({ type: 'post', id: postId, postId, tribeId, authorId: alice.uid });
  const answered = (action: Action) => reactionAnswered.match(action);
  /** The answer to an accepted toggle on the post. */
  const accepted = (kind: ReactionKind, message: string, reacted: boolean) =>
    reactionAnswered({ operation: 'toggle', itemId: postId, kind, success: true, message, reacted });

  it('shows a toggle at once, keeps it when accepted, and two presses are two toggles', async () => {
    const result = await expectSaga(
      scripted(reactionsSaga, function* script() {
        yield put(reactionToggled({ item: postItem(), kind: 'heart', seq: 1 }));
        yield put(reactionToggled({ item: postItem(), kind: 'rocket', seq: 2 }));
        yield put(reactionToggled({ item: postItem(), kind: 'rocket', seq: 3 }));
        for (let i = 0; i < 3; i += 1) yield take(answered);
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .put(accepted('heart', 'Reaction added', true))
      .put(accepted('rocket', 'Reaction added', true))
      .put(accepted('rocket', 'Reaction removed', false))
      .run(RUN_LIMIT_MS);

    const state = result.storeState as LoadedState;
    // No counts arrived (the feed is not followed here): the accepted heart shows as answered.
    expect(selectReactionButtons(state, postId, undefined)).toEqual([
      { kind: 'heart', name: 'Heart', emoji: '❤️', count: 1, mine: true },
    ]);
    expect(state.reactions.items[postId]).toMatchObject({ mine: ['heart'], error: null, toggles: 3 });
    expect(await postDoc()).toMatchObject({ reactionCounts: { heart: 1, rocket: 0 } });
    expect(await env.rawDoc('reactions', `post_${postId}_heart_${bob.uid}`)).toMatchObject({
      uid: bob.uid,
      kind: 'heart',
    });
  });

  it('rolls a refused toggle back and says why', async () => {
    const result = await expectSaga(
      scripted(reactionsSaga, function* script() {
        yield put(reactionToggled({ item: postItem(), kind: 'party', seq: 1 }));
        yield take(answered);
      }),
    )
      .withReducer(rootReducer, stateOf(carol))
      .provide(contextOf(carol))
      .run(RUN_LIMIT_MS);
    const state = result.storeState as LoadedState;
    expect(selectReactionButtons(state, postId, undefined)).toEqual([]);
    expect(state.reactions.items[postId]).toMatchObject({
      overlay: {},
      mine: [],
      error: CONVERSATION_MESSAGES.membersOnly,
    });
    expect(await env.admin.db.query({ collection: 'reactions' })).toEqual([]);
  });

  it('follows my reactions on a post live until it is unfollowed', async () => {
    const mineWith = (count: number) => (action: Action) =>
      myReactionsReceived.match(action) && action.payload.reactions.length === count;
    const result = await expectSaga(
      scripted(reactionsSaga, function* script() {
        yield put(myReactionsFollowed({ postId, live: true }));
        yield* waitFor(mineWith(0));
        yield put(reactionToggled({ item: postItem(), kind: 'eyes', seq: 1 }));
        yield* waitFor(mineWith(1));
        yield put(myReactionsUnfollowed({ postId }));
        yield put(reactionToggled({ item: postItem(), kind: 'laugh', seq: 2 }));
        yield take((action: Action) => reactionAnswered.match(action) && action.payload.kind === 'laugh');
        yield call(() => new Promise((resolve) => setTimeout(resolve, 400)));
      }),
    )
      .withReducer(rootReducer, stateOf(bob))
      .provide(contextOf(bob))
      .run(RUN_LIMIT_MS);
    const received = putActions(result).filter((action): action is ReturnType<typeof myReactionsReceived> =>
      myReactionsReceived.match(action),
    );
    expect(received.map((action) => action.payload.reactions.map((reaction) => reaction.kind))).toEqual([[], ['eyes']]);
    // The laugh came from the toggle's own answer, not from a subscription left open.
    expect((result.storeState as LoadedState).reactions.items[postId]?.mine.slice().sort()).toEqual(['eyes', 'laugh']);
  });
});
