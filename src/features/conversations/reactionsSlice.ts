// Reactions on posts and comments, keyed by item id: the counts as the post's or comment's
// document has them, which ones are mine (my reactions, live), and the toggles on their way,
// shown at once and rolled back, with the reason, when refused. Plain data only.
import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import type { FinishedOperation, InFlight, OperationOutcome, OperationRequest } from '../../app/sagas';
import { isPending, operationReducers, resetOnSignOut } from '../../app/sagas';
import type { ReactionCounts, ReactionItem, ReactionKind } from '../../domain/conversationTypes';
import type { TribePost } from '../../domain/tribeTypes';
import { livePostsReceived } from '../tribes';
import { earlierLoaded, liveCommentsReceived } from './commentsSlice';
import type { ReactionButton, ReactionOverlay } from './conversationLogic';
import { reactionButtons } from './conversationLogic';

export interface ItemReactions {
  /** The post the item is (or is under): my reactions arrive per post. */
  postId: string;
  counts: ReactionCounts;
  /** My reactions on it, as last read (or answered by a toggle). */
  mine: ReactionKind[];
  /** Toggles on their way (or answered, not yet in the counts), by kind: what the buttons show meanwhile. */
  overlay: Partial<Record<ReactionKind, ReactionOverlay>>;
  /** Toggles sent so far: each toggle is numbered, so two presses are two toggles, never one dropped as a repeat. */
  toggles: number;
  /** Why the last toggle was refused. */
  error: string | null;
}

/** A toggle is the one reaction operation: one kind, on one post or comment. */
export type ReactionOperation = 'toggle';
export interface ReactionSubject {
  itemId: string;
  kind: ReactionKind;
}

export interface ReactionsState {
  /** By post or comment id. */
  items: Record<string, ItemReactions>;
  /** Toggles sent and not answered, per item (one queue each), in order. */
  inFlight: InFlight<ReactionOperation, ReactionSubject>;
  lastOutcome: OperationOutcome<ReactionOperation, ReactionSubject> | null;
}

export const initialReactionsState: ReactionsState = { items: {}, inFlight: {}, lastOutcome: null };

const operations = operationReducers<ReactionOperation, ReactionSubject>((_operation, { itemId }) => itemId);

/** Toggles of `kind` on the item sent and not answered yet. */
const pendingToggles = (state: ReactionsState, itemId: string, kind: ReactionKind) =>
  (state.inFlight[itemId] ?? []).filter((entry) => entry.subject.kind === kind).length;

/** A toggle's answer: the outcome, and whether the reaction is on now (null: not known, it was refused). */
export type ReactionAnswer = FinishedOperation<ReactionOperation, ReactionSubject> & { reacted: boolean | null };

type Toggle = { item: ReactionItem; kind: ReactionKind; seq: number };

const emptyItem = (postId: string): ItemReactions => ({
  postId,
  counts: {},
  mine: [],
  overlay: {},
  toggles: 0,
  error: null,
});

const itemOf = (state: ReactionsState, itemId: string, postId: string) => (state.items[itemId] ??= emptyItem(postId));

/** Counts as the item's document has them now: a toggle answered before stops overlaying them. */
function countsArrived(state: ReactionsState, itemId: string, postId: string, counts: ReactionCounts | undefined) {
  const item = itemOf(state, itemId, postId);
  item.counts = counts ?? {};
  for (const [kind, overlay] of Object.entries(item.overlay) as [ReactionKind, ReactionOverlay][]) {
    // Still on its way: these counts may or may not hold it yet. Answered: they do.
    if (pendingToggles(state, itemId, kind) > 0) overlay.countsSeen = true;
    else delete item.overlay[kind];
  }
}

const postCounts = (state: ReactionsState, posts: readonly TribePost[]) => {
  for (const post of posts) countsArrived(state, post.id, post.id, post.reactionCounts);
};

type ForItem = { itemId: string };

