// Tribes reads over the backend port: document references, the queries the pages follow live
// (the directory, members, the feed's ranges) and the one-shot reads the operations and other
// features use. The writes are in tribesApi.ts.
import { docRef, toSerializedError } from '../../backend/port';
import type { DocumentStore, QuerySpec } from '../../backend/port';
import { QUERY_PAGE_MAX, queryPages } from '../../backend/queryPages';
import { POSTS, TRIBES, TRIBE_MEMBERS, TRIBE_NAMES } from '../../domain/collections';
import { compareText } from '../../domain/compareText';
import { fail } from '../../domain/result';
import { failedMessage } from '../../domain/tribeMessages';
import type { MemberStatus, Tribe, TribeMember, TribeResult } from '../../domain/tribeTypes';
import { MEMBERS_QUERY_LIMIT, POSTS_PAGE_SIZE, TRIBES_LIST_MAX, TRIBES_QUERY_LIMIT } from '../../domain/tribeTypes';
import { tribeNameKey } from '../../domain/tribeValidation';
import type { FeedRange } from './feedRanges';
import { toTribe, toTribeMember, toTribes } from './tribeMapper';

export const tribeRef = (tribeId: string) => docRef(TRIBES, tribeId);
export const tribeNameRef = (name: string) => docRef(TRIBE_NAMES, tribeNameKey(name));
export const membershipId = (tribeId: string, uid: string) => `${tribeId}_${uid}`;
export const membershipRef = (tribeId: string, uid: string) => docRef(TRIBE_MEMBERS, membershipId(tribeId, uid));
export const postRef = (postId: string) => docRef(POSTS, postId);

/** Ids come from URLs: anything that cannot be a document id names no tribe. */
export const isDocId = (id: string) => id.length > 0 && id.length <= 1500 && !id.includes('/');

export async function readTribe(db: DocumentStore, tribeId: string): Promise<Tribe | null> {
  if (!isDocId(tribeId)) return null;
  const snapshot = await db.get(tribeRef(tribeId));
  return snapshot.data ? toTribe(tribeId, snapshot.data) : null;
}

export async function readMembership(db: DocumentStore, tribeId: string, uid: string): Promise<TribeMember | null> {
  const snapshot = await db.get(membershipRef(tribeId, uid));
  return snapshot.data ? toTribeMember(snapshot.data) : null;
}

export const tribesQuery = (): QuerySpec => ({
  collection: TRIBES,
  orderBy: [{ field: 'lastActivityAt', direction: 'desc', time: true }],
  limit: TRIBES_QUERY_LIMIT,
});

/** One page of a tribe's active members, or of its pending requests. */
export const membersQuery = (tribeId: string, status: MemberStatus): QuerySpec => ({
  collection: TRIBE_MEMBERS,
  where: [
    { field: 'tribeId', op: '==', value: tribeId },
    { field: 'status', op: '==', value: status },
  ],
  limit: MEMBERS_QUERY_LIMIT,
});

type Bounds = Pick<FeedRange, 'after' | 'until'>;

/**
 * A range of a tribe's feed (feedRanges.ts), newest first; postId breaks ties so a cursor never
 * skips posts written in the same millisecond. Unbounded below, `pageSize` posts; bounded (endAt),
 * all of them, up to the most a query may ask for.
 */
export function postsQuery(
  tribeId: string,
  { after, until }: Bounds = { after: null, until: null },
  pageSize = POSTS_PAGE_SIZE,
): QuerySpec {
  return {
    collection: POSTS,
    where: [{ field: 'tribeId', op: '==', value: tribeId }],
    orderBy: [
      { field: 'createdAt', direction: 'desc', time: true },
      { field: 'postId', direction: 'desc' },
    ],
    limit: until ? QUERY_PAGE_MAX : pageSize,
    ...(after ? { startAfter: after } : {}),
    ...(until ? { endAt: until } : {}),
  };
}

/** The dashboard lists a user's tribes from their memberships, capped here. */
export const MEMBER_TRIBES_LIMIT = 50;

/**
 * A user's active memberships. Pending ones (join requests) are private to the requester, the
 * tribe's owner and moderators, and rules are not filters: a query that could return one is
 * refused whole unless it asks for status == 'active' (profiles list other people's tribes).
 */
export const memberTribesQuery = (uid: string): QuerySpec => ({
  collection: TRIBE_MEMBERS,
  where: [
    { field: 'uid', op: '==', value: uid },
    { field: 'status', op: '==', value: 'active' },
  ],
  limit: MEMBER_TRIBES_LIMIT,
});

/**
 * The tribes `uid` is an active member of (a pending request is not membership yet), by name.
 * `publicOnly` leaves out tribes a moderator hid: for others to see (a profile), not the member's own list.
 */
export async function listMemberTribes(db: DocumentStore, uid: string, { publicOnly = false } = {}): Promise<Tribe[]> {
  const memberships = (await db.query(memberTribesQuery(uid))).flatMap((snapshot) => {
    const member = snapshot.data ? toTribeMember(snapshot.data) : null;
    return member?.status === 'active' ? [member] : [];
  });
  if (memberships.length === 0) return [];
  const snapshots = await db.getMany(memberships.map((member) => tribeRef(member.tribeId)));
  return snapshots
    .flatMap((snapshot) => {
      if (publicOnly && snapshot.data?.hidden === true) return [];
      const tribe = snapshot.data ? toTribe(snapshot.ref.id, snapshot.data) : null;
      return tribe ? [tribe] : [];
    })
    .sort((a, b) => compareText(a.name, b.name));
}

export type ListTribesResult = (TribeResult & { success: true; tribes: Tribe[] }) | (TribeResult & { success: false });

export async function listTribes(db: DocumentStore): Promise<ListTribesResult> {
  try {
    return { success: true, message: '', tribes: toTribes(await queryPages(db, tribesQuery(), TRIBES_LIST_MAX)) };
  } catch (error) {
    return fail(failedMessage('load tribes', toSerializedError(error).message)) as ListTribesResult;
  }
}
