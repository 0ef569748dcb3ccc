import type { Action } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { all, call, put, race, select, take, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import {
  callAsUser,
  fail,
  followChannel,
  ownUid,
  putEach,
  subscriptionChannel,
  takeEachDistinct,
} from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { Backend, DocRef, DocSnapshot, DocumentStore, QuerySpec } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { MemberStatus, Tribe, TribeActor, TribeMember, TribePost, TribeResult } from '../../domain/tribeTypes';
import { MEMBER_STATUSES, POSTS_PAGE_SIZE } from '../../domain/tribeTypes';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
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
  listPostsPage,
  membersQuery,
  membershipRef,
  postsQuery,
  readTribe,
  tribeRef,
  tribesQuery,
} from './tribesApi';
import type { TribeOperation, TribeDetailsState } from './tribesSlice';
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
  morePostsLoaded,
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
  // Leaving the page cancels the watch; followChannel closes the subscription.
  yield race({ watch: call(watchDirectory), closed: take(directoryClosed.type) });
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
  const postsChannel: EventChannel<Live<TribePost[]>> = yield call(queryChannel, db, postsQuery(tribeId), toTribePosts);
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
    call(
      followChannel<TribePost[]>,
      postsChannel,
      putEach(
        (posts) => livePostsReceived({ tribeId, posts }),
        (error) => postsFailed({ tribeId, message: `We couldn't load posts. ${error.message}` }),
      ),
    ),
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
  // All four end together: the race in viewTribe cancels them when the page closes.
  yield all(followers);
}

function* viewTribe(action: ReturnType<typeof tribeOpened>) {
  const { tribeId } = action.payload;
  const isClosed = (candidate: Action) => tribeClosed.match(candidate) && candidate.payload.tribeId === tribeId;
  yield race({ watch: call(watchTribe, tribeId), closed: take(isClosed) });
}

export function* loadMorePosts(action: ReturnType<typeof morePostsRequested>) {
  const { tribeId } = action.payload;
  const details: TribeDetailsState = yield select(selectTribeDetails);
  const shown = [...details.feed.live, ...details.feed.older];
  const last = shown[shown.length - 1] ?? null;
  const backend: Backend = yield* getBackend();
  try {
    const posts: TribePost[] = yield call(listPostsPage, backend.db, tribeId, last, POSTS_PAGE_SIZE);
    yield put(morePostsLoaded({ tribeId, posts, hasMore: posts.length >= POSTS_PAGE_SIZE }));
  } catch (error) {
    yield put(
      morePostsFailed({ tribeId, message: `We couldn't load more posts. ${toSerializedError(error).message}` }),
    );
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

function* finish(operation: TribeOperation, tribeId: string, targetId: string, result: TribeResult, body?: string) {
  const outcome = { operation, tribeId, targetId, success: result.success, message: result.message };
  yield put(operationFinished(body === undefined ? outcome : { ...outcome, body }));
}

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

export function* joinWorker(action: ReturnType<typeof joinRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  const { tribeId } = action.payload;
  const result: TribeResult = actor ? yield call(joinTribe, backend.db, actor, tribeId) : NOT_SIGNED_IN;
  yield* finish('join', tribeId, '', result);
}

export function* leaveWorker(action: ReturnType<typeof leaveRequested>) {
  const { tribeId } = action.payload;
  const result: TribeResult = (yield* callAsUser(leaveTribe, tribeId)) ?? NOT_SIGNED_IN;
  yield* finish('leave', tribeId, '', result);
}

export function* approveWorker(action: ReturnType<typeof approveRequested>) {
  const { tribeId, uid } = action.payload;
  const result: TribeResult = (yield* callAsUser(approveJoinRequest, tribeId, uid)) ?? NOT_SIGNED_IN;
  yield* finish('approve', tribeId, uid, result);
}

export function* declineWorker(action: ReturnType<typeof declineRequested>) {
  const { tribeId, uid } = action.payload;
  const result: TribeResult = (yield* callAsUser(declineJoinRequest, tribeId, uid)) ?? NOT_SIGNED_IN;
  yield* finish('decline', tribeId, uid, result);
}

export function* postWorker(action: ReturnType<typeof postRequested>) {
  const backend: Backend = yield* getBackend();
  const actor: TribeActor | null = yield* currentActor();
  const { tribeId, body } = action.payload;
  const result: CreatePostResult = actor ? yield call(createPost, backend.db, actor, tribeId, body) : NOT_SIGNED_IN;
  yield* finish('post', tribeId, '', result, body);
}

export function* deletePostWorker(action: ReturnType<typeof deletePostRequested>) {
  const { tribeId, postId } = action.payload;
  const result: TribeResult = (yield* callAsUser(deletePost, postId)) ?? NOT_SIGNED_IN;
  yield* finish('deletePost', tribeId, postId, result);
}

const byTribe = (action: { payload: { tribeId: string } }) => action.payload.tribeId;

export function* tribesSaga() {
  // takeLatest: reopening the directory replaces the previous live query.
  yield takeLatest(directoryOpened.type, directory);
  // takeLatest: opening another tribe cancels the previous one's subscriptions.
  yield takeLatest(tribeOpened.type, viewTribe);
  // An identical repeat (a double click) while one runs or waits is dropped; anything else waits its turn.
  // A double-clicked "Load more" must not read the same page twice.
  yield takeEachDistinct(morePostsRequested.type, loadMorePosts, byTribe);
  // A double-clicked "Create tribe" must not create two tribes.
  yield takeEachDistinct(createRequested.type, createTribeWorker);
  // A double click must not join (or leave) twice; other tribes are not held up.
  yield takeEachDistinct(joinRequested.type, joinWorker, byTribe);
  yield takeEachDistinct(leaveRequested.type, leaveWorker, byTribe);
  // Per applicant: repeats for one request are dropped, other applicants are not held up.
  yield takeEachDistinct(
    approveRequested.type,
    approveWorker,
    (a: ReturnType<typeof approveRequested>) => a.payload.uid,
  );
  yield takeEachDistinct(
    declineRequested.type,
    declineWorker,
    (a: ReturnType<typeof declineRequested>) => a.payload.uid,
  );
  // A double-clicked "Post" must not publish twice; another text posted meanwhile is published after it, in order.
  yield takeEachDistinct(postRequested.type, postWorker, byTribe);
  // Per post: deleting one post does not hold up deleting another.
  yield takeEachDistinct(
    deletePostRequested.type,
    deletePostWorker,
    (a: ReturnType<typeof deletePostRequested>) => a.payload.postId,
  );
}
