// users/{uid} written by someone else: only the friends keys, in one of the five shapes the
// friends operations produce, each naming the caller and proven by the caller's own document
// in the same batch or transaction (getAfter), like firestore.rules' counterpart branches.
import { acceptedMessageFor } from '../../domain/friendsLimits';
import type { DocData, DocValue } from '../port';
import { docValuesEqual } from './docValues';
import { isAllowedPhotoURL } from './photoURLs';
import {
  addedTo,
  appendedOne,
  asMap,
  capOk,
  changedKeys,
  decide,
  droppedOne,
  hasOnly,
  isAppTime,
  isId,
  listOf,
  removedFrom,
} from './policyHelpers';
import type { DocMap, PolicyDecision, WriteContext } from './policyHelpers';
import { projectDecisionNotificationOk } from './projectsPolicy';
import {
  exactKeys,
  FRIEND_REQUESTS_MAX,
  friendCountMatches,
  friendEntryOk,
  FRIENDS_MAX,
  NOTIFICATIONS_MAX,
  REQUEST_KEYS,
  requestIdOk,
  userRefOf,
  windowMoved,
} from './usersPolicy';

export const FRIENDS_KEYS = [
  'friends', 'friendCount', 'friendRequests', 'sentFriendRequests', 'notifications', 'hasNewNotification',
] as const;

const NOTIFICATION_KEYS = ['id', 'type', 'message', 'senderId', 'senderName', 'senderPhoto', 'read', 'createdAt'];

const me = (ctx: WriteContext) => ctx.actorUid as string;
const myProfile = (ctx: WriteContext): DocData => ctx.getAfter(userRefOf(me(ctx))) ?? {};
const first = (values: DocValue[]): DocMap => asMap(values[0]) ?? {};
const hasNewOk = (ctx: WriteContext) => !changedKeys(ctx).has('hasNewNotification') || ctx.after?.hasNewNotification === true;
const myPhoto = (mine: DocData) => mine.photoURL ?? null;

/**
 * The one notification an accept writes: the spec's sentence for the accepter's own name, their
 * photo, id `accepted_{requestId}_{ms}` of the request accepted in the same write.
 */
function acceptedNotificationOk(ctx: WriteContext, n: DocMap, key: string | null, requestId: DocValue | undefined): boolean {
  const mine = myProfile(ctx);
  return (
    exactKeys(n, NOTIFICATION_KEYS) &&
    n.type === 'friendRequestAccepted' &&
    n.senderId === me(ctx) &&
    n.read === false &&
    typeof requestId === 'string' &&
    isId(n.id) &&
    n.id.startsWith(`accepted_${requestId}_`) &&
    /^[0-9]{1,16}$/.test(n.id.slice(`accepted_${requestId}_`.length)) &&
    (key === null || n.id === key) &&
    typeof mine.displayName === 'string' &&
    n.message === acceptedMessageFor(mine.displayName) &&
    n.senderName === mine.displayName &&
    n.senderPhoto === myPhoto(mine) &&
    isAppTime(n.createdAt, ctx)
  );
}

/** Notifications stay untouched, or gain exactly one friendRequestAccepted from the caller (list or map). */
function notificationsOk(ctx: WriteContext, requestId: DocValue | undefined): boolean {
  if (!changedKeys(ctx).has('notifications')) return true;
  const before = ctx.before?.notifications ?? [];
  const after = ctx.after?.notifications ?? [];
  if (Array.isArray(before) && Array.isArray(after)) {
    return appendedOne(ctx, 'notifications') && capOk(ctx, 'notifications', NOTIFICATIONS_MAX) &&
      acceptedNotificationOk(ctx, first(addedTo(ctx, 'notifications')), null, requestId);
  }
  const beforeMap = asMap(before);
  const afterMap = asMap(after);
  if (!beforeMap || !afterMap) return false;
  const newKeys = Object.keys(afterMap).filter((key) => !(key in beforeMap));
  const unchanged = Object.keys(beforeMap).every((key) => key in afterMap && docValuesEqual(afterMap[key], beforeMap[key]));
  const key = newKeys[0];
  return newKeys.length === 1 && key !== undefined && unchanged && capOk(ctx, 'notifications', NOTIFICATIONS_MAX) &&
    acceptedNotificationOk(ctx, asMap(afterMap[key]) ?? {}, key, requestId);
}

/**
 * A -> B: A appends one well-formed pending request in A's own name and photo to B.friendRequests,
 * mirrored as the last entry of A's sent requests, counted in A's rate window in the same write,
 * and only when B holds no pending request from A (firestore.rules: noPendingFrom(), the inbox
 * being capped at 50 entries, unrolled).
 */
