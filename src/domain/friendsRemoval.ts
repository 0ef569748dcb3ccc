// Ending a friendship: each side's writes, and the pending removal recorded when the other
// side's document cannot be written (spec section 4), retried later.
import { safeCount, safeIsoTime, safeTimeMs } from './coerce';
import { INBOXES, USERS } from './collections';
import type { DocData, WriteData } from './docData';
import { PENDING_REMOVAL_MAX_ATTEMPTS } from './friendsLimits';
import type { FriendsWrite } from './friendsPlan';
import { countMovedBy, deleted, listsFriend, mergeInto, toIso, update } from './friendsPlan';
import type { UserProfile } from './profileTypes';

/** One user's own side of ending a friendship: the friend entry and any requests between them. */
export function ownRemovalWrites(userId: string, own: UserProfile, otherId: string): FriendsWrite[] {
  const writes: FriendsWrite[] = [];
  const listed = listsFriend(own, otherId);
  if (listed || own.friendCount !== own.friends.length) {
    const count = own.friends.filter((friend) => friend.id !== otherId).length;
    writes.push(
      update(USERS, userId, { ...(listed ? { [`friends.${otherId}`]: deleted() } : {}), friendCount: count }),
    );
  }
  const inbox: WriteData = {};
  if (own.friendRequests.some((r) => r.senderId === otherId)) inbox[`friendRequests.${otherId}`] = deleted();
  if (own.sentFriendRequests.some((s) => s.receiverId === otherId)) inbox[`sentFriendRequests.${otherId}`] = deleted();
  if (Object.keys(inbox).length > 0) writes.push(update(INBOXES, userId, inbox));
  return writes;
}

/**
 * The other user's side, written by the user: their friend entry for the user (when they still
 * list the user; their count moves by one) and, when the user's own inbox shows a request between
 * them either way, its mirror copy in their inbox.
 */
export function otherRemovalWrites(
  userId: string,
  own: Pick<UserProfile, 'friendRequests' | 'sentFriendRequests'>,
  otherId: string,
  other: Pick<UserProfile, 'friends' | 'friendCount'> | null,
): FriendsWrite[] {
  const writes: FriendsWrite[] = [];
  if (other && listsFriend(other, userId)) {
    writes.push(update(USERS, otherId, { [`friends.${userId}`]: deleted(), friendCount: countMovedBy(other, -1) }));
  }
  const theirs: WriteData = {};
  if (own.sentFriendRequests.some((s) => s.receiverId === otherId)) theirs.friendRequests = { [userId]: deleted() };
  if (own.friendRequests.some((r) => r.senderId === otherId)) theirs.sentFriendRequests = { [userId]: deleted() };
  if (Object.keys(theirs).length > 0) writes.push(mergeInto(otherId, theirs));
  return writes;
}

/** `ownerId` no longer lists `friendId` (a pending removal's retry): their entry goes, the count moves by one. */
export function dropFriendWrites(
  ownerId: string,
  owner: Pick<UserProfile, 'friends' | 'friendCount'> | null,
  friendId: string,
): FriendsWrite[] {
  if (!owner || !listsFriend(owner, friendId)) return [];
  return [update(USERS, ownerId, { [`friends.${friendId}`]: deleted(), friendCount: countMovedBy(owner, -1) })];
}

// ---------- pending friend removals ----------

export interface PendingFriendRemoval {
  initiatorId: string;
  targetId: string;
  /** epoch ms when the removal was requested */
  timestamp: number;
  attempts: number;
  /** ISO time of the last failed retry, null before the first */
  lastAttempt: string | null;
  /** ISO time */
  createdAt: string;
}

/** What the initiator of a removal that keeps failing on the other side is told on the dashboard. */
export function stuckRemovalMessage(targetName: string | null): string {
  const whose = targetName ? `${targetName}'s` : "a former friend's";
  return `We could not remove you from ${whose} friends list after ${PENDING_REMOVAL_MAX_ATTEMPTS} attempts, so they may still see you as a friend. We will keep trying each time you sign in.`;
}

export function newPendingRemoval(initiatorId: string, targetId: string, now: number): PendingFriendRemoval {
  return { initiatorId, targetId, timestamp: now, attempts: 0, lastAttempt: null, createdAt: toIso(now) };
}

export function toPendingRemoval(data: DocData | null): PendingFriendRemoval | null {
  if (!data || typeof data.initiatorId !== 'string' || typeof data.targetId !== 'string') return null;
  const lastAttempt = safeIsoTime(data.lastAttempt);
  return {
    initiatorId: data.initiatorId,
    targetId: data.targetId,
    timestamp: safeTimeMs(data.timestamp) ?? 0,
    attempts: safeCount(data.attempts),
    lastAttempt: lastAttempt || null,
    createdAt: safeIsoTime(data.createdAt),
  };
}
