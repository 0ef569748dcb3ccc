// users/{uid} written by someone else: only the friends keys, in one of the five shapes the
// friends operations produce, each naming the caller and proven by the caller's own document
// in the same batch or transaction (getAfter), like firestore.rules' counterpart branches.
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
  isString,
  listOf,
  removedFrom,
} from './policyHelpers';
import type { DocMap, PolicyDecision, WriteContext } from './policyHelpers';
import { projectDecisionNotificationOk } from './projectsPolicy';
import { FRIEND_REQUESTS_MAX, FRIENDS_MAX, friendCountMatches, NOTIFICATIONS_MAX } from './usersPolicy';

export const FRIENDS_KEYS = [
  'friends', 'friendCount', 'friendRequests', 'sentFriendRequests', 'notifications', 'hasNewNotification',
] as const;

const REQUEST_KEYS = ['requestId', 'senderId', 'senderName', 'senderPhoto', 'status', 'createdAt'];
const FRIEND_ENTRY_KEYS = ['id', 'displayName', 'photoURL', 'addedAt'];
const NOTIFICATION_KEYS = ['id', 'type', 'message', 'senderId', 'senderName', 'senderPhoto', 'read', 'createdAt'];

const me = (ctx: WriteContext) => ctx.actorUid as string;
const myProfile = (ctx: WriteContext): DocData => ctx.getAfter({ collection: 'users', id: me(ctx) }) ?? {};
const first = (values: DocValue[]): DocMap => asMap(values[0]) ?? {};
const keysOnly = (entry: DocMap, allowed: string[]) => hasOnly(Object.keys(entry), allowed);
const hasNewOk = (ctx: WriteContext) => !changedKeys(ctx).has('hasNewNotification') || ctx.after?.hasNewNotification === true;
/** The spec's requestId: sender id, underscore, milliseconds. */
const requestIdOk = (ctx: WriteContext, requestId: DocValue | undefined) =>
  typeof requestId === 'string' && new RegExp(`^${escapeRegExp(me(ctx))}_\\d+$`).test(requestId);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function acceptedNotificationOk(ctx: WriteContext, n: DocMap, id: string | null): boolean {
  const mine = myProfile(ctx);
  return (
    keysOnly(n, NOTIFICATION_KEYS) &&
    n.type === 'friendRequestAccepted' &&
    n.senderId === me(ctx) &&
    n.read === false &&
    isString(n.id, 1, 256) &&
    n.id.startsWith('accepted_') &&
    (id === null || n.id === id) &&
    isString(n.message, 1, 200) &&
    n.senderName === mine.displayName &&
    isAllowedPhotoURL(n.senderPhoto)
  );
}

/** Notifications stay untouched, or gain exactly one friendRequestAccepted from the caller (list or map). */
function notificationsOk(ctx: WriteContext): boolean {
  if (!changedKeys(ctx).has('notifications')) return true;
  const before = ctx.before?.notifications ?? [];
  const after = ctx.after?.notifications ?? [];
  if (Array.isArray(before) && Array.isArray(after)) {
    return appendedOne(ctx, 'notifications') && capOk(ctx, 'notifications', NOTIFICATIONS_MAX) &&
      acceptedNotificationOk(ctx, first(addedTo(ctx, 'notifications')), null);
  }
  const beforeMap = asMap(before);
  const afterMap = asMap(after);
  if (!beforeMap || !afterMap) return false;
  const newKeys = Object.keys(afterMap).filter((key) => !(key in beforeMap));
  const unchanged = Object.keys(beforeMap).every((key) => key in afterMap && docValuesEqual(afterMap[key], beforeMap[key]));
  const key = newKeys[0];
  return newKeys.length === 1 && key !== undefined && unchanged && capOk(ctx, 'notifications', NOTIFICATIONS_MAX) &&
    acceptedNotificationOk(ctx, asMap(afterMap[key]) ?? {}, key);
}

/** A -> B: A appends its pending request to B.friendRequests, mirrored in A.sentFriendRequests. */
export function sendRequestOk(ctx: WriteContext): boolean {
  const r = first(addedTo(ctx, 'friendRequests'));
  const mine = myProfile(ctx);
  const alreadyPending = listOf(ctx.before, 'friendRequests').some(
    (entry) => asMap(entry)?.senderId === me(ctx) && asMap(entry)?.status === 'pending',
  );
  return (
    hasOnly(changedKeys(ctx), ['friendRequests', 'hasNewNotification']) &&
    appendedOne(ctx, 'friendRequests') &&
    capOk(ctx, 'friendRequests', FRIEND_REQUESTS_MAX) &&
    !alreadyPending &&
    keysOnly(r, REQUEST_KEYS) &&
    r.senderId === me(ctx) &&
    r.status === 'pending' &&
    requestIdOk(ctx, r.requestId) &&
    r.senderName === mine.displayName &&
    (r.senderPhoto ?? null) === (mine.photoURL ?? null) &&
    isAllowedPhotoURL(r.senderPhoto) &&
    listOf(mine, 'sentFriendRequests').some((s) => asMap(s)?.requestId === r.requestId && asMap(s)?.receiverId === ctx.ref.id) &&
    hasNewOk(ctx)
  );
}

/** B accepts A's request, writing A's document: B joins A.friends, A's sent entry goes. */
export function acceptRequestOk(ctx: WriteContext): boolean {
  const f = first(addedTo(ctx, 'friends'));
  const sent = first(removedFrom(ctx, 'sentFriendRequests'));
  const mine = myProfile(ctx);
  return (
    hasOnly(changedKeys(ctx), ['friends', 'friendCount', 'sentFriendRequests', 'notifications', 'hasNewNotification']) &&
    appendedOne(ctx, 'friends') &&
    capOk(ctx, 'friends', FRIENDS_MAX) &&
    friendCountMatches(ctx.after) &&
    keysOnly(f, FRIEND_ENTRY_KEYS) &&
    f.id === me(ctx) &&
    f.displayName === mine.displayName &&
    isAllowedPhotoURL(f.photoURL) &&
    droppedOne(ctx, 'sentFriendRequests') &&
    sent.receiverId === me(ctx) &&
    listOf(mine, 'friends').some((entry) => asMap(entry)?.id === ctx.ref.id) &&
    hasNewOk(ctx) &&
    notificationsOk(ctx)
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
