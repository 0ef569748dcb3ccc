import type { Action } from '@reduxjs/toolkit';
import type { Channel, EventChannel, Task } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, all, call, cancel, fork, put, select, take, takeLatest } from 'redux-saga/effects';

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
  takeEachDistinct,
  takeOperations,
  whileOpen,
} from '../../app/sagas';
import type { Live, OperationLifecycle } from '../../app/sagas';
import type { Backend, DocRef, DocSnapshot, DocumentStore, QuerySpec } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { MemberStatus, Tribe, TribeActor, TribeMember, TribePost, TribeResult } from '../../domain/tribeTypes';
import { MEMBER_STATUSES } from '../../domain/tribeTypes';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import type { FeedRange } from './feedRanges';
import { rangeKey } from './feedRanges';
import { toTribe, toTribeMember, toTribeMembers, toTribePosts, toTribes } from './tribeMapper';
import type { CreatePostResult, CreateTribeResult } from './tribesApi';
import {
  approveJoinRequest,
  createPost,
  createTribe,
  declineJoinRequest,
  deletePost,
  joinTribe,
  leaveTribe,
  membersQuery,
  membershipRef,
  postsQuery,
  readTribe,
  tribeRef,
  tribesQuery,
} from './tribesApi';
import type { TribeDetailsState, TribeOperation, TribeSubject } from './tribesSlice';
import {
  approveRequested,
  createFailed,
  createRequested,
  declineRequested,
  deletePostRequested,
  directoryClosed,
  directoryFailed,
  directoryLoaded,
  directoryOpened,
  joinRequested,
  leaveRequested,
  membersFailed,
  membersLoaded,
  membershipChanged,
  morePostsFailed,
  morePostsRequested,
  livePostsReceived,
  operationFinished,
  postRequested,
  postsFailed,
  selectTribeDetails,
  tribeClosed,
  tribeCreated,
  tribeFailed,
  tribeLoaded,
  tribeNotFound,
  tribeOpened,
} from './tribesSlice';

// ---------- channels over the port's subscriptions ----------

export function docChannel<T>(db: DocumentStore, ref: DocRef, map: (snap: DocSnapshot) => T): EventChannel<Live<T>> {
  return subscriptionChannel<T>((onValue, onError) =>
    db.subscribeDoc(ref, (snapshot) => onValue(map(snapshot)), onError),
  );
}

export function queryChannel<T>(
  db: DocumentStore,
  spec: QuerySpec,
  map: (snaps: DocSnapshot[]) => T,
): EventChannel<Live<T>> {
  return subscriptionChannel<T>((onValue, onError) =>
    db.subscribeQuery(spec, (snapshots) => onValue(map(snapshots)), onError),
  );
}

/**
 * Active members and (for the tribe's owner, the only one who may read them) pending requests,
 * each its own live page: however many members a tribe has, its owner still sees the requests.
 * Emits once every page has answered.
 */
export function tribeMembersChannel(
  db: DocumentStore,
  tribeId: string,
  statuses: readonly MemberStatus[] = MEMBER_STATUSES,
): EventChannel<Live<TribeMember[]>> {
  return subscriptionChannel<TribeMember[]>((onValue, onError) => {
    const latest = new Map<MemberStatus, TribeMember[]>();
    const stops = statuses.map((status) =>
      db.subscribeQuery(
        membersQuery(tribeId, status),
        (snapshots) => {
          latest.set(status, toTribeMembers(snapshots));
          if (latest.size === statuses.length) onValue([...latest.values()].flat());
        },
        onError,
      ),
    );
    return () => stops.forEach((stop) => stop());
  });
}

// ---------- the directory ----------

export function* watchDirectory() {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<Live<Tribe[]>> = yield call(queryChannel, backend.db, tribesQuery(), toTribes);
  yield* followChannel(
    channel,
    putEach(
      (tribes) => directoryLoaded({ tribes }),
      (error) => directoryFailed({ message: `We couldn't load tribes. ${error.message}` }),
    ),
  );
}

function* directory() {
  yield* whileOpen(directoryClosed, call(watchDirectory));
}

// ---------- one tribe, live ----------

