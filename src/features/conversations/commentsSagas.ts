// Comment threads: an open thread follows its newest page live until it is closed (the button,
// the page left, sign-out); earlier pages are read once on request; adding, editing and deleting
// run as the signed-in user, one at a time per thread or comment, each answered with a message.
import type { EventChannel } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import {
  answer,
  callAsUser,
  fail,
  followChannel,
  operationWorker,
  putEach,
  subscriptionChannel,
  takeEachDistinct,
  takeOperations,
  untilSignedOut,
  whileOpen,
} from '../../app/sagas';
import type { Live, OperationLifecycle } from '../../app/sagas';
import type { Backend, DocSnapshot, DocumentStore } from '../../backend/port';
import { CONVERSATION_MESSAGES } from '../../domain/conversationMessages';
import type { PostComment } from '../../domain/conversationTypes';
import { COMMENTS_PAGE_SIZE } from '../../domain/conversationTypes';
import type { TribeActor } from '../../domain/tribeTypes';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import type { CommentOperation, CommentSubject, ThreadState } from './commentsSlice';
import {
  commentRequested,
  deleteRequested,
  earlierFailed,
  earlierLoaded,
  earlierRequested,
  editRequested,
  liveCommentsReceived,
  operationFinished,
  selectThread,
  threadClosed,
  threadFailed,
  threadOpened,
} from './commentsSlice';
import { oldestShown } from './conversationLogic';
import type { AddCommentResult, CommentPostRef } from './conversationsApi';
import {
  addComment,
  commentsQuery,
  deleteComment,
  earlierCommentsPage,
  editComment,
  toPostComment,
} from './conversationsApi';

/** Each operation ends in operationFinished: the composer, the edited comment or the thread shows it. */
const lifecycle: OperationLifecycle<CommentOperation, CommentSubject> = {
  finished: operationFinished,
  signedOut: fail(CONVERSATION_MESSAGES.notSignedIn),
};

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

/** The signed-in author, under the name and photo of their profile (as posts are written); null when signed out. */
function* signedInAuthor() {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) return null;
  const author: TribeActor = { uid: user.uid, displayName: user.profile.displayName, photoURL: user.profile.photoURL };
  return author;
}

export const addCommentWorker = operationWorker(lifecycle, function* add(action: ReturnType<typeof commentRequested>) {
  const { postId, tribeId, postAuthorId, body, parent } = action.payload;
  const author: TribeActor | null = yield* signedInAuthor();
  if (!author) return null;
  const backend: Backend = yield* getBackend();
  const post: CommentPostRef = { id: postId, tribeId, authorId: postAuthorId };
  const result: AddCommentResult = yield call(addComment, backend.db, author, post, body, parent);
  return result;
});

export const editCommentWorker = operationWorker(lifecycle, function* edit(action: ReturnType<typeof editRequested>) {
  const { commentId, body } = action.payload;
  return yield* callAsUser(editComment, commentId, body);
});

export const deleteCommentWorker = operationWorker(
  lifecycle,
  function* remove(action: ReturnType<typeof deleteRequested>) {
    return yield* callAsUser(deleteComment, action.payload.commentId);
  },
);

const byPost = (action: { payload: { postId: string } }) => action.payload.postId;

export function* commentsSaga() {
  // Per post: threads of different posts are followed side by side; opening one again while it
  // is followed is a repeat and is dropped; reopened after closing, it follows again.
  yield takeEachDistinct(threadOpened, untilSignedOut(viewThread), byPost);
  // A double-clicked "Show earlier comments" must not read the same page twice.
  yield takeEachDistinct(earlierRequested, untilSignedOut(loadEarlier), byPost);
  // The operations, queued by the slice's commentOperationKey; an identical repeat (a double
  // click) is dropped. A double-clicked "Post comment" does not post twice; another text sent
  // meanwhile follows it, in order. Per comment, in order: an edit then a delete of one comment
  // never overtake each other; other comments are not held up.
  yield takeOperations(
    answer(commentRequested, addCommentWorker),
    answer(editRequested, editCommentWorker),
    answer(deleteRequested, deleteCommentWorker),
  );
}
