// Comment threads under tribe posts, keyed by post: whether each is open, its live newest page and
// the earlier pages read on request, the composer's draft, and every operation in flight with the
// answer the person sees. Plain data only (Redux DevTools replays it).
import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import type { FinishedOperation, InFlight, OperationOutcome, OperationRequest } from '../../app/sagas';
import { isPending, operationReducers, resetOnSignOut } from '../../app/sagas';
import type { PostComment } from '../../domain/conversationTypes';
import { COMMENTS_PAGE_SIZE } from '../../domain/conversationTypes';
import { withoutSubmitted } from '../../domain/tribeLogic';
import type { CommentPages, ThreadEntry } from './conversationLogic';
import {
  appendEarlierComments,
  mergeLiveComments,
  NO_COMMENTS,
  threadEntries,
  withoutComment,
} from './conversationLogic';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';
export type CommentOperation = 'add' | 'edit' | 'delete';

/** What a comment operation is about: the post, and the comment ('' for a new one). */
export interface CommentSubject {
  postId: string;
  commentId: string;
  /** The submitted text (add, edit): a new comment's answer clears exactly that text from the composer. */
  body?: string;
}

export type CommentOutcome = OperationOutcome<CommentOperation, CommentSubject>;

/** An answer shown beside what it concerns; `seq` (the outcome's) grows with every answer, so each one is news. */
export interface Notice {
  success: boolean;
  message: string;
  seq: number;
}

export interface ThreadState {
  tribeId: string;
  /** The thread is shown under its post (and followed live while it is). */
  open: boolean;
  status: LoadStatus;
  error: string | null;
  pages: CommentPages;
  /** A page before the oldest comment shown may exist. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  earlierError: string | null;
  /** The last deletion's answer (the comment it concerns is gone from the thread). */
  notice: Notice | null;
}

/** The comment a reply answers, and the author quoted. */
export interface ReplyTarget {
  /** the comment Reply was pressed on (a reply to a reply is posted under its top-level comment) */
  commentId: string;
  authorId: string;
  /** whose words are quoted */
  quotedName: string;
  /** what the reply's text starts with (conversationLogic.replyQuote) */
  quote: string;
}

export interface CommentComposerState {
  draft: string;
  replyTo: ReplyTarget | null;
  /** Texts submitted and not answered yet, in order. */
  sending: string[];
  /** Why the last submission was refused; its text stays in the draft. */
  error: string | null;
  /** The last comment posted from here, for a polite "posted" message. */
  posted: Notice | null;
}

/** The last edit's answer (while one is on its way, the comment's operation is pending). */
export interface EditState {
  status: 'saved' | 'failed';
  message: string | null;
  seq: number;
}

export interface CommentsState {
  /** By post id. */
  threads: Record<string, ThreadState>;
  /** By post id. */
  composers: Record<string, CommentComposerState>;
  /** By comment id: the last edit's answer. */
  edits: Record<string, EditState>;
  /** Operations asked for and not finished, keyed by commentOperationKey. */
  inFlight: InFlight<CommentOperation, CommentSubject>;
  lastOutcome: CommentOutcome | null;
}

export const initialCommentsState: CommentsState = {
  threads: {},
  composers: {},
  edits: {},
  inFlight: {},
  lastOutcome: null,
};

const emptyThread = (tribeId: string): ThreadState => ({
  tribeId,
  open: false,
  status: 'idle',
  error: null,
  pages: NO_COMMENTS,
  hasEarlier: false,
  loadingEarlier: false,
  earlierError: null,
  notice: null,
});

const emptyComposer: CommentComposerState = { draft: '', replyTo: null, sending: [], error: null, posted: null };

/**
 * The queue and busy flag of a comment operation: new comments on one post publish in order, one
 * at a time; an edit and a delete of one comment share the comment's, so neither overtakes the other.
 */
const commentKey = (commentId: string) => `comment:${commentId}`;
const commentOperationKey = (operation: CommentOperation, { postId, commentId }: CommentSubject) =>
  operation === 'add' ? `add:${postId}` : commentKey(commentId);

const operations = operationReducers<CommentOperation, CommentSubject>(commentOperationKey);

type ForPost = { postId: string };
type ForComment = ForPost & { commentId: string };
type NewComment = CommentTarget & { body: string; parent: { id: string; authorId: string } | null };

/** What a new comment is about: the post (whose author is told) and, for a reply, the comment it answers. */
export interface CommentTarget {
  postId: string;
  tribeId: string;
  postAuthorId: string;
}