const reactionsSlice = createSlice({
  name: 'reactions',
  initialState: initialReactionsState,
  reducers: {
    /** A press on a reaction (a button or the menu): shown at once, sent in order with the item's other toggles. */
    reactionToggled: {
      prepare: operations.prepare('toggle', ({ item, kind }: Toggle) => ({ itemId: item.id, kind })),
      reducer(state, action: OperationRequest<Toggle, ReactionOperation, ReactionSubject>) {
        const { item: target, kind, seq } = action.payload;
        const pending = pendingToggles(state, target.id, kind);
        operations.requested(state, action);
        // The same toggle again (the same number: a replay) is not a press: the queue drops it too.
        if (pendingToggles(state, target.id, kind) === pending) return;
        const item = itemOf(state, target.id, target.postId);
        const current = item.overlay[kind];
        const mine = current ? current.mine : item.mine.includes(kind);
        const count = current ? current.count : Math.max(item.counts[kind] ?? 0, mine ? 1 : 0);
        item.overlay[kind] = {
          mine: !mine,
          count: Math.max(0, count + (mine ? -1 : 1)),
          countsSeen: pending > 0 && (current?.countsSeen ?? false),
          refused: pending > 0 && (current?.refused ?? false),
        };
        item.toggles = Math.max(item.toggles, seq);
        item.error = null;
      },
    },
    reactionAnswered(state, action: PayloadAction<ReactionAnswer>) {
      const { itemId, kind, success, message, reacted } = action.payload;
      operations.settled(state, action.payload);
      const item = state.items[itemId];
      if (!item) return;
      if (success && reacted !== null) {
        item.mine = reacted ? [...new Set([...item.mine, kind])] : item.mine.filter((mine) => mine !== kind);
      }
      if (!success) item.error = message;
      const overlay = item.overlay[kind];
      if (!overlay) return;
      if (!success) overlay.refused = true;
      if (pendingToggles(state, itemId, kind) > 0) return;
      // Refused: back to what the documents say. Answered otherwise than shown: the documents know
      // the count. Counts already seen meanwhile hold it. Else it shows until the counts arrive.
      if (overlay.refused || overlay.countsSeen || (reacted !== null && reacted !== overlay.mine))
        delete item.overlay[kind];
    },
    reactionErrorDismissed(state, action: PayloadAction<ForItem>) {
      const item = state.items[action.payload.itemId];
      if (item) item.error = null;
    },
    /** A post is shown: follow my reactions on it and its comments (live on the feed's live page, else read once). */
    myReactionsFollowed(_state, _action: PayloadAction<{ postId: string; live: boolean }>) {},
    myReactionsUnfollowed(_state, _action: PayloadAction<{ postId: string }>) {},
    myReactionsReceived(
      state,
      action: PayloadAction<{ postId: string; reactions: { itemId: string; kind: ReactionKind }[] }>,
    ) {
      const { postId, reactions } = action.payload;
      for (const item of Object.values(state.items)) if (item.postId === postId) item.mine = [];
      for (const { itemId, kind } of reactions) {
        const item = itemOf(state, itemId, postId);
        if (!item.mine.includes(kind)) item.mine.push(kind);
      }
    },
    myReactionsFailed(_state, _action: PayloadAction<{ postId: string; message: string }>) {},
  },
  extraReducers: (builder) => {
    builder
      // Every page of the feed, each followed live.
      .addCase(livePostsReceived, (state, action) => postCounts(state, action.payload.posts))
      .addCase(liveCommentsReceived, (state, action) => {
        for (const comment of action.payload.comments)
          countsArrived(state, comment.id, comment.postId, comment.reactionCounts);
      })
      .addCase(earlierLoaded, (state, action) => {
        for (const comment of action.payload.comments)
          countsArrived(state, comment.id, comment.postId, comment.reactionCounts);
      });
    // Someone else signing in must not see the previous user's reactions as theirs.
    resetOnSignOut(builder, initialReactionsState);
  },
  selectors: {
    selectItemReactions: (state, itemId: string): ItemReactions | null => state.items[itemId] ?? null,
  },
});

export const {
  reactionToggled,
  reactionAnswered,
  reactionErrorDismissed,
  myReactionsFollowed,
  myReactionsUnfollowed,
  myReactionsReceived,
  myReactionsFailed,
} = reactionsSlice.actions;

/** The reactions state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectReactionsState = selectLazySlice(reactionsSlice);

export const { selectItemReactions } = reactionsSlice.getSelectors(selectReactionsState);

export default reactionsSlice.reducer;

// ---- derived data ----

type WithReactions = MayHold<'reactions'>;

const NO_BUTTONS: ReactionButton[] = [];

/**
 * The item's reaction buttons (counts above zero, mine marked, toggles on their way shown), from
 * `fallback` (the counts its document had when rendered) until the store has the item.
 */
export const selectReactionButtons = createSelector(
  [
    (state: WithReactions, itemId: string) => selectItemReactions(state, itemId),
    (_state: WithReactions, _itemId: string, fallback: ReactionCounts | undefined) => fallback,
  ],
  (item, fallback) => {
    if (item) return reactionButtons(item.counts, item.mine, item.overlay);
    return fallback ? reactionButtons(fallback, [], {}) : NO_BUTTONS;
  },
);

/** Whether a toggle of the item is on its way (its buttons say so: aria-busy). */
export const selectTogglesPending = (state: WithReactions, itemId: string) =>
  isPending(selectReactionsState(state).inFlight, itemId);

/** The number of the item's next toggle. */
export const selectNextToggle = (state: WithReactions, itemId: string) =>
  (selectItemReactions(state, itemId)?.toggles ?? 0) + 1;
