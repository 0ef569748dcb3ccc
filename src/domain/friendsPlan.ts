// What every friends operation shares: the ids (spec section 9), where the friends fields live,
// and the writes an operation plans (friendsSend, friendsAnswer, friendsRemoval, friendsCleanup).
// No store, no clock: callers pass `now` (epoch ms). A plan holds only the keys that change, in
// the shapes the access policy accepts (one friend entry at a time on the other user's document,
// each naming the caller).
import { INBOXES, USERS } from './collections';
import { fieldValue } from './docData';
import type { DocData, WriteData, WriteValue } from './docData';
import type {
  AppNotification,
  FriendEntry,
  IncomingFriendRequest,
  SentFriendRequest,
  UserProfile,
} from './profileTypes';

export const toIso = (ms: number): string => new Date(ms).toISOString();

// ---------- ids (spec section 9) ----------

export const requestIdFor = (senderId: string, nowMs: number): string => `${senderId}_${nowMs}`;
export const acceptedNotificationIdFor = (requestId: string, nowMs: number): string => `accepted_${requestId}_${nowMs}`;
export const pendingRemovalIdFor = (initiatorId: string, targetId: string): string => `${initiatorId}_${targetId}`;

// ---------- where the friends fields live (docs/friends-model.md) ----------

/** The fields of inboxes/{uid}: readable by its owner only. */
export const INBOX_FIELDS = [
  'friendRequests',
  'sentFriendRequests',
  'notifications',
  'hasNewNotification',
  'requestWindowStart',
  'requestWindowCount',
] as const;

/**
 * One write of a friends operation: an update of a user's own documents (field paths), or a merge
 * into someone else's inbox (set with merge: it may create the inbox, and the caller cannot read it).
 */
export interface FriendsWrite {
  collection: typeof USERS | typeof INBOXES;
  uid: string;
  data: WriteData;
  merge?: true;
}

export const deleted = fieldValue.deleteField;
export const update = (collection: FriendsWrite['collection'], uid: string, data: WriteData): FriendsWrite => ({
  collection,
  uid,
  data,
});
export const mergeInto = (uid: string, data: WriteData): FriendsWrite => ({
  collection: INBOXES,
  uid,
  data,
  merge: true,
});

// ---------- small list helpers ----------

export const listsFriend = (profile: Pick<UserProfile, 'friends'>, uid: string): boolean =>
  profile.friends.some((friend) => friend?.id === uid);

export function friendEntryOf(
  uid: string,
  profile: Pick<UserProfile, 'displayName' | 'photoURL'>,
  now: number,
): FriendEntry {
  return { id: uid, displayName: profile.displayName, photoURL: profile.photoURL ?? null, addedAt: toIso(now) };
}

/** A friend entry as stored: FriendEntry is an interface, its values plain JSON all the same. */
export const entryData = (entry: FriendEntry | IncomingFriendRequest | SentFriendRequest | AppNotification): DocData =>
  entry as unknown as DocData;

/**
 * Someone else's friendCount after their list gains (1) or loses (-1) one entry: an increment, so
 * operations on one person at once merge; or, when the stored count was already wrong (an older
 * document), the right number as read, which the rules accept as equal to the list's size.
 */
export function countMovedBy(profile: Pick<UserProfile, 'friends' | 'friendCount'>, by: 1 | -1): WriteValue {
  return profile.friendCount === profile.friends.length ? fieldValue.increment(by) : profile.friends.length + by;
}
