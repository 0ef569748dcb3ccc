// The pure heart of the friends feature: ids, validation, sorting, and the new friends fields
// of both users for every operation. No store, no clock: callers pass `now` (epoch ms).
// The outputs hold only the keys that change, in the shapes the access policy accepts
// (one friend entry at a time on the other user's document, each naming the caller).
import { compareNewestFirst, safeCount, safeIsoTime, safeTimeMs } from './coerce';
import { INBOXES, USERS } from './collections';
import { compareIds, compareText } from './compareText';
import { fieldValue } from './docData';
import type { DocData, WriteData, WriteValue } from './docData';
import {
  acceptedMessageFor,
  FRIEND_REQUESTS_MAX,
  PENDING_REMOVAL_MAX_ATTEMPTS,
  SEND_RATE_LIMIT,
  SEND_RATE_WINDOW_MS,
} from './friendsLimits';
import type {
  AppNotification,
  FriendEntry,
  IncomingFriendRequest,
  SentFriendRequest,
  StoredNotifications,
  UserProfile,
} from './profileTypes';

export const toIso = (ms: number): string => new Date(ms).toISOString();

// ---------- ids (spec section 9) ----------

export const requestIdFor = (senderId: string, nowMs: number): string => `${senderId}_${nowMs}`;
export const acceptedNotificationIdFor = (requestId: string, nowMs: number): string => `accepted_${requestId}_${nowMs}`;
export const pendingRemovalIdFor = (initiatorId: string, targetId: string): string => `${initiatorId}_${targetId}`;

// ---------- validation and ordering (spec section 5) ----------

export function isValidFriendEntry(entry: unknown): entry is FriendEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { id, displayName } = entry as Partial<FriendEntry>;
  return typeof id === 'string' && id.length > 0 && typeof displayName === 'string' && displayName.length > 0;
}

export function sortFriendsByName(friends: readonly FriendEntry[]): FriendEntry[] {
  return [...friends].sort((a, b) => compareText(a.displayName, b.displayName) || compareIds(a.id, b.id));
}

/** Newest first by the time createdAt holds, whatever its type; missing or unusable times sort last. */
export function newestFirst<T extends { createdAt: unknown }>(items: readonly T[]): T[] {
  return [...items].sort(compareNewestFirst);
}

// ---------- notifications: stored as an array or as an object keyed by id ----------

export function notificationList(stored: StoredNotifications | null | undefined): AppNotification[] {
  if (!stored) return [];
  const values = Array.isArray(stored) ? stored : Object.values(stored);
  return values.filter((n): n is AppNotification => typeof n === 'object' && n !== null && typeof n.id === 'string');
}

/** Only unread notifications, newest first (spec section 5). */
export function unreadNotifications(stored: StoredNotifications | null | undefined): AppNotification[] {
  return newestFirst(notificationList(stored).filter((n) => n.read !== true));
}

/** friendRequest notifications are derived from pending incoming requests, never stored (spec section 3). */
export function requestNotifications(requests: readonly IncomingFriendRequest[]): AppNotification[] {
  return requests
    .filter((request) => request.status === 'pending')
    .map((request) => ({
      id: `request_${request.requestId}`,
      type: 'friendRequest',
      message: `${request.senderName} sent you a friend request`,
      senderId: request.senderId,
      senderName: request.senderName,
      senderPhoto: request.senderPhoto ?? null,
      read: false,
      createdAt: request.createdAt,
    }));
}

/** What the bell shows: derived request notifications plus stored unread ones, newest first. */
export function inboxNotifications(profile: Pick<UserProfile, 'friendRequests' | 'notifications'>): AppNotification[] {
  return newestFirst([...requestNotifications(profile.friendRequests), ...unreadNotifications(profile.notifications)]);
}

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

const deleted = fieldValue.deleteField;
const update = (collection: FriendsWrite['collection'], uid: string, data: WriteData): FriendsWrite => ({
  collection,
  uid,
  data,
});
const mergeInto = (uid: string, data: WriteData): FriendsWrite => ({ collection: INBOXES, uid, data, merge: true });

// ---------- small list helpers ----------

export const listsFriend = (profile: Pick<UserProfile, 'friends'>, uid: string): boolean =>
  profile.friends.some((friend) => friend?.id === uid);