export function sendRequestOk(ctx: WriteContext): boolean {
  const r = first(addedTo(ctx, 'friendRequests'));
  const mine = myProfile(ctx);
  const sent = listOf(mine, 'sentFriendRequests');
  const last = asMap(sent[sent.length - 1]);
  const alreadyPending = listOf(ctx.before, 'friendRequests').some(
    (entry) => asMap(entry)?.senderId === me(ctx) && asMap(entry)?.status === 'pending',
  );
  return (
    hasOnly(changedKeys(ctx), ['friendRequests', 'hasNewNotification']) &&
    appendedOne(ctx, 'friendRequests') &&
    capOk(ctx, 'friendRequests', FRIEND_REQUESTS_MAX) &&
    !alreadyPending &&
    exactKeys(r, REQUEST_KEYS) &&
    r.senderId === me(ctx) &&
    r.status === 'pending' &&
    requestIdOk(me(ctx), r.requestId) &&
    r.senderName === mine.displayName &&
    r.senderPhoto === myPhoto(mine) &&
    isAllowedPhotoURL(r.senderPhoto) &&
    isAppTime(r.createdAt, ctx) &&
    last?.requestId === r.requestId &&
    last?.receiverId === ctx.ref.id &&
    windowMoved(ctx, me(ctx)) &&
    hasNewOk(ctx)
  );
}

/**
 * B accepts A's request, writing A's document: B joins A.friends with B's own name and photo, A's
 * sent entry addressed to B goes (A asked: consent), B lists A (firestore.rules: as its last friend) after the same write.
 */
export function acceptRequestOk(ctx: WriteContext): boolean {
  const f = first(addedTo(ctx, 'friends'));
  const sent = first(removedFrom(ctx, 'sentFriendRequests'));
  const mine = myProfile(ctx);
  const myFriends = listOf(mine, 'friends');
  return (
    hasOnly(changedKeys(ctx), ['friends', 'friendCount', 'sentFriendRequests', 'notifications', 'hasNewNotification']) &&
    appendedOne(ctx, 'friends') &&
    capOk(ctx, 'friends', FRIENDS_MAX) &&
    friendCountMatches(ctx.after) &&
    f.id === me(ctx) &&
    friendEntryOk(ctx, f, mine) &&
    droppedOne(ctx, 'sentFriendRequests') &&
    sent.receiverId === me(ctx) &&
    myFriends.some((entry) => asMap(entry)?.id === ctx.ref.id) &&
    hasNewOk(ctx) &&
    notificationsOk(ctx, sent.requestId)
  );
}

/** A withdraws its own pending request from B.friendRequests. */
export function cancelRequestOk(ctx: WriteContext): boolean {
  return (
    hasOnly(changedKeys(ctx), ['friendRequests']) &&
    droppedOne(ctx, 'friendRequests') &&
    first(removedFrom(ctx, 'friendRequests')).senderId === me(ctx)
  );
}

/** B declines (or finds it already accepted): A's sent entry addressed to B goes. */
export function declineRequestOk(ctx: WriteContext): boolean {
  return (
    hasOnly(changedKeys(ctx), ['sentFriendRequests']) &&
    droppedOne(ctx, 'sentFriendRequests') &&
    first(removedFrom(ctx, 'sentFriendRequests')).receiverId === me(ctx)
  );
}

/** A unfriends B: A's entries leave B.friends, with any lingering requests between them. */
export function removeFriendOk(ctx: WriteContext): boolean {
  const removedFriends = removedFrom(ctx, 'friends');
  return (
    hasOnly(changedKeys(ctx), ['friends', 'friendCount', 'friendRequests', 'sentFriendRequests']) &&
    removedFriends.length >= 1 &&
    removedFriends.every((entry) => asMap(entry)?.id === me(ctx)) &&
    addedTo(ctx, 'friends').length === 0 &&
    addedTo(ctx, 'friendRequests').length === 0 &&
    addedTo(ctx, 'sentFriendRequests').length === 0 &&
    removedFrom(ctx, 'friendRequests').every((entry) => asMap(entry)?.senderId === me(ctx)) &&
    removedFrom(ctx, 'sentFriendRequests').every((entry) => asMap(entry)?.receiverId === me(ctx)) &&
    friendCountMatches(ctx.after)
  );
}

export function counterpartUpdateOk(ctx: WriteContext): PolicyDecision {
  if (!hasOnly(changedKeys(ctx), FRIENDS_KEYS)) {
    return decide(false, "users: only the friends fields of another user's profile may change");
  }
  return decide(
    sendRequestOk(ctx) || acceptRequestOk(ctx) || cancelRequestOk(ctx) || declineRequestOk(ctx) || removeFriendOk(ctx) ||
      projectDecisionNotificationOk(ctx),
    "users: this change to another user's friends fields is not a friends operation by the caller",
  );
}