const composerOf = (state: CommentsState, postId: string) =>
  (state.composers[postId] ??= { ...emptyComposer, sending: [] });

/** A new comment's answer: posted, its text leaves the draft; refused, the text stays with the reason. */
function composerAnswered(composer: CommentComposerState, body: string, answer: Notice) {
  const index = composer.sending.indexOf(body);
  if (index >= 0) composer.sending.splice(index, 1);
  if (answer.success) {
    composer.draft = withoutSubmitted(composer.draft, body);
    if (composer.draft.trim() === '') composer.replyTo = null;
    composer.posted = answer;
  } else {
    composer.error = answer.message;
    composer.posted = null;
    // Refused: the text is never lost, even if the composer was cleared meanwhile.
    if (!composer.draft.includes(body)) composer.draft = composer.draft.trim() ? `${body}\n\n${composer.draft}` : body;
  }
}

const commentsSlice = createSlice({
  name: 'comments',
  initialState: initialCommentsState,
  reducers: {
    // ---- a thread, followed live while open ----
    threadOpened(state, action: PayloadAction<ForPost & { tribeId: string }>) {
      const { postId, tribeId } = action.payload;
      const thread = (state.threads[postId] ??= emptyThread(tribeId));
      thread.open = true;
      thread.error = null;
      // Comments read before stay on screen while the live query reconnects.
      if (thread.status !== 'ready') thread.status = 'loading';
    },
    threadClosed(state, action: PayloadAction<ForPost>) {
      const thread = state.threads[action.payload.postId];
      if (thread) thread.open = false;
    },
    liveCommentsReceived(state, action: PayloadAction<ForPost & { comments: PostComment[] }>) {
      const { postId, comments } = action.payload;
      const thread = state.threads[postId];
      if (!thread) return;
      const first = thread.status !== 'ready';
      thread.pages = mergeLiveComments(thread.pages, comments, COMMENTS_PAGE_SIZE);
      // Earlier pages decide once one was read; before that, a full live page may have more before it.
      if (first || thread.pages.earlier.length === 0) thread.hasEarlier = comments.length >= COMMENTS_PAGE_SIZE;
      thread.status = 'ready';
      thread.error = null;
    },
    threadFailed(state, action: PayloadAction<ForPost & { message: string }>) {
      const thread = state.threads[action.payload.postId];
      if (!thread) return;
      thread.status = 'failed';
      thread.error = action.payload.message;
    },
    earlierRequested(state, action: PayloadAction<ForPost>) {
      const thread = state.threads[action.payload.postId];
      if (!thread) return;
      thread.loadingEarlier = true;
      thread.earlierError = null;
    },
    earlierLoaded(state, action: PayloadAction<ForPost & { comments: PostComment[]; hasMore: boolean }>) {
      const { postId, comments, hasMore } = action.payload;
      const thread = state.threads[postId];
      if (!thread) return;
      thread.pages = appendEarlierComments(thread.pages, comments);
      thread.hasEarlier = hasMore;
      thread.loadingEarlier = false;
    },
    earlierFailed(state, action: PayloadAction<ForPost & { message: string }>) {
      const thread = state.threads[action.payload.postId];
      if (!thread) return;
      thread.loadingEarlier = false;
      thread.earlierError = action.payload.message;
    },

    // ---- the composer ----
    commentDraftChanged(state, action: PayloadAction<ForPost & { draft: string }>) {
      const composer = composerOf(state, action.payload.postId);
      composer.draft = action.payload.draft;
      composer.error = null;
    },
    /** Reply: the composer answers `replyTo`, its text starting with the quote (in place of an earlier reply's). */
    replyStarted(state, action: PayloadAction<ForPost & { replyTo: ReplyTarget }>) {
      const { postId, replyTo } = action.payload;
      const composer = composerOf(state, postId);
      const previous = composer.replyTo?.quote;
      const text =
        previous && composer.draft.startsWith(previous) ? composer.draft.slice(previous.length) : composer.draft;
      composer.draft = text.startsWith(replyTo.quote) ? text : `${replyTo.quote}${text.trimStart()}`;
      composer.replyTo = replyTo;
      composer.error = null;
    },
    /** Back to a comment on the post: the quote goes, whatever was written after it stays. */
    replyCancelled(state, action: PayloadAction<ForPost>) {
      const composer = state.composers[action.payload.postId];
      if (!composer?.replyTo) return;
      const { quote } = composer.replyTo;
      if (composer.draft.startsWith(quote)) composer.draft = composer.draft.slice(quote.length);
      composer.replyTo = null;
    },
    commentRequested: {
      prepare: operations.prepare('add', ({ postId, body }: NewComment) => ({ postId, commentId: '', body })),
      reducer(state, action: OperationRequest<NewComment, CommentOperation, CommentSubject>) {
        const { postId, body } = action.payload;
        const composer = composerOf(state, postId);
        // The same text already on its way is a double click: the saga drops it too.
        if (!composer.sending.includes(body)) composer.sending.push(body);
        composer.error = null;
        operations.requested(state, action);
      },
    },

    // ---- editing and deleting ----
    editRequested: operations.request('edit', ({ postId, commentId, body }: ForComment & { body: string }) => ({
      postId,
      commentId,
      body,
    })),
    deleteRequested: operations.request('delete', ({ postId, commentId }: ForComment) => ({ postId, commentId })),
    /** Every operation's answer: beside the composer, the edited comment, or the thread. */
    operationFinished(state, action: PayloadAction<FinishedOperation<CommentOperation, CommentSubject>>) {
      operations.settled(state, action.payload);
      const { operation, postId, commentId, body = '', success, message, seq } = state.lastOutcome!;
      if (operation === 'add') composerAnswered(composerOf(state, postId), body, { success, message, seq });
      else if (operation === 'edit') {
        state.edits[commentId] = { status: success ? 'saved' : 'failed', message, seq };
        // The live page brings the edit; an earlier page is not live, so it shows it from here.
        const shown = state.threads[postId]?.pages.earlier.find((comment) => comment.id === commentId);
        if (success && shown && shown.body !== body.trim()) {
          shown.body = body.trim();
          shown.editedAt ??= shown.createdAt;
        }
      } else {
        const thread = state.threads[postId];
        if (!thread) return;
        thread.notice = { success, message, seq };
        // The live page brings deletions within it; earlier pages are not live.
        if (success) thread.pages = withoutComment(thread.pages, commentId);
      }
    },
    /** The editor was closed: its last answer no longer applies. */
    editClosed(state, action: PayloadAction<{ commentId: string }>) {
      const { commentId } = action.payload;
      if (!isPending<CommentOperation>(state.inFlight, commentKey(commentId), 'edit')) delete state.edits[commentId];
    },
    noticeDismissed(state, action: PayloadAction<ForPost>) {
      const thread = state.threads[action.payload.postId];
      if (thread) thread.notice = null;
    },
  },
  extraReducers: (builder) => {
    // Another user signing in must not see the previous user's drafts or threads.
    resetOnSignOut(builder, initialCommentsState);
  },
  selectors: {
    selectThread: (state, postId: string): ThreadState | null => state.threads[postId] ?? null,
    selectCommentComposer: (state, postId: string): CommentComposerState => state.composers[postId] ?? emptyComposer,
    selectEdit: (state, commentId: string): EditState | null => state.edits[commentId] ?? null,
    selectCommentsInFlight: (state) => state.inFlight,
  },
});