function friendEntryOf(uid: string, profile: Pick<UserProfile, 'displayName' | 'photoURL'>, now: number): FriendEntry {
  return { id: uid, displayName: profile.displayName, photoURL: profile.photoURL ?? null, addedAt: toIso(now) };
}

/** A friend entry as stored: FriendEntry is an interface, its values plain JSON all the same. */
const entryData = (entry: FriendEntry | IncomingFriendRequest | SentFriendRequest | AppNotification): DocData =>
  entry as unknown as DocData;

/**
 * Someone else's friendCount after their list gains (1) or loses (-1) one entry: an increment, so
 * operations on one person at once merge; or, when the stored count was already wrong (an older
 * document), the right number as read, which the rules accept as equal to the list's size.
 */
function countMovedBy(profile: Pick<UserProfile, 'friends' | 'friendCount'>, by: 1 | -1): WriteValue {
  return profile.friendCount === profile.friends.length ? fieldValue.increment(by) : profile.friends.length + by;
}

// ---------- send ----------

export type SendCheck = { ok: true } | { ok: false; message: string };

export const SELF_REQUEST_MESSAGE = 'You cannot send a friend request to yourself';
export const ALREADY_FRIENDS_MESSAGE = 'You are already friends';
export const REQUEST_ALREADY_RECEIVED_MESSAGE = 'This user has already sent you a friend request';
export const INBOX_FULL_MESSAGE = `This user already has ${FRIEND_REQUESTS_MAX} pending friend requests. Try again once they have answered some.`;
export const RATE_LIMITED_MESSAGE = `You have sent ${SEND_RATE_LIMIT} friend requests in the last minute. Wait a minute, then try again.`;
/** A send the access rules refused: the receiver's inbox is private, so the sender cannot tell which reason holds. */
export const SEND_REFUSED_MESSAGE = `Friend request not sent: this user cannot take a request from you right now (one may be waiting already, or they have ${FRIEND_REQUESTS_MAX} pending). Try again later.`;
export const SENT_FULL_MESSAGE = `You have ${FRIEND_REQUESTS_MAX} friend requests waiting for an answer. Cancel some, or wait until they are answered.`;

/** The sender's friend-request rate window (inboxes/{uid}.requestWindowStart / requestWindowCount). */
export interface SendWindow {
  /** epoch ms the window started (a server timestamp), null before the first request */
  start: number | null;
  count: number;
}

export function sendWindowOf(data: DocData | null): SendWindow {
  const start = data?.requestWindowStart;
  const count = data?.requestWindowCount;
  return {
    start: typeof start === 'number' && Number.isFinite(start) ? start : null,
    count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0,
  };
}

/**
 * A window is restarted (at the server's time) only once the client is sure it is over: the rules
 * judge by the server's clock, and a device clock a few seconds fast must not be refused.
 */
export const SEND_WINDOW_CLOCK_MARGIN_MS = 5_000;

/** The window fields a send writes, or null when the sender is over the rate limit. */
export function nextSendWindow(window: SendWindow, now: number): WriteData | null {
  if (window.start === null || now >= window.start + SEND_RATE_WINDOW_MS + SEND_WINDOW_CLOCK_MARGIN_MS) {
    return { requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 };
  }
  if (window.count < SEND_RATE_LIMIT) return { requestWindowCount: window.count + 1 };
  return null;
}

/**
 * Refuses a duplicate pending request (spec section 5) and the requests that make no sense, and
 * a sender over the rate limit, each with its own message. The receiver's inbox is private: a
 * duplicate or a full inbox there is refused by the access rules, which the send then explains
 * (sendRefusalMessage).
 */
export function checkSend(
  senderId: string,
  sender: UserProfile,
  receiverId: string,
  receiver: Pick<UserProfile, 'friends'>,
  window: SendWindow = { start: null, count: 0 },
  now = 0,
): SendCheck {
  if (listsFriend(sender, receiverId) && listsFriend(receiver, senderId))
    return { ok: false, message: ALREADY_FRIENDS_MESSAGE };
  if (sender.sentFriendRequests.some((s) => s.receiverId === receiverId))
    return { ok: false, message: 'Friend request already sent' };
  if (sender.friendRequests.some((r) => r.senderId === receiverId && r.status === 'pending')) {
    return { ok: false, message: REQUEST_ALREADY_RECEIVED_MESSAGE };
  }
  if (sender.sentFriendRequests.length >= FRIEND_REQUESTS_MAX) return { ok: false, message: SENT_FULL_MESSAGE };
  if (nextSendWindow(window, now) === null) return { ok: false, message: RATE_LIMITED_MESSAGE };
  return { ok: true };
}