export function* watchTribe(tribeId: string) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  let ownerId: string;
  try {
    const tribe: Tribe | null = yield call(readTribe, backend.db, tribeId);
    if (!tribe) {
      yield put(tribeNotFound({ tribeId }));
      return;
    }
    ownerId = tribe.ownerId;
    yield put(tribeLoaded({ tribe }));
  } catch (error) {
    yield put(tribeFailed({ tribeId, message: toSerializedError(error).message }));
    return;
  }
  const { db } = backend;
  const tribeChannel: EventChannel<Live<Tribe | null>> = yield call(
    docChannel,
    db,
    tribeRef(tribeId),
    (snap: DocSnapshot) => (snap.data ? toTribe(tribeId, snap.data) : null),
  );
  // Pending requests are the owner's to read (a tribe's owner never changes).
  const statuses: readonly MemberStatus[] = uid !== null && uid === ownerId ? MEMBER_STATUSES : ['active'];
  const membersChannel: EventChannel<Live<TribeMember[]>> = yield call(tribeMembersChannel, db, tribeId, statuses);
  const followers = [
    call(
      followChannel<Tribe | null>,
      tribeChannel,
      putEach(
        (tribe) => (tribe ? tribeLoaded({ tribe }) : tribeNotFound({ tribeId })),
        (error) => tribeFailed({ tribeId, message: error.message }),
      ),
    ),
    call(
      followChannel<TribeMember[]>,
      membersChannel,
      putEach(
        (members) => membersLoaded({ tribeId, members }),
        () => membersFailed({ tribeId }),
      ),
    ),
    call(followFeed, db, tribeId),
  ];
  if (uid) {
    const membershipChannel: EventChannel<Live<TribeMember | null>> = yield call(
      docChannel,
      db,
      membershipRef(tribeId, uid),
      (snap: DocSnapshot) => (snap.data ? toTribeMember(snap.data) : null),
    );
    followers.push(
      call(
        followChannel<TribeMember | null>,
        membershipChannel,
        putEach(
          (membership) => membershipChanged({ tribeId, membership }),
          (error) => tribeFailed({ tribeId, message: error.message }),
        ),
      ),
    );
  } else {
    // Signed out: no membership to wait for.
    yield put(membershipChanged({ tribeId, membership: null }));
  }
  // All of them end together: viewTribe cancels them when the page closes.
  yield all(followers);
}

function* viewTribe(action: ReturnType<typeof tribeOpened>) {
  const { tribeId } = action.payload;
  yield* whileOpen(tribeClosed, call(watchTribe, tribeId), (closed) => closed.payload.tribeId === tribeId);
}

// ---------- the feed, every range live ----------

/** One range of the feed, live; a failure of the head is the feed's, of another range the page's. */
export function* followRange(db: DocumentStore, tribeId: string, range: FeedRange) {
  const key = rangeKey(range);
  const channel: EventChannel<Live<TribePost[]>> = yield call(
    queryChannel,
    db,
    postsQuery(tribeId, range),
    toTribePosts,
  );
  yield* followChannel(
    channel,
    putEach(
      (posts) => livePostsReceived({ tribeId, range: key, posts }),
      (error) =>
        range.after === null
          ? postsFailed({ tribeId, message: `We couldn't load posts. ${error.message}` })
          : morePostsFailed({ tribeId, range: key, message: `We couldn't load more posts. ${error.message}` }),
    ),
  );
}

/** What may change the feed's ranges: an answer (the head anchors or splits), Load more, a failure. */
const feedChange = (tribeId: string) => (action: Action) =>
  (livePostsReceived.match(action) || morePostsRequested.match(action) || morePostsFailed.match(action)) &&
  action.payload.tribeId === tribeId;

/**
 * The feed's subscriptions follow its ranges (feedRanges.ts): one per range, started when a range
 * appears (Load more, a split), cancelled when it goes or its bounds change (the head anchored).
 * Forked from watchTribe, so closing the page cancels them all, each closing its channel.
 */
