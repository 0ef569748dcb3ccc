import { eventChannel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { EffectProviders } from 'redux-saga-test-plan/providers';

import type { LoadedState } from '../../app/rootReducer';
import type { QuerySpec } from '../../backend/port';
import { feedCursor } from '../../domain/tribeLogic';
import { TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { TribePost } from '../../domain/tribeTypes';
import { rootReducer } from '../../test/allFeatures';
import { tribeInput } from '../../test/fixtures';
import { FAKE_DB, sagaContext } from '../../test/sagaProviders';
import { signedInRootState } from '../../test/signedInState';
import { feedPosts } from './feedRanges';
import { postsQuery } from './tribeQueries';
import { createPost, createTribe, deletePost, joinTribe, leaveTribe } from './tribesApi';
import { selectFeedHasMore } from './tribeSelectors';
import { tribesSaga } from './tribesSagas';
import {
  createRequested,
  deletePostRequested,
  joinRequested,
  leaveRequested,
  livePostsReceived,
  morePostsRequested,
  operationFinished,
  postRequested,
  tribeCreated,
  tribeOpened,
} from './tribesSlice';
import { followFeed, queryChannel } from './tribeWatchSagas';

const db = FAKE_DB;
const context = sagaContext();

const signedIn = (): LoadedState =>
  signedInRootState(
    { uid: 'bob', email: 'bob@example.test', displayName: 'Bob' },
    { displayName: 'Bob Builder', photoURL: 'https://example.test/bob.png' },
  );

const bob = { uid: 'bob', displayName: 'Bob Builder', photoURL: 'https://example.test/bob.png' };
const input = tribeInput();
/** Resolves on the next macrotask: long enough for a second click to arrive while the first is in flight. */
const slow = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 20));

