// Comment threads under tribe posts, keyed by post: whether each is open, its live newest page and
// the earlier pages read on request, the composer's draft, and every operation in flight with the
// answer the person sees. Plain data only (Redux DevTools replays it).
import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import { resetOnSignOut } from '../../app/sagas';
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
export type CommentOperation = 'add' | 'edit' | 'delete' | 'earlier';

/** An answer shown beside what it concerns; `seq` grows with every answer, so each one is news. */
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

export interface EditState {
  status: 'saving' | 'saved' | 'failed';
  message: string | null;
  seq: number;
}

export interface CommentsState {
  /** By post id. */
  threads: Record<string, ThreadState>;
  /** By post id. */
  composers: Record<string, CommentComposerState>;
  /** By comment id: the last edit's state. */
  edits: Record<string, EditState>;
  /** Operations in flight, keyed `${operation}:${postId or commentId}`. */
  inFlight: Record<string, CommentOperation>;
  /** Grows with every answer. */
  seq: number;
}

export const initialCommentsState: CommentsState = { threads: {}, composers: {}, edits: {}, inFlight: {}, seq: 0 };

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

export const commentOperationKey = (operation: CommentOperation, id: string) => `${operation}:${id}`;

type ForPost = { postId: string };
type ForComment = ForPost & { commentId: string };
type Answer = { success: boolean; message: string };

/** What a new comment is about: the post (whose author is told) and, for a reply, the comment it answers. */
export interface CommentTarget {
  postId: string;
  tribeId: string;
  postAuthorId: string;
}

const composerOf = (state: CommentsState, postId: string) =>
  (state.composers[postId] ??= { ...emptyComposer, sending: [] });

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
      state.inFlight[commentOperationKey('earlier', action.payload.postId)] = 'earlier';
    },
    earlierLoaded(state, action: PayloadAction<ForPost & { comments: PostComment[]; hasMore: boolean }>) {
      const { postId, comments, hasMore } = action.payload;
      delete state.inFlight[commentOperationKey('earlier', postId)];
      const thread = state.threads[postId];
      if (!thread) return;
      thread.pages = appendEarlierComments(thread.pages, comments);
      thread.hasEarlier = hasMore;
      thread.loadingEarlier = false;
    },
    earlierFailed(state, action: PayloadAction<ForPost & { message: string }>) {
      delete state.inFlight[commentOperationKey('earlier', action.payload.postId)];
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
    commentRequested(
      state,
      action: PayloadAction<CommentTarget & { body: string; parent: { id: string; authorId: string } | null }>,
    ) {
      const { postId, body } = action.payload;
      const composer = composerOf(state, postId);
      // The same text already on its way is a double click: the saga drops it too.
      if (!composer.sending.includes(body)) composer.sending.push(body);
      composer.error = null;
      state.inFlight[commentOperationKey('add', postId)] = 'add';
    },
    commentAnswered(state, action: PayloadAction<ForPost & Answer & { body: string; commentId: string | null }>) {
      const { postId, body, success, message } = action.payload;
      state.seq += 1;
      const composer = composerOf(state, postId);
      const index = composer.sending.indexOf(body);
      if (index >= 0) composer.sending.splice(index, 1);
      if (success) {
        composer.draft = withoutSubmitted(composer.draft, body);
        if (composer.draft.trim() === '') composer.replyTo = null;
        composer.posted = { success, message, seq: state.seq };
      } else {
        composer.error = message;
        composer.posted = null;
        // Refused: the text is never lost, even if the composer was cleared meanwhile.
        if (!composer.draft.includes(body))
          composer.draft = composer.draft.trim() ? `${body}\n\n${composer.draft}` : body;
      }
      if (composer.sending.length === 0) delete state.inFlight[commentOperationKey('add', postId)];
    },

    // ---- editing and deleting ----
    editRequested(state, action: PayloadAction<ForComment & { body: string }>) {
      const { commentId } = action.payload;
      state.edits[commentId] = { status: 'saving', message: null, seq: state.seq };
      state.inFlight[commentOperationKey('edit', commentId)] = 'edit';
    },
    editAnswered(state, action: PayloadAction<ForComment & Answer & { body: string }>) {
      const { postId, commentId, success, message, body } = action.payload;
      state.seq += 1;
      delete state.inFlight[commentOperationKey('edit', commentId)];
      state.edits[commentId] = { status: success ? 'saved' : 'failed', message, seq: state.seq };
      // The live page brings the edit; an earlier page is not live, so it shows it from here.
      const thread = state.threads[postId];
      const shown = thread?.pages.earlier.find((comment) => comment.id === commentId);
      if (success && shown && shown.body !== body.trim()) {
        shown.body = body.trim();
        shown.editedAt ??= shown.createdAt;
      }
    },
    /** The editor was closed: its last answer no longer applies. */
    editClosed(state, action: PayloadAction<{ commentId: string }>) {
      if (state.edits[action.payload.commentId]?.status !== 'saving') delete state.edits[action.payload.commentId];
    },
    deleteRequested(state, action: PayloadAction<ForComment>) {
      state.inFlight[commentOperationKey('delete', action.payload.commentId)] = 'delete';
    },
    deleteAnswered(state, action: PayloadAction<ForComment & Answer>) {
      const { postId, commentId, success, message } = action.payload;
      state.seq += 1;
      delete state.inFlight[commentOperationKey('delete', commentId)];
      const thread = state.threads[postId];
      if (!thread) return;
      thread.notice = { success, message, seq: state.seq };
      // The live page brings deletions within it; earlier pages are not live.
      if (success) thread.pages = withoutComment(thread.pages, commentId);
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
  commentAnswered,
  editRequested,
  editAnswered,
  editClosed,
  deleteRequested,
  deleteAnswered,
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

/** Whether the comment is being edited or deleted right now. */
export const selectCommentBusy = (state: WithComments, commentId: string) => {
  const inFlight = selectCommentsInFlight(state);
  return (
    inFlight[commentOperationKey('edit', commentId)] !== undefined ||
    inFlight[commentOperationKey('delete', commentId)] !== undefined
  );
};