export function* followFeed(db: DocumentStore, tribeId: string) {
  // Sliding: any change means "look again", so the latest is enough.
  const changes: Channel<Action> = yield actionChannel(feedChange(tribeId), buffers.sliding(1));
  const followers = new Map<string, Task>();
  try {
    while (true) {
      const details: TribeDetailsState = yield select(selectTribeDetails);
      const ranges = details.tribeId === tribeId ? details.feed.ranges : [];
      const keys = new Set(ranges.map(rangeKey));
      for (const [key, task] of followers) {
        if (keys.has(key)) continue;
        followers.delete(key);
        yield cancel(task);
      }
      for (const range of ranges) {
        const key = rangeKey(range);
        if (!followers.has(key)) followers.set(key, (yield fork(followRange, db, tribeId, range)) as Task);
      }
      yield take(changes);
    }
  } finally {
    changes.close();
  }
}

// ---------- operations ----------

function* currentActor() {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) return null;
  const actor: TribeActor = { uid: user.uid, displayName: user.profile.displayName, photoURL: user.profile.photoURL };
  return actor;
}

const NOT_SIGNED_IN = fail(TRIBE_MESSAGES.notSignedIn);

/** Each operation ends in operationFinished: the tribe page shows it, the composer reacts to it. */
const lifecycle: OperationLifecycle<TribeOperation, TribeSubject> = {
  finished: operationFinished,
  signedOut: NOT_SIGNED_IN,
};

export function* createTribeWorker(action: ReturnType<typeof createRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  if (!actor) {
    yield put(createFailed({ message: NOT_SIGNED_IN.message, fieldErrors: {} }));
    return;
  }
  const result: CreateTribeResult = yield call(createTribe, backend.db, actor, action.payload);
  if (result.success && result.tribeId) yield put(tribeCreated({ tribeId: result.tribeId, message: result.message }));
  else yield put(createFailed({ message: result.message, fieldErrors: result.fieldErrors ?? {} }));
}

export const joinWorker = operationWorker(lifecycle, function* join(action: ReturnType<typeof joinRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  if (!actor) return null;
  const result: TribeResult = yield call(joinTribe, backend.db, actor, action.payload.tribeId);
  return result;
});

export const leaveWorker = operationWorker(lifecycle, function* leave(action: ReturnType<typeof leaveRequested>) {
  return yield* callAsUser(leaveTribe, action.payload.tribeId);
});

export const approveWorker = operationWorker(lifecycle, function* approve(action: ReturnType<typeof approveRequested>) {
  const { tribeId, uid } = action.payload;
  return yield* callAsUser(approveJoinRequest, tribeId, uid);
});

export const declineWorker = operationWorker(lifecycle, function* decline(action: ReturnType<typeof declineRequested>) {
  const { tribeId, uid } = action.payload;
  return yield* callAsUser(declineJoinRequest, tribeId, uid);
});

export const postWorker = operationWorker(lifecycle, function* post(action: ReturnType<typeof postRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  if (!actor) return null;
  const { tribeId, body } = action.payload;
  const result: CreatePostResult = yield call(createPost, backend.db, actor, tribeId, body);
  return result;
});

export const deletePostWorker = operationWorker(
  lifecycle,
  function* removeOwnPost(action: ReturnType<typeof deletePostRequested>) {
    return yield* callAsUser(deletePost, action.payload.postId);
  },
);

export function* tribesSaga() {
  // takeLatest: reopening the directory replaces the previous live query.
  yield takeLatest(directoryOpened.type, directory);
  // takeLatest: opening another tribe cancels the previous one's subscriptions.
  yield takeLatest(tribeOpened.type, viewTribe);
  // An identical repeat (a double click) while one runs or waits is dropped; anything else waits its turn.
  // A double-clicked "Create tribe" must not create two tribes.
  yield takeEachDistinct(createRequested, createTribeWorker);
  // The operations, queued by the slice's operationKey; an identical repeat (a double click) is
  // dropped. Joining and leaving one tribe run in the order asked (other tribes are not held up);
  // approving or declining one applicant, once, in order (other applicants are not held up); posts
  // to one tribe publish one at a time, in order, so another text posted meanwhile follows the
  // first; deleting one post does not hold up deleting another.
  yield takeOperations(
    answer(joinRequested, joinWorker),
    answer(leaveRequested, leaveWorker),
    answer(approveRequested, approveWorker),
    answer(declineRequested, declineWorker),
    answer(postRequested, postWorker),
    answer(deletePostRequested, deletePostWorker),
  );
}
