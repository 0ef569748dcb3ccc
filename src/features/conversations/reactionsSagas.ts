// Reactions: my reactions on each post shown (and its comments), live on the feed's live page and
// read once on older pages, until the post leaves the screen or I sign out; each press toggles one
// reaction as the signed-in user, in order per item, and its answer settles or rolls back what the
// buttons showed at once.
import type { EventChannel } from 'redux-saga';
import { call, put, takeEvery } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import {
  answer,
  callAsUser,
  fail,
  followChannel,
  operationWorker,
  ownUid,
  putEach,
  subscriptionChannel,
  takeOperations,
  untilSignedOut,
  whileOpen,
} from '../../app/sagas';
import type { Live, OperationLifecycle } from '../../app/sagas';
import type { Backend, DocSnapshot, DocumentStore } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { CONVERSATION_MESSAGES } from '../../domain/conversationMessages';
import type { ReactionKind } from '../../domain/conversationTypes';
import type { ToggleReactionResult } from './conversationsApi';
import { myReactionsQuery, toggleReaction, toReaction } from './conversationsApi';
import type { ReactionOperation, ReactionSubject } from './reactionsSlice';
import {
  myReactionsFailed,
  myReactionsFollowed,
  myReactionsReceived,
  myReactionsUnfollowed,
  reactionAnswered,
  reactionToggled,
} from './reactionsSlice';

/** Each toggle ends in reactionAnswered, with whether the reaction is on now: it settles or rolls back the buttons. */
const lifecycle: OperationLifecycle<ReactionOperation, ReactionSubject, ToggleReactionResult> = {
  finished: (outcome, result) =>
    reactionAnswered({ ...outcome, reacted: 'reacted' in result ? (result.reacted ?? null) : null }),
  signedOut: fail(CONVERSATION_MESSAGES.notSignedIn),
};

type Mine = { itemId: string; kind: ReactionKind }[];

export const toMine = (snapshots: readonly DocSnapshot[]): Mine =>
  snapshots.flatMap((snap) => {
    const reaction = snap.data ? toReaction(snap.ref.id, snap.data) : null;
    return reaction ? [{ itemId: reaction.itemId, kind: reaction.kind }] : [];
  });

/** My reactions on a post and its comments, live; closing the channel unsubscribes. */
export function myReactionsChannel(db: DocumentStore, postId: string, uid: string): EventChannel<Live<Mine>> {
  return subscriptionChannel<Mine>((onValue, onError) =>
    db.subscribeQuery(myReactionsQuery(postId, uid), (snapshots) => onValue(toMine(snapshots)), onError),
  );
}

function* followMine(postId: string, uid: string) {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<Live<Mine>> = yield call(myReactionsChannel, backend.db, postId, uid);
  yield* followChannel(
    channel,
    putEach(
      (reactions) => myReactionsReceived({ postId, reactions }),
      (error) => myReactionsFailed({ postId, message: error.message }),
    ),
  );
}

function* readMine(postId: string, uid: string) {
  const backend: Backend = yield* getBackend();
  try {
    const snapshots: DocSnapshot[] = yield call([backend.db, backend.db.query], myReactionsQuery(postId, uid));
    yield put(myReactionsReceived({ postId, reactions: toMine(snapshots) }));
  } catch (error) {
    yield put(myReactionsFailed({ postId, message: toSerializedError(error).message }));
  }
}

/** Until the post is unfollowed (it left the screen, or moved off the live page): then the subscription closes. */
export function* showMine(action: ReturnType<typeof myReactionsFollowed>) {
  const { postId, live } = action.payload;
  const uid: string | null = yield* ownUid();
  if (!uid) return;
  yield* whileOpen(
    myReactionsUnfollowed,
    call(live ? followMine : readMine, postId, uid),
    (unfollowed) => unfollowed.payload.postId === postId,
  );
}

export const toggleWorker = operationWorker(lifecycle, function* toggle(action: ReturnType<typeof reactionToggled>) {
  const { item, kind } = action.payload;
  return yield* callAsUser(toggleReaction, item, kind);
});

export function* reactionsSaga() {
  // takeEvery: every post on screen follows its own reactions; each ends on its own unfollow.
  yield takeEvery(myReactionsFollowed.type, untilSignedOut(showMine));
  // Per item, in order: two presses are two toggles (numbered, so never dropped as a repeat), and
  // each answer meets the press it belongs to; other items are not held up.
  yield takeOperations(answer(reactionToggled, toggleWorker));
}
