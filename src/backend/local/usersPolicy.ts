// users/{uid}: creation and the owner's own updates, and the shapes of the entries the friends
// operations write (firestore.rules: the users/{uid} helpers of the same names).
import { FRIEND_REQUESTS_MAX, SEND_RATE_LIMIT, SEND_RATE_WINDOW_MS } from '../../domain/friendsLimits';
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  SKILL_LENGTH_MAX,
  SKILLS_MAX,
} from '../../domain/profileTypes';
import type { DocData, DocRef, DocValue } from '../port';
import { docValuesEqual } from './docValues';
import { isAllowedPhotoURL } from './photoURLs';
import {
  addedTo,
  asMap,
  capOk,
  changedKeys,
  decide,
  deny,
  hasOnly,
  isAppTime,
  isId,
  isNonNegativeInteger,
  isRequestTime,
  isString,
  listOf,
  removedFrom,
} from './policyHelpers';
import type { DocMap, PolicyDecision, WriteContext } from './policyHelpers';

export { FRIEND_REQUESTS_MAX } from '../../domain/friendsLimits';

export const USER_FIELDS = [
  'displayName', 'email', 'photoURL', 'joinDate', 'postCount', 'bio', 'skills',
  'friends', 'friendCount', 'friendRequests', 'sentFriendRequests', 'notifications', 'hasNewNotification',
  // the post that moved postCount in the same write; the friend-request rate window
  'lastPostId', 'requestWindowStart', 'requestWindowCount',
] as const;

export const FRIENDS_MAX = 500;
export const SENT_FRIEND_REQUESTS_MAX = 50;
export const NOTIFICATIONS_MAX = 100;
/** How many of the friend's last entries firestore.rules look through for the caller (re-add); policy.ts: all. */
export const RULES_LISTED_LOOKBACK = 10;

export const FRIEND_ENTRY_KEYS = ['id', 'displayName', 'photoURL', 'addedAt'];
export const REQUEST_KEYS = ['requestId', 'senderId', 'senderName', 'senderPhoto', 'status', 'createdAt'];
export const SENT_REQUEST_KEYS = ['requestId', 'receiverId', 'receiverName', 'receiverPhoto', 'status', 'createdAt'];

export const displayNameOk = (v: DocValue | undefined) => isString(v, 1, DISPLAY_NAME_MAX);
export const bioOk = (v: DocValue | undefined) => isString(v, 0, BIO_MAX);
export const skillsOk = (v: DocValue | undefined) =>
  Array.isArray(v) && v.length <= SKILLS_MAX && v.every((skill) => isString(skill, 1, SKILL_LENGTH_MAX));
const notificationsShapeOk = (v: DocValue | undefined) => v === undefined || Array.isArray(v) || asMap(v) !== null;
const isEmpty = (v: DocValue | undefined) =>
  v === undefined || (Array.isArray(v) && v.length === 0) || (asMap(v) !== null && Object.keys(asMap(v)!).length === 0);

export const userRefOf = (uid: string): DocRef => ({ collection: 'users', id: uid });
export const postRefOf = (postId: string): DocRef => ({ collection: 'posts', id: postId });

export const friendCountMatches = (doc: DocData | null) =>
  (doc?.friendCount ?? 0) === listOf(doc, 'friends').length;

/** Every key of an entry the app writes, and nothing else. */
export const exactKeys = (entry: DocMap, keys: readonly string[]) =>
  hasOnly(Object.keys(entry), keys) && keys.every((key) => key in entry);

/** The spec's requestId `{senderId}_{ms}`, within the id pattern; rules: requestIdOk(). */
export function requestIdOk(senderId: string, value: DocValue | undefined): value is string {
  return isId(value) && value.startsWith(`${senderId}_`) && /^[0-9]{1,16}$/.test(value.slice(senderId.length + 1));
}

/** A friend entry for `who` (their profile after this write): their own name and photo; rules: friendEntryOk(). */
export function friendEntryOk(ctx: WriteContext, entry: DocMap, who: DocData | null): boolean {
  return (
    who !== null &&
    exactKeys(entry, FRIEND_ENTRY_KEYS) &&
    isId(entry.id) &&
    displayNameOk(entry.displayName) &&
    entry.displayName === who.displayName &&
    entry.photoURL === (who.photoURL ?? null) &&
    isAllowedPhotoURL(entry.photoURL) &&
    isAppTime(entry.addedAt, ctx)
  );
}

