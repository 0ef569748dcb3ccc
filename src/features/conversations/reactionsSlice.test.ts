// What the reaction buttons show while toggles are on their way, through the real reducers: the
// counts and my reactions arrive on their own live subscriptions, in any order with the answers.
import type { UnknownAction } from '@reduxjs/toolkit';

import type { LoadedState } from '../../app/rootReducer';
import type { ReactionItem } from '../../domain/conversationTypes';
import type { TribePost } from '../../domain/tribeTypes';
import { rootReducer } from '../../test/allFeatures';
import { signedInRootState } from '../../test/signedInState';
import { authStateChanged } from '../session';
import { livePostsReceived } from '../tribes';
import { liveCommentsReceived, threadOpened } from './commentsSlice';
import {
  myReactionsReceived,
  reactionAnswered,
  reactionToggled,
  selectReactionButtons,
  selectNextToggle,
} from './reactionsSlice';

const item: ReactionItem = { type: 'post', id: 'p1', postId: 'p1', tribeId: 't1', authorId: 'ada' };
const post = (hearts: number): TribePost => ({
  id: 'p1',
  tribeId: 't1',
  authorId: 'ada',
  authorName: 'Ada',
  authorPhoto: null,
  body: 'Hello',
  createdAt: 1,
  commentCount: 0,
  reactionCounts: hearts > 0 ? { heart: hearts } : {},
});
const counts = (hearts: number) => livePostsReceived({ tribeId: 't1', posts: [post(hearts)] });
const press = (seq: number) => reactionToggled({ item, kind: 'heart', seq });
const answer = (reacted: boolean | null, success = true, message = success ? 'ok' : 'Refused') =>
  reactionAnswered({ operation: 'toggle', itemId: 'p1', kind: 'heart', success, message, reacted });
const mine = (kinds: 'heart'[]) =>
  myReactionsReceived({ postId: 'p1', reactions: kinds.map((kind) => ({ itemId: 'p1', kind })) });

const run = (...actions: UnknownAction[]) =>
  actions.reduce(rootReducer, signedInRootState({ uid: 'bob', email: null, displayName: 'Bob' }));
const hearts = (state: LoadedState) =>
  selectReactionButtons(state, 'p1', undefined).map((button) => [button.count, button.mine]);

it('shows a press at once, keeps it through its answer and the counts that hold it', () => {
  expect(hearts(run(counts(1), press(1)))).toEqual([[2, true]]);
  expect(hearts(run(counts(1), press(1), answer(true)))).toEqual([[2, true]]);
  // Counts arriving after the answer hold the reaction: they are shown as they are.
  expect(hearts(run(counts(1), press(1), answer(true), counts(2), mine(['heart'])))).toEqual([[2, true]]);
  expect(hearts(run(counts(1), press(1), answer(true), counts(5)))).toEqual([[5, true]]);
});

it('never counts a reaction twice when the counts come before the answer', () => {
  // While the toggle is on its way, counts that may hold it do not move the button…
  expect(hearts(run(counts(1), press(1), counts(2)))).toEqual([[2, true]]);
  // …and once answered, the counts seen meanwhile are the truth.
  expect(hearts(run(counts(1), press(1), counts(2), answer(true)))).toEqual([[2, true]]);
  expect(hearts(run(counts(1), press(1), counts(3), answer(true)))).toEqual([[3, true]]);
});

it('rolls a refused press back to the counts, with the message', () => {
  const state = run(counts(1), press(1), answer(null, false, 'Only members of this tribe can comment and react'));
  expect(hearts(state)).toEqual([[1, false]]);
  expect(state.reactions.items.p1?.error).toBe('Only members of this tribe can comment and react');
  // The next press clears the message.
  expect(run(counts(1), press(1), answer(null, false), press(2)).reactions.items.p1?.error).toBeNull();
});

it('two presses on their way: the second takes the first back, and both answers settle it', () => {
  const both = run(counts(0), mine([]), press(1), press(2));
  expect(hearts(both)).toEqual([]);
  expect(selectNextToggle(both, 'p1')).toBe(3);
  expect(hearts(run(counts(0), press(1), press(2), answer(true)))).toEqual([]);
  expect(hearts(run(counts(0), press(1), press(2), answer(true), answer(false)))).toEqual([]);
  // Answered otherwise than shown (the server had it already): the documents decide.
  expect(hearts(run(counts(1), press(1), answer(false), counts(0)))).toEqual([]);
});

it('takes counts from older pages and comments, and mine from my reactions', () => {
  const older = run(livePostsReceived({ tribeId: 't1', range: '[[9,"p9"],null]', posts: [post(4)] }), mine(['heart']));
  expect(hearts(older)).toEqual([[4, true]]);
  const comments = run(
    threadOpened({ postId: 'p1', tribeId: 't1' }),
    liveCommentsReceived({
      postId: 'p1',
      comments: [
        {
          id: 'c1',
          postId: 'p1',
          tribeId: 't1',
          authorId: 'ada',
          authorName: 'Ada',
          authorPhoto: null,
          body: 'Hi',
          parentId: null,
          createdAt: 1,
          editedAt: null,
          reactionCounts: { rocket: 3 },
        },
      ],
    }),
    myReactionsReceived({ postId: 'p1', reactions: [{ itemId: 'c1', kind: 'rocket' }] }),
  );
  expect(selectReactionButtons(comments, 'c1', undefined)).toEqual([
    { kind: 'rocket', name: 'Rocket', emoji: '🚀', count: 3, mine: true },
  ]);
  // My reactions on the post arrive whole: one taken back elsewhere is no longer mine.
  expect(hearts(run(counts(2), mine(['heart']), mine([])))).toEqual([[2, false]]);
});

it('forgets everything on sign-out', () => {
  const state = run(counts(1), press(1), authStateChanged({ user: null }));
  expect(state.reactions).toEqual({ items: {}, inFlight: {}, lastOutcome: null });
});