export interface SendPlan {
  requestId: string;
  writes: FriendsWrite[];
}

/**
 * A pending entry on both users and the receiver's hasNewNotification flag (spec section 4): the
 * sender's own inbox gains the sent entry (and the rate window's count), the receiver's inbox the
 * incoming one, merged in without reading it, so sends from many people at once all land.
 */
export function applySend(
  senderId: string,
  sender: Pick<UserProfile, 'displayName' | 'photoURL'>,
  receiverId: string,
  receiver: Pick<UserProfile, 'displayName' | 'photoURL'>,
  now: number,
  windowFields: WriteData,
): SendPlan {
  const requestId = requestIdFor(senderId, now);
  const createdAt = fieldValue.serverTimestamp();
  const incoming = {
    requestId,
    senderId,
    senderName: sender.displayName,
    senderPhoto: sender.photoURL ?? null,
    status: 'pending',
    createdAt,
  };
  const sent = {
    requestId,
    receiverId,
    receiverName: receiver.displayName,
    receiverPhoto: receiver.photoURL ?? null,
    status: 'pending',
    createdAt,
  };
  return {
    requestId,
    writes: [
      mergeInto(senderId, { sentFriendRequests: { [receiverId]: sent }, ...windowFields }),
      mergeInto(receiverId, { friendRequests: { [senderId]: incoming }, hasNewNotification: true }),
    ],
  };
}

// ---------- accept ----------

export interface AcceptPlan {
  writes: FriendsWrite[];
  /** Both already listed each other: only the request entries were removed. */
  alreadyFriends: boolean;
  notification: AppNotification | null;
}

/**
 * The receiver accepts `request`: the request leaves the receiver's inbox and the sender's sent
 * requests, each joins the other's friends (when not already there; counts move by one, so
 * concurrent accepts on one person merge), and the sender gets a friendRequestAccepted
 * notification and the new-notification flag.
 */
export function applyAccept(
  receiverId: string,
  receiver: UserProfile,
  sender: UserProfile,
  request: IncomingFriendRequest,
  now: number,
): AcceptPlan {
  const senderId = request.senderId;
  const receiverListsSender = listsFriend(receiver, senderId);
  const senderListsReceiver = listsFriend(sender, receiverId);
  const writes: FriendsWrite[] = [update(INBOXES, receiverId, { [`friendRequests.${senderId}`]: deleted() })];
  if (!receiverListsSender) {
    // The receiver's own count follows its list as read in this transaction (a stale count is repaired).
    writes.push(
      update(USERS, receiverId, {
        [`friends.${senderId}`]: entryData(friendEntryOf(senderId, sender, now)),
        friendCount: receiver.friends.length + 1,
      }),
    );
  } else if (receiver.friendCount !== receiver.friends.length) {
    writes.push(update(USERS, receiverId, { friendCount: receiver.friends.length }));
  }
  let notification: AppNotification | null = null;
  const senderInbox: WriteData = { sentFriendRequests: { [receiverId]: deleted() } };
  if (!senderListsReceiver) {
    notification = {
      id: acceptedNotificationIdFor(request.requestId, now),
      type: 'friendRequestAccepted',
      message: acceptedMessageFor(receiver.displayName),
      senderId: receiverId,
      senderName: receiver.displayName,
      senderPhoto: receiver.photoURL ?? null,
      read: false,
      createdAt: toIso(now),
    };
    writes.push(
      update(USERS, senderId, {
        [`friends.${receiverId}`]: entryData(friendEntryOf(receiverId, receiver, now)),
        friendCount: countMovedBy(sender, 1),
      }),
    );
    senderInbox.notifications = {
      [notification.id]: { ...entryData(notification), createdAt: fieldValue.serverTimestamp() },
    };
    senderInbox.hasNewNotification = true;
  }
  writes.push(mergeInto(senderId, senderInbox));
  return { writes, alreadyFriends: receiverListsSender && senderListsReceiver, notification };
}