/** A sent request the owner appends to their own list, naming the receiver as their profile does; rules: sentEntryOk(). */
function sentEntryOk(ctx: WriteContext, entry: DocMap): boolean {
  const uid = ctx.actorUid as string;
  if (!isId(entry.receiverId)) return false;
  const receiver = ctx.getAfter(userRefOf(entry.receiverId));
  return (
    receiver !== null &&
    exactKeys(entry, SENT_REQUEST_KEYS) &&
    requestIdOk(uid, entry.requestId) &&
    entry.receiverId !== uid &&
    displayNameOk(entry.receiverName) &&
    entry.receiverName === receiver.displayName &&
    isAllowedPhotoURL(entry.receiverPhoto) &&
    entry.receiverPhoto !== undefined &&
    entry.status === 'pending' &&
    isAppTime(entry.createdAt, ctx)
  );
}

export function createUserOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after ?? {};
  return decide(
    ctx.actorUid === ctx.ref.id &&
      // email lives in the owner-only accounts/{uid} (accountsPolicy in policy.ts), never here
      hasOnly(Object.keys(d), USER_FIELDS.filter((key) => !['email', 'lastPostId', 'requestWindowStart', 'requestWindowCount'].includes(key))) &&
      displayNameOk(d.displayName) &&
      isAllowedPhotoURL(d.photoURL) &&
      isRequestTime(d.joinDate, ctx) &&
      (d.postCount ?? 0) === 0 &&
      (d.friendCount ?? 0) === 0 &&
      (d.bio === undefined || bioOk(d.bio)) &&
      (d.skills === undefined || skillsOk(d.skills)) &&
      isEmpty(d.friends) &&
      isEmpty(d.friendRequests) &&
      isEmpty(d.sentFriendRequests) &&
      isEmpty(d.notifications) &&
      (d.hasNewNotification === undefined || d.hasNewNotification === false),
    'users: a profile is created only by its owner, with the default shape, joinDate the server time and no email',
  );
}

/**
 * postCount moves by one, with the post it counts created or deleted by the owner in the same
 * write: lastPostId names it (rules: exists/existsAfter on posts/{lastPostId}).
 */
function postCountOk(ctx: WriteContext): boolean {
  const before = ctx.before?.postCount ?? 0;
  const after = ctx.after?.postCount;
  const postId = ctx.after?.lastPostId;
  if (!isNonNegativeInteger(after) || typeof before !== 'number' || !isId(postId)) return false;
  const postBefore = ctx.get(postRefOf(postId));
  const postAfter = ctx.getAfter(postRefOf(postId));
  if (after === before + 1) return postBefore === null && postAfter !== null && postAfter.authorId === ctx.actorUid;
  if (after === before - 1) return postBefore !== null && postAfter === null && postBefore.authorId === ctx.actorUid;
  return false;
}

/**
 * The friend-request rate window: each request sent adds one to requestWindowCount (at most
 * SEND_RATE_LIMIT), or starts a new window at the server's time once the last one is over.
 */
export function sendWindowOk(ctx: WriteContext): boolean {
  const b = ctx.before ?? {};
  const a = ctx.after ?? {};
  const count = a.requestWindowCount;
  if (!isNonNegativeInteger(count)) return false;
  const continued =
    b.requestWindowStart !== undefined &&
    docValuesEqual(a.requestWindowStart, b.requestWindowStart) &&
    typeof b.requestWindowCount === 'number' &&
    count === b.requestWindowCount + 1 &&
    count <= SEND_RATE_LIMIT;
  const restarted =
    isRequestTime(a.requestWindowStart, ctx) &&
    count === 1 &&
    (b.requestWindowStart === undefined ||
      (typeof b.requestWindowStart === 'number' && ctx.requestTime >= b.requestWindowStart + SEND_RATE_WINDOW_MS));
  return continued || restarted;
}

/** The window fields of `uid`'s document moved in this write (a request was counted). */
export function windowMoved(ctx: WriteContext, uid: string): boolean {
  const before = ctx.get(userRefOf(uid)) ?? {};
  const after = ctx.getAfter(userRefOf(uid)) ?? {};
  return !docValuesEqual(before.requestWindowCount ?? null, after.requestWindowCount ?? null) ||
    !docValuesEqual(before.requestWindowStart ?? null, after.requestWindowStart ?? null);
}

