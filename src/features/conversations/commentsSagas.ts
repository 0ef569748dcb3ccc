// Comment threads: an open thread follows its newest page live until it is closed (the button,
// the page left, sign-out); earlier pages are read once on request; adding, editing and deleting
// run as the signed-in user, one at a time per thread or comment, each answered with a message.
import type { EventChannel } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import {
  callAsUser,
  fail,
  followChannel,
  putEach,
  subscriptionChannel,
  takeEachDistinct,
  untilSignedOut,
  whileOpen,
} from '../../app/sagas';
import type { Live, OperationResult } from '../../app/sagas';
import type { Backend, DocSnapshot, DocumentStore } from '../../backend/port';
import { CONVERSATION_MESSAGES } from '../../domain/conversationMessages';
import type { PostComment } from '../../domain/conversationTypes';
import { COMMENTS_PAGE_SIZE } from '../../domain/conversationTypes';
import type { TribeActor } from '../../domain/tribeTypes';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import type { ThreadState } from './commentsSlice';
import {
  commentAnswered,
  commentRequested,
  deleteAnswered,
  deleteRequested,
  earlierFailed,
  earlierLoaded,
  earlierRequested,
  editAnswered,
  editRequested,
  liveCommentsReceived,
  selectThread,
  threadClosed,
  threadFailed,
  threadOpened,
} from './commentsSlice';
import { oldestShown } from './conversationLogic';
import type { AddCommentResult, CommentParentRef, CommentPostRef } from './conversationsApi';
import {
  addComment,
  commentsQuery,
  deleteComment,
  earlierCommentsPage,
  editComment,
  toPostComment,
} from './conversationsApi';

const NOT_SIGNED_IN = fail(CONVERSATION_MESSAGES.notSignedIn);

const present = <T>(item: T | null): item is T => item !== null;

export const toComments = (snapshots: readonly DocSnapshot[]): PostComment[] =>
  snapshots.map((snap) => (snap.data ? toPostComment(snap.ref.id, snap.data) : null)).filter(present);

/** A post's newest page of comments, live; closing the channel unsubscribes. */
export function commentsChannel(db: DocumentStore, postId: string): EventChannel<Live<PostComment[]>> {
  return subscriptionChannel<PostComment[]>((onValue, onError) =>
    db.subscribeQuery(
      commentsQuery(postId, COMMENTS_PAGE_SIZE),
      (snapshots) => onValue(toComments(snapshots)),
      onError,
    ),
  );
}

// ---------- one thread, live ----------

export function* followThread(postId: string) {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<Live<PostComment[]>> = yield call(commentsChannel, backend.db, postId);
  yield* followChannel(
    channel,
    putEach(
      (comments) => liveCommentsReceived({ postId, comments }),
      (error) => threadFailed({ postId, message: `We couldn't load the comments. ${error.message}` }),
    ),
  );
}

/** Follows the thread until it is closed: the close cancels the follow, whose channel closes with it. */
export function* viewThread(action: ReturnType<typeof threadOpened>) {
  const { postId } = action.payload;
  yield* whileOpen(threadClosed, call(followThread, postId), (closed) => closed.payload.postId === postId);
}

export function* loadEarlier(action: ReturnType<typeof earlierRequested>) {
  const { postId } = action.payload;
  const thread: ThreadState | null = yield select(selectThread, postId);
  const before = thread ? oldestShown(thread.pages) : null;
  if (!before) {
    yield put(earlierLoaded({ postId, comments: [], hasMore: false }));
    return;
  }
  const backend: Backend = yield* getBackend();
  const result: Awaited<ReturnType<typeof earlierCommentsPage>> = yield call(
    earlierCommentsPage,
    backend.db,
    postId,
    before,
    COMMENTS_PAGE_SIZE,
  );
  if ('comments' in result) {
    yield put(
      earlierLoaded({ postId, comments: result.comments, hasMore: result.comments.length >= COMMENTS_PAGE_SIZE }),
    );
  } else {
    yield put(earlierFailed({ postId, message: result.message }));
  }
}

// ---------- operations ----------

/** addComment as `uid`, under the name and photo of the signed-in profile (as posts are written). */
export function addCommentAs(
  db: DocumentStore,
  uid: string,
  author: Omit<TribeActor, 'uid'>,
  post: CommentPostRef,
  body: string,
  parent: CommentParentRef | null,
): Promise<AddCommentResult> {
  return addComment(db, { uid, ...author }, post, body, parent);
}

export function* addCommentWorker(action: ReturnType<typeof commentRequested>) {
  const { postId, tribeId, postAuthorId, body, parent } = action.payload;
  const user: SessionUser | null = yield select(selectSessionUser);
  const author = user ? { displayName: user.profile.displayName, photoURL: user.profile.photoURL } : null;
  const post: CommentPostRef = { id: postId, tribeId, authorId: postAuthorId };
  const result: AddCommentResult =
    (author ? yield* callAsUser(addCommentAs, author, post, body, parent) : null) ?? NOT_SIGNED_IN;
  yield put(
    commentAnswered({
      postId,
      body,
      success: result.success,
      message: result.message,
      commentId: result.commentId ?? null,
    }),
  );
}

export function* editCommentWorker(action: ReturnType<typeof editRequested>) {
  const { postId, commentId, body } = action.payload;
  const result: OperationResult = (yield* callAsUser(editComment, commentId, body)) ?? NOT_SIGNED_IN;
  yield put(editAnswered({ postId, commentId, body, success: result.success, message: result.message }));
}

export function* deleteCommentWorker(action: ReturnType<typeof deleteRequested>) {
  const { postId, commentId } = action.payload;
  const result: OperationResult = (yield* callAsUser(deleteComment, commentId)) ?? NOT_SIGNED_IN;
  yield put(deleteAnswered({ postId, commentId, success: result.success, message: result.message }));
}

/** An edit or a delete of a comment: one queue per comment, so neither overtakes the other. */
export function* changeCommentWorker(action: ReturnType<typeof editRequested> | ReturnType<typeof deleteRequested>) {
  if (editRequested.match(action)) yield* editCommentWorker(action);
  else yield* deleteCommentWorker(action);
}

const byPost = (action: { payload: { postId: string } }) => action.payload.postId;
const byComment = (action: { payload: { commentId: string } }) => action.payload.commentId;

export function* commentsSaga() {
  // Per post: threads of different posts are followed side by side; opening one again while it
  // is followed is a repeat and is dropped; reopened after closing, it follows again.
  yield takeEachDistinct(threadOpened, untilSignedOut(viewThread), byPost);
  // A double-clicked "Show earlier comments" must not read the same page twice.
  yield takeEachDistinct(earlierRequested, untilSignedOut(loadEarlier), byPost);
  // A double-clicked "Post comment" must not post twice; another text sent meanwhile follows it, in order.
  yield takeEachDistinct(commentRequested, addCommentWorker, byPost);
  // Per comment, in order: an edit then a delete of one comment never overtake each other; other
  // comments are not held up; the same edit twice (a double click) runs once.
  yield takeEachDistinct([editRequested, deleteRequested], changeCommentWorker, byComment);
}
