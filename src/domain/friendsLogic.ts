// The pure heart of the friends feature: ids, validation, sorting, and the new friends fields
// of both users for every operation. No store, no clock: callers pass `now` (epoch ms).
// The outputs hold only the keys that change, in the shapes the access policy accepts
// (one friend entry at a time on the other user's document, each naming the caller).
import { compareNewestFirst, safeCount, safeIsoTime, safeTimeMs } from './coerce';
import { compareNames } from './compareNames';
import { fieldValue } from './docData';
import type { DocData, WriteData } from './docData';
import { FRIEND_REQUESTS_MAX, PENDING_REMOVAL_MAX_ATTEMPTS, SEND_RATE_LIMIT, SEND_RATE_WINDOW_MS } from './friendsLimits';
import type {
  AppNotification,
  FriendEntry,
  IncomingFriendRequest,
  SentFriendRequest,
  StoredNotifications,
  UserProfile,
} from './profileTypes';

/** The changed friends fields of one user's document. */
export type FriendsFields = Partial<
  Pick<
    UserProfile,
    'friends' | 'friendCount' | 'friendRequests' | 'sentFriendRequests' | 'notifications' | 'hasNewNotification'
  >
>;

/** The profile types are interfaces (no index signature); their values are plain JSON all the same. */
export function toWriteData(fields: FriendsFields): WriteData {
  return fields as unknown as WriteData;
}

export const toIso = (ms: number): string => new Date(ms).toISOString();

// ---------- ids (spec section 9) ----------

export const requestIdFor = (senderId: string, nowMs: number): string => `${senderId}_${nowMs}`;
export const acceptedNotificationIdFor = (requestId: string, nowMs: number): string =>
  `accepted_${requestId}_${nowMs}`;
export const pendingRemovalIdFor = (initiatorId: string, targetId: string): string => `${initiatorId}_${targetId}`;

// ---------- validation and ordering (spec section 5) ----------

export function isValidFriendEntry(entry: unknown): entry is FriendEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { id, displayName } = entry as Partial<FriendEntry>;
  return typeof id === 'string' && id.length > 0 && typeof displayName === 'string' && displayName.length > 0;
}