/** The owner's sent list grows only by one well-formed request at a time, counted in the rate window. */
function sentGrowthOk(ctx: WriteContext): boolean {
  const before = listOf(ctx.before, 'sentFriendRequests');
  const after = listOf(ctx.after, 'sentFriendRequests');
  if (after.length <= before.length) return true;
  const added = addedTo(ctx, 'sentFriendRequests');
  const c = changedKeys(ctx);
  return (
    after.length === before.length + 1 &&
    added.length === 1 &&
    removedFrom(ctx, 'sentFriendRequests').length === 0 &&
    sentEntryOk(ctx, asMap(added[0]) ?? {}) &&
    (c.has('requestWindowStart') || c.has('requestWindowCount'))
  );
}

/**
 * Consent: the owner's friends grow by one entry per write, and only by accepting that person's
 * pending request in the same write, or by re-adding someone whose own document lists the owner
 * (stale-request cleanup). The entry carries the friend's own name and photo.
 */
function ownFriendsGrowthOk(ctx: WriteContext): boolean {
  const added = addedTo(ctx, 'friends');
  if (added.length === 0) return true;
  const entry = asMap(added[0]);
  const friendId = entry?.id;
  if (added.length !== 1 || !entry || !isId(friendId) || friendId === ctx.actorUid) return false;
  const friend = ctx.getAfter(userRefOf(friendId));
  if (!friendEntryOk(ctx, entry, friend)) return false;
  const acceptedRequest = removedFrom(ctx, 'friendRequests').some(
    (r) => asMap(r)?.senderId === friendId && asMap(r)?.status === 'pending',
  );
  const theyListMe = listOf(friend, 'friends').some((f) => asMap(f)?.id === ctx.actorUid);
  return acceptedRequest || theyListMe;
}

export function ownerUpdateOk(ctx: WriteContext): PolicyDecision {
  const c = changedKeys(ctx);
  const d = ctx.after ?? {};
  if (!hasOnly(c, USER_FIELDS)) return deny('users: unknown profile field');
  if (c.has('joinDate')) return deny('users: joinDate never changes');
  // A legacy document keeps its email or drops it (it moves to accounts/{uid}); none is written here.
  if (c.has('email') && d.email !== undefined && d.email !== null) return deny('users: email lives in accounts/{uid}; it may only be removed here');
  if (c.has('postCount') && !postCountOk(ctx)) return deny('users: postCount moves by one, with its post (lastPostId) in the same write');
  if (c.has('lastPostId') && !c.has('postCount')) return deny('users: lastPostId changes only with postCount');
  if (c.has('displayName') && !displayNameOk(d.displayName)) return deny('users: displayName is 1-50 characters');
  if (c.has('bio') && !bioOk(d.bio)) return deny('users: bio is at most 500 characters');
  if (c.has('skills') && !skillsOk(d.skills)) return deny('users: at most 20 skills of 1-30 characters');
  if (c.has('photoURL') && !isAllowedPhotoURL(d.photoURL)) return deny('users: photoURL must be null or an https URL');
  if (c.has('hasNewNotification') && typeof d.hasNewNotification !== 'boolean') return deny('users: hasNewNotification is a boolean');
  if (c.has('notifications') && !notificationsShapeOk(d.notifications)) return deny('users: notifications are a list or a map');
  if ((c.has('friends') || c.has('friendCount')) && !(friendCountMatches(ctx.after) && capOk(ctx, 'friends', FRIENDS_MAX))) {
    return deny('users: friendCount must equal the number of friends');
  }
  if (!ownFriendsGrowthOk(ctx)) return deny('users: friends are added only by accepting their request, or when they list you');
  if (addedTo(ctx, 'friendRequests').length > 0) return deny('users: incoming requests are written only by their senders');
  if ((c.has('requestWindowStart') || c.has('requestWindowCount')) && !sendWindowOk(ctx)) {
    return deny(`users: at most ${SEND_RATE_LIMIT} friend requests per minute`);
  }
  if (!sentGrowthOk(ctx)) return deny('users: one well-formed sent request at a time, counted in the rate window');
  return decide(
    capOk(ctx, 'sentFriendRequests', SENT_FRIEND_REQUESTS_MAX) && capOk(ctx, 'notifications', NOTIFICATIONS_MAX) &&
      capOk(ctx, 'friendRequests', FRIEND_REQUESTS_MAX),
    'users: too many sent requests or notifications',
  );
}