describe('tribes sagas', () => {
  // The double click and posts queued behind one another are proven on the real store
  // (tribesStore.test.ts, tribesConcurrency.test.ts).
  it('publishes a post as the signed-in author and records the outcome with the text it published', async () => {
    const result = await expectSaga(tribesSaga)
      .withReducer(rootReducer, signedIn())
      .provide([
        ...context,
        [matchers.call.fn(createPost), { success: true, message: TRIBE_MESSAGES.posted, postId: 'p1' }],
      ])
      .call(createPost, db, bob, 't1', 'Hello')
      .put(
        operationFinished({
          operation: 'post',
          tribeId: 't1',
          targetId: '',
          success: true,
          message: TRIBE_MESSAGES.posted,
          body: 'Hello',
        }),
      )
      .dispatch(postRequested({ tribeId: 't1', body: 'Hello' }))
      .silentRun(50);
    expect(result.storeState.tribes.inFlight).toEqual({});
    expect(result.storeState.tribes.lastOutcome).toMatchObject({ operation: 'post', success: true, seq: 1 });
  });

  it('reports a created tribe by id, and a taken name as a field error', async () => {
    const created = await expectSaga(tribesSaga)
      .withReducer(rootReducer, signedIn())
      .provide([
        ...context,
        [matchers.call.fn(createTribe), { success: true, message: TRIBE_MESSAGES.created, tribeId: 't9' }],
      ])
      .put(tribeCreated({ tribeId: 't9', message: TRIBE_MESSAGES.created }))
      .dispatch(createRequested(input))
      .silentRun(50);
    expect(created.storeState.tribes.create).toMatchObject({ status: 'succeeded', tribeId: 't9' });

    const taken = await expectSaga(tribesSaga)
      .withReducer(rootReducer, signedIn())
      .provide([
        ...context,
        [
          matchers.call.fn(createTribe),
          { success: false, message: TRIBE_MESSAGES.nameTaken, fieldErrors: { name: TRIBE_MESSAGES.nameTaken } },
        ],
      ])
      .dispatch(createRequested(input))
      .silentRun(50);
    expect(taken.storeState.tribes.create).toEqual({
      status: 'failed',
      message: TRIBE_MESSAGES.nameTaken,
      fieldErrors: { name: TRIBE_MESSAGES.nameTaken },
      tribeId: null,
    });
  });

  it('joining and leaving one tribe share a queue: a leave asked while the join runs waits for it', async () => {
    const calls: string[] = [];
    const answering: EffectProviders = {
      call(effect, next) {
        if (effect.fn === joinTribe) {
          const tribeId = effect.args[2] as string;
          calls.push(`join ${tribeId}`);
          return slow({ success: true, message: 'Joined' }).then((result) => {
            calls.push(`joined ${tribeId}`);
            return result;
          });
        }
        if (effect.fn === leaveTribe) {
          calls.push(`leave ${effect.args[2] as string}`);
          return { success: true, message: 'Left' };
        }
        return next();
      },
    };
    const result = await expectSaga(tribesSaga)
      .withReducer(rootReducer, signedIn())
      .provide([...context, answering] as never)
      .dispatch(joinRequested({ tribeId: 't1' }))
      .dispatch(leaveRequested({ tribeId: 't1' }))
      .dispatch(leaveRequested({ tribeId: 't2' }))
      .put(operationFinished({ operation: 'leave', tribeId: 't1', targetId: '', success: true, message: 'Left' }))
      .silentRun(200);
    expect(calls).toEqual(['join t1', 'leave t2', 'joined t1', 'leave t1']);
    expect(result.storeState.tribes.inFlight).toEqual({});
  });

  it('answers operations of a signed-out visitor without calling the backend', async () => {
    const signedOut = rootReducer(undefined, { type: '@@INIT' });
    await expectSaga(tribesSaga)
      .withReducer(rootReducer, signedOut)
      .provide(context)
      .not.call.fn(joinTribe)
      .put(
        operationFinished({
          operation: 'join',
          tribeId: 't1',
          targetId: '',
          success: false,
          message: TRIBE_MESSAGES.notSignedIn,
        }),
      )
      .dispatch(joinRequested({ tribeId: 't1' }))
      .silentRun(50);
  });

  it('takes a deleted post out of the feed, keyed by post so two deletes run side by side', async () => {
    const post = (id: string, createdAt: number): TribePost => ({
      id,
      tribeId: 't1',
      authorId: 'bob',
      authorName: 'Bob',
      authorPhoto: null,
      body: id,
      createdAt,
    });
    const state = rootReducer(
      rootReducer(signedIn(), tribeOpened({ tribeId: 't1' })),
      livePostsReceived({ tribeId: 't1', posts: [post('p2', 2), post('p1', 1)] }),
    );
    let calls = 0;
    const result = await expectSaga(tribesSaga)
      .withReducer(rootReducer, state)
      .provide([
        ...context,
        {
          call(effect, next) {
            if (effect.fn !== deletePost) return next();
            calls += 1;
            return slow({ success: true, message: TRIBE_MESSAGES.postDeleted });
          },
        },
      ])
      .dispatch(deletePostRequested({ tribeId: 't1', postId: 'p1' }))
      .dispatch(deletePostRequested({ tribeId: 't1', postId: 'p2' }))
      .dispatch(deletePostRequested({ tribeId: 't1', postId: 'p2' }))
      .silentRun(100);
    expect(calls).toBe(2);
    const after = result.storeState as LoadedState;
    expect(feedPosts(after.tribes.details.feed)).toEqual([]);
  });

  it('loads the next page after the last post shown, as a live range', async () => {
    const shown: TribePost = {
      id: 'p1',
      tribeId: 't1',
      authorId: 'a',
      authorName: 'A',
      authorPhoto: null,
      body: 'x',
      createdAt: 5,
    };
    const older: TribePost = { ...shown, id: 'p0', createdAt: 4 };
    const state = rootReducer(
      rootReducer(signedIn(), tribeOpened({ tribeId: 't1' })),
      livePostsReceived({ tribeId: 't1', posts: [shown] }),
    );
    // Each range's subscription answers with the posts its query holds.
    const asked: QuerySpec[] = [];
    const answering: EffectProviders = {
      call(effect, next) {
        if (effect.fn !== queryChannel) return next();
        const spec = effect.args[1] as QuerySpec;
        asked.push(spec);
        const posts = spec.startAfter ? [older] : [shown];
        return eventChannel((emit) => {
          const timer = setTimeout(() => emit({ value: posts }));
          return () => clearTimeout(timer);
        });
      },
    };
    const result = await expectSaga(followFeed, db, 't1')
      .withReducer(rootReducer, state)
      .provide([answering])
      .dispatch(morePostsRequested({ tribeId: 't1' }))
      .silentRun(50);
    expect(asked).toEqual([postsQuery('t1'), postsQuery('t1', { after: feedCursor(shown), until: null }, 20)]);
    const after = result.storeState as LoadedState;
    expect(feedPosts(after.tribes.details.feed)).toEqual([shown, older]);
    expect(selectFeedHasMore(after)).toBe(false);
  });
});
