// What the tribes pages follow live, each subscription a channel closed when its page closes:
// the directory, and one tribe with its members, the viewer's membership and every range of its
// feed (feedRanges.ts). The operations are in tribesSagas.ts.
import type { Action } from '@reduxjs/toolkit';
import type { Channel, EventChannel, Task } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, all, call, cancel, fork, put, select, take } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import { followChannel, ownUid, putEach, subscriptionChannel, whileOpen } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { Backend, DocRef, DocSnapshot, DocumentStore, QuerySpec } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { MemberStatus, Tribe, TribeMember, TribePost } from '../../domain/tribeTypes';
import { MEMBER_STATUSES } from '../../domain/tribeTypes';
import type { FeedRange } from './feedRanges';
import { rangeKey } from './feedRanges';
import { toTribe, toTribeMember, toTribeMembers, toTribePosts, toTribes } from './tribeMapper';
import { membersQuery, membershipRef, postsQuery, readTribe, tribeRef, tribesQuery } from './tribeQueries';
import type { TribeDetailsState } from './tribesSlice';
import {
  directoryClosed,
  directoryFailed,
  directoryLoaded,
  livePostsReceived,
  membersFailed,
  membersLoaded,
  membershipChanged,
  morePostsFailed,
  morePostsRequested,
  postsFailed,
  selectTribeDetails,
  tribeClosed,
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
 * Emits once every page has answered, each person once.
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
          const reported = toTribeMembers(snapshots);
          // A membership is one document in one status at a time, but each status is its own
          // query: on approval the active page can answer before the pending one drops the
          // request. The newest report of a person wins, so no one is shown twice meanwhile.
          const uids = new Set(reported.map((member) => member.uid));
          for (const [other, members] of latest) {
            if (other !== status)
              latest.set(
                other,
                members.filter((member) => !uids.has(member.uid)),
              );
          }
          latest.set(status, reported);
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

export function* directory() {
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

export function* viewTribe(action: ReturnType<typeof tribeOpened>) {
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