// ---------- decline and cancel ----------

/** The receiver declines: the entry leaves both users (declined is implied by removal). */
export function applyDecline(receiverId: string, senderId: string): FriendsWrite[] {
  return [
    update(INBOXES, receiverId, { [`friendRequests.${senderId}`]: deleted() }),
    mergeInto(senderId, { sentFriendRequests: { [receiverId]: deleted() } }),
  ];
}

/** Finds the sent request to cancel: by requestId or, failing that, by receiver with pending status. */
export function findSentRequest(
  sender: UserProfile,
  receiverId: string,
  requestId: string | null,
): SentFriendRequest | null {
  const byId = requestId ? sender.sentFriendRequests.find((s) => s.requestId === requestId) : undefined;
  if (byId) return byId.receiverId === receiverId ? byId : null;
  return sender.sentFriendRequests.find((s) => s.receiverId === receiverId && s.status === 'pending') ?? null;
}

export function applyCancel(senderId: string, receiverId: string): FriendsWrite[] {
  return [
    update(INBOXES, senderId, { [`sentFriendRequests.${receiverId}`]: deleted() }),
    mergeInto(receiverId, { friendRequests: { [senderId]: deleted() } }),
  ];
}

// ---------- remove ----------

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

// ---------- cleanup of stale sent requests (spec section 4) ----------

export type CleanupAction = 'markedAccepted' | 'friendReAdded' | 'dropped' | 'revertedToPending' | 'unchanged';

export interface CleanupPlan {
  /** The field paths to write in the user's own inbox, null when none change. */
  inbox: WriteData | null;
  /** Friends to add back, one write each (the rules let friends grow by one entry per write). */
  friendsToAdd: FriendEntry[];
  changed: boolean;
  actions: Record<string, CleanupAction[]>;
}

/**
 * Compares each sent request with the receiver's public data (null: the receiver's document is
 * gone): marks it accepted when they list the user as a friend, re-adding a missing friend;
 * drops requests whose receiver is gone; reverts an accepted request to pending when the
 * receiver does not list the user. The receiver's own copy of the request is private to them:
 * declines and cancels delete both copies in one batch, so a pending sent entry is pending.
 */
export function planStaleCleanup(
  userId: string,
  user: UserProfile,
  receivers: Readonly<Record<string, Pick<UserProfile, 'displayName' | 'photoURL' | 'friends'> | null>>,
  now: number,
): CleanupPlan {
  const inbox: WriteData = {};
  const friendsToAdd: FriendEntry[] = [];
  const actions: Record<string, CleanupAction[]> = {};
  for (const sent of user.sentFriendRequests) {
    const receiver = receivers[sent.receiverId] ?? null;
    const log = (actions[sent.requestId] ??= []);
    if (!receiver) {
      log.push('dropped');
      inbox[`sentFriendRequests.${sent.receiverId}`] = deleted();
      continue;
    }
    if (listsFriend(receiver, userId)) {
      if (sent.status !== 'accepted') {
        log.push('markedAccepted');
        inbox[`sentFriendRequests.${sent.receiverId}.status`] = 'accepted';
      }
      if (!listsFriend(user, sent.receiverId) && !friendsToAdd.some((f) => f.id === sent.receiverId)) {
        friendsToAdd.push(friendEntryOf(sent.receiverId, receiver, now));
        log.push('friendReAdded');
      }
      continue;
    }
    if (sent.status === 'accepted') {
      log.push('revertedToPending');
      inbox[`sentFriendRequests.${sent.receiverId}.status`] = 'pending';
      continue;
    }
    log.push('unchanged');
  }
  const hasInbox = Object.keys(inbox).length > 0;
  return { inbox: hasInbox ? inbox : null, friendsToAdd, changed: hasInbox || friendsToAdd.length > 0, actions };
}

/** Re-adds one friend on the user's own document (cleanup), the count following the list as read. */
export function reAddFriendWrite(
  userId: string,
  user: Pick<UserProfile, 'friends'>,
  friend: FriendEntry,
): FriendsWrite {
  return update(USERS, userId, { [`friends.${friend.id}`]: entryData(friend), friendCount: user.friends.length + 1 });
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