export const {
  threadOpened,
  threadClosed,
  liveCommentsReceived,
  threadFailed,
  earlierRequested,
  earlierLoaded,
  earlierFailed,
  commentDraftChanged,
  replyStarted,
  replyCancelled,
  commentRequested,
  editRequested,
  deleteRequested,
  operationFinished,
  editClosed,
  noticeDismissed,
} = commentsSlice.actions;

/** The comments state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectCommentsState = selectLazySlice(commentsSlice);

export const { selectThread, selectCommentComposer, selectEdit, selectCommentsInFlight } =
  commentsSlice.getSelectors(selectCommentsState);

export default commentsSlice.reducer;

// ---- derived data ----

type WithComments = MayHold<'comments'>;

const NO_ENTRIES: ThreadEntry[] = [];

/** The thread as it reads, oldest first, replies under their comment; memoized per thread's pages. */
export const selectThreadEntries = createSelector(
  [(state: WithComments, postId: string) => selectThread(state, postId)?.pages],
  (pages) => (pages ? threadEntries(pages) : NO_ENTRIES),
);

export const selectIsThreadOpen = (state: WithComments, postId: string) => selectThread(state, postId)?.open ?? false;

/** Whether the comment is being edited or deleted right now (or `operation` only). */
export const selectCommentBusy = (state: WithComments, commentId: string, operation?: 'edit' | 'delete') =>
  isPending<CommentOperation>(selectCommentsInFlight(state), commentKey(commentId), operation);