export function sortFriendsByName(friends: readonly FriendEntry[]): FriendEntry[] {
  return [...friends].sort((a, b) => compareNames(a.displayName, b.displayName) || a.id.localeCompare(b.id));
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

/** Adds one notification, keeping the stored shape (array stays array, map stays map). */
export function appendNotification(stored: StoredNotifications, notification: AppNotification): StoredNotifications {
  if (Array.isArray(stored)) return [...stored, notification];
  return { ...stored, [notification.id]: notification };
}

/** Marks every stored notification read, keeping the shape; null when nothing was unread. */
export function markAllRead(stored: StoredNotifications): StoredNotifications | null {
  if (!notificationList(stored).some((n) => n.read !== true)) return null;
  if (Array.isArray(stored)) return stored.map((n) => (n.read === true ? n : { ...n, read: true }));
  return Object.fromEntries(Object.entries(stored).map(([key, n]) => [key, n.read === true ? n : { ...n, read: true }]));
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

// ---------- small list helpers ----------

export const listsFriend = (profile: Pick<UserProfile, 'friends'>, uid: string): boolean =>
  profile.friends.some((friend) => friend?.id === uid);

/** Drops the first element matching `match` only: the policy allows one entry per write. */
function withoutFirst<T>(items: readonly T[], match: (item: T) => boolean): T[] {
  const index = items.findIndex(match);
  return index < 0 ? [...items] : [...items.slice(0, index), ...items.slice(index + 1)];
}

function friendEntryOf(uid: string, profile: Pick<UserProfile, 'displayName' | 'photoURL'>, now: number): FriendEntry {
  return { id: uid, displayName: profile.displayName, photoURL: profile.photoURL ?? null, addedAt: toIso(now) };
}

// ---------- send ----------

export type SendCheck =
  | { ok: true }
  | { ok: false; message: string };

export const SELF_REQUEST_MESSAGE = 'You cannot send a friend request to yourself';
export const ALREADY_FRIENDS_MESSAGE = 'You are already friends';
export const REQUEST_ALREADY_RECEIVED_MESSAGE = 'This user has already sent you a friend request';
export const INBOX_FULL_MESSAGE = `This user already has ${FRIEND_REQUESTS_MAX} pending friend requests. Try again once they have answered some.`;
export const RATE_LIMITED_MESSAGE = `You have sent ${SEND_RATE_LIMIT} friend requests in the last minute. Wait a minute, then try again.`;

/** The sender's friend-request rate window (users/{uid}.requestWindowStart / requestWindowCount). */
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
 * Refuses a duplicate pending request (spec section 5) and the requests that make no sense, a
 * full inbox and a sender over the rate limit, each with its own message before the access
 * policy would refuse the write with a bare permission error.
 */
export function checkSend(
  senderId: string,
  sender: UserProfile,
  receiverId: string,
  receiver: UserProfile,
  window: SendWindow = { start: null, count: 0 },
  now = 0,
): SendCheck {
  if (listsFriend(sender, receiverId) && listsFriend(receiver, senderId)) return { ok: false, message: ALREADY_FRIENDS_MESSAGE };
  const pendingSent = sender.sentFriendRequests.some((s) => s.receiverId === receiverId && s.status === 'pending');
  const pendingAtReceiver = receiver.friendRequests.some((r) => r.senderId === senderId && r.status === 'pending');
  if (pendingSent || pendingAtReceiver) return { ok: false, message: 'Friend request already sent' };
  if (sender.friendRequests.some((r) => r.senderId === receiverId && r.status === 'pending')) {
    return { ok: false, message: REQUEST_ALREADY_RECEIVED_MESSAGE };
  }
  if (receiver.friendRequests.length >= FRIEND_REQUESTS_MAX) return { ok: false, message: INBOX_FULL_MESSAGE };
  if (nextSendWindow(window, now) === null) return { ok: false, message: RATE_LIMITED_MESSAGE };
  return { ok: true };
}

export interface SendPlan {
  requestId: string;
  sender: FriendsFields;
  receiver: FriendsFields;
}

/** A pending entry on both users and the receiver's hasNewNotification flag (spec section 4). */
export function applySend(
  senderId: string,
  sender: UserProfile,
  receiverId: string,
  receiver: UserProfile,
  now: number,
): SendPlan {
  const requestId = requestIdFor(senderId, now);
  const createdAt = toIso(now);
  const incoming: IncomingFriendRequest = {
    requestId,
    senderId,
    senderName: sender.displayName,
    senderPhoto: sender.photoURL ?? null,
    status: 'pending',
    createdAt,
  };
  const sent: SentFriendRequest = {
    requestId,
    receiverId,
    receiverName: receiver.displayName,
    receiverPhoto: receiver.photoURL ?? null,
    status: 'pending',
    createdAt,
  };
  return {
    requestId,
    sender: { sentFriendRequests: [...sender.sentFriendRequests, sent] },
    receiver: { friendRequests: [...receiver.friendRequests, incoming], hasNewNotification: true },
  };
}

// ---------- accept ----------

export interface AcceptPlan {
  receiver: FriendsFields;
  sender: FriendsFields;
  /** Both already listed each other: only the request entries were removed. */
  alreadyFriends: boolean;
  notification: AppNotification | null;
}

/**
 * The receiver accepts `request`: the request leaves the receiver's list and the sender's sent
 * list, each joins the other's friends (when not already there), both counts follow the lists,
 * and the sender gets a friendRequestAccepted notification and the new-notification flag.
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
  const receiverFriends = receiverListsSender ? receiver.friends : [...receiver.friends, friendEntryOf(senderId, sender, now)];
  const receiverFields: FriendsFields = {
    friendRequests: receiver.friendRequests.filter((r) => r.requestId !== request.requestId),
  };
  if (!receiverListsSender) {
    receiverFields.friends = receiverFriends;
    receiverFields.friendCount = receiverFriends.length;
  } else if (receiver.friendCount !== receiver.friends.length) {
    // A stale stored count (an old client, an import) is repaired on the receiver's own document.
    receiverFields.friendCount = receiver.friends.length;
  }
  const senderFields: FriendsFields = {
    sentFriendRequests: withoutFirst(
      sender.sentFriendRequests,
      sender.sentFriendRequests.some((s) => s.requestId === request.requestId)
        ? (s) => s.requestId === request.requestId
        : (s) => s.receiverId === receiverId,
    ),
  };
  let notification: AppNotification | null = null;
  if (!senderListsReceiver) {
    const senderFriends = [...sender.friends, friendEntryOf(receiverId, receiver, now)];
    notification = {
      id: acceptedNotificationIdFor(request.requestId, now),
      type: 'friendRequestAccepted',
      message: `${receiver.displayName} accepted your friend request`,
      senderId: receiverId,
      senderName: receiver.displayName,
      senderPhoto: receiver.photoURL ?? null,
      read: false,
      createdAt: toIso(now),
    };
    senderFields.friends = senderFriends;
    senderFields.friendCount = senderFriends.length;
    senderFields.notifications = appendNotification(sender.notifications, notification);
    senderFields.hasNewNotification = true;
  }
  return {
    receiver: receiverFields,
    sender: senderFields,
    alreadyFriends: receiverListsSender && senderListsReceiver,
    notification,
  };
}

/**
 * The counts an accept writes follow the lists, never the stored counts (which may be stale):
 * every side that gains a friend has exactly one entry more than its list held, and a count
 * equal to the new list's length. False means the write would not move a count as it must.
 */
export function acceptMovesCounts(
  before: { receiver: Pick<UserProfile, 'friends'>; sender: Pick<UserProfile, 'friends'> },
  plan: Pick<AcceptPlan, 'receiver' | 'sender'>,
): boolean {
  const sides = [
    [before.receiver, plan.receiver],
    [before.sender, plan.sender],
  ] as const;
  return sides.every(
    ([profile, fields]) =>
      fields.friends === undefined ||
      (fields.friends.length === profile.friends.length + 1 && fields.friendCount === fields.friends.length),
  );
}

// ---------- decline and cancel ----------

/** The receiver declines: the entry leaves both users (declined is implied by removal). */
export function applyDecline(
  receiverId: string,
  receiver: UserProfile,
  sender: UserProfile | null,
  request: IncomingFriendRequest,
): { receiver: FriendsFields; sender: FriendsFields | null } {
  const receiverFields = { friendRequests: receiver.friendRequests.filter((r) => r.requestId !== request.requestId) };
  if (!sender) return { receiver: receiverFields, sender: null };
  const index = sender.sentFriendRequests.findIndex((s) => s.requestId === request.requestId);
  const fallback = sender.sentFriendRequests.findIndex((s) => s.receiverId === receiverId);
  const at = index >= 0 ? index : fallback;
  return {
    receiver: receiverFields,
    sender: at >= 0 ? { sentFriendRequests: sender.sentFriendRequests.filter((_, i) => i !== at) } : null,
  };
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

export function applyCancel(
  senderId: string,
  sender: UserProfile,
  receiver: UserProfile,
  sent: SentFriendRequest,
): { sender: FriendsFields; receiver: FriendsFields | null } {
  const senderFields = { sentFriendRequests: sender.sentFriendRequests.filter((s) => s.requestId !== sent.requestId) };
  const index = receiver.friendRequests.findIndex((r) => r.requestId === sent.requestId && r.senderId === senderId);
  return {
    sender: senderFields,
    receiver: index >= 0 ? { friendRequests: receiver.friendRequests.filter((_, i) => i !== index) } : null,
  };
}

// ---------- remove ----------

/** One user's side of ending a friendship: the friend entry and any requests between them. */
export function removalFields(own: UserProfile, otherId: string): FriendsFields | null {
  const friends = own.friends.filter((friend) => friend?.id !== otherId);
  const friendRequests = own.friendRequests.filter((r) => r.senderId !== otherId);
  const sentFriendRequests = own.sentFriendRequests.filter((s) => s.receiverId !== otherId);
  const fields: FriendsFields = {};
  if (friends.length !== own.friends.length || own.friendCount !== friends.length) {
    fields.friends = friends;
    fields.friendCount = friends.length;
  }
  if (friendRequests.length !== own.friendRequests.length) fields.friendRequests = friendRequests;
  if (sentFriendRequests.length !== own.sentFriendRequests.length) fields.sentFriendRequests = sentFriendRequests;
  return Object.keys(fields).length > 0 ? fields : null;
}

/** `removalFields` only when `own` still lists `otherId` as a friend. */
export function removalOfListed(own: UserProfile, otherId: string): FriendsFields | null {
  return listsFriend(own, otherId) ? removalFields(own, otherId) : null;
}

/**
 * The user ends the friendship with `friendId`. Their document is written only when it still
 * lists the user: the policy lets a caller touch another user's lists only to remove itself
 * from their friends (with the lingering requests between them in the same write).
 */
export function applyRemove(
  userId: string,
  user: UserProfile,
  friendId: string,
  friend: UserProfile | null,
): { user: FriendsFields | null; friend: FriendsFields | null } {
  return {
    user: removalFields(user, friendId),
    friend: friend ? removalOfListed(friend, userId) : null,
  };
}

// ---------- cleanup of stale sent requests (spec section 4) ----------

export type CleanupAction = 'markedAccepted' | 'friendReAdded' | 'dropped' | 'revertedToPending' | 'unchanged';

export interface CleanupPlan {
  sentFriendRequests: SentFriendRequest[];
  /** Friends to add back, one write each (the policy grows friends one at a time). */
  friendsToAdd: FriendEntry[];
  changed: boolean;
  actions: Record<string, CleanupAction[]>;
}

/**
 * Compares each sent request with the receiver's data (null: the receiver's document is gone):
 * marks it accepted when they are friends or the receiver's copy is accepted, re-adds a
 * missing friend, drops requests that are gone or declined, and reverts an accepted request
 * to pending when the receiver does not list the user as a friend.
 */
export function planStaleCleanup(
  userId: string,
  user: UserProfile,
  receivers: Readonly<Record<string, UserProfile | null>>,
  now: number,
): CleanupPlan {
  const kept: SentFriendRequest[] = [];
  const friendsToAdd: FriendEntry[] = [];
  const actions: Record<string, CleanupAction[]> = {};
  let changed = false;
  for (const sent of user.sentFriendRequests) {
    const receiver = receivers[sent.receiverId] ?? null;
    const log = (actions[sent.requestId] ??= []);
    if (!receiver) {
      log.push('dropped');
      changed = true;
      continue;
    }
    const theyListMe = listsFriend(receiver, userId);
    const copy = receiver.friendRequests.find((r) => r.requestId === sent.requestId && r.senderId === userId);
    if (theyListMe || copy?.status === 'accepted') {
      if (sent.status !== 'accepted') {
        log.push('markedAccepted');
        changed = true;
      }
      kept.push(sent.status === 'accepted' ? sent : { ...sent, status: 'accepted' });
      if (theyListMe && !listsFriend(user, sent.receiverId) && !friendsToAdd.some((f) => f.id === sent.receiverId)) {
        friendsToAdd.push(friendEntryOf(sent.receiverId, receiver, now));
        log.push('friendReAdded');
      }
      continue;
    }
    if (!copy) {
      // Gone or declined: the receiver no longer holds the request.
      log.push('dropped');
      changed = true;
      continue;
    }
    if (sent.status === 'accepted') {
      log.push('revertedToPending');
      changed = true;
      kept.push({ ...sent, status: 'pending' });
      continue;
    }
    log.push('unchanged');
    kept.push(sent);
  }
  return { sentFriendRequests: kept, friendsToAdd, changed: changed || friendsToAdd.length > 0, actions };
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
