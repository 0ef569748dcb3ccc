// users/{uid} in the friends model (docs/friends-model.md): public profile fields and the public
// friends map (friendId -> FriendEntry) with friendCount its size. Creation, the owner's own
// updates, and the entry shapes (firestore.rules: the users/{uid} helpers of the same names).
// What only the owner may read lives in inboxes/{uid} (inboxPolicy.ts); the legacy private
// fields of older documents may only be removed here.
import { INBOX_FIELDS } from '../../domain/friendsPlan';
import { BIO_MAX, DISPLAY_NAME_MAX, SKILL_LENGTH_MAX, SKILLS_MAX } from '../../domain/profileTypes';
import type { DocData, DocValue } from '../port';
import { isAllowedPhotoURL } from './photoURLs';
import { asMap, changedKeys, decide, deny, exactKeys, hasOnly, mapChange, mapField } from './policyHelpers';
import type { DocMap, PolicyDecision, WriteContext } from './policyHelpers';
import { inboxRef, postRef, userRef } from './policyRefs';
import { isId, isIsoTime, isNonNegativeInteger, isRequestTime, isString } from './policyValues';
import { blockedEitherWay } from './safetyPolicy';

export { FRIEND_REQUESTS_MAX } from '../../domain/friendsLimits';

/** What users/{uid} holds: the profile and the public friends map. */
export const PROFILE_FIELDS = [
  'displayName',
  'photoURL',
  'joinDate',
  'postCount',
  'bio',
  'skills',
  'friends',
  'friendCount',
  // the post that moved postCount in the same write
  'lastPostId',
] as const;
/** Fields of older documents that now live in inboxes/{uid} or accounts/{uid}: only removed here. */
export const LEGACY_PRIVATE_FIELDS = ['email', ...INBOX_FIELDS] as const;
export const USER_FIELDS = [...PROFILE_FIELDS, ...LEGACY_PRIVATE_FIELDS] as const;
const CREATE_FIELDS = PROFILE_FIELDS.filter((key) => key !== 'lastPostId');

export const FRIENDS_MAX = 500;
export const SENT_FRIEND_REQUESTS_MAX = 50;
export { NOTIFICATIONS_MAX } from '../../domain/friendsLimits';

export const FRIEND_ENTRY_KEYS = ['id', 'displayName', 'photoURL', 'addedAt'];
export const REQUEST_KEYS = ['requestId', 'senderId', 'senderName', 'senderPhoto', 'status', 'createdAt'];
export const SENT_REQUEST_KEYS = ['requestId', 'receiverId', 'receiverName', 'receiverPhoto', 'status', 'createdAt'];

export const displayNameOk = (v: DocValue | undefined) => isString(v, 1, DISPLAY_NAME_MAX);
export const bioOk = (v: DocValue | undefined) => isString(v, 0, BIO_MAX);
/**
 * At most 20 skills of 1-30 characters, none holding a newline (rules: the joined list split
 * on '\n' has as many parts as the list, so no element hides a newline, plus the per-element
 * regex on the joined string).
 */
export const skillsOk = (v: DocValue | undefined) =>
  Array.isArray(v) &&
  v.length <= SKILLS_MAX &&
  v.every((skill) => isString(skill, 1, SKILL_LENGTH_MAX) && !skill.includes('\n'));

const sizeOf = (map: DocMap | null) => (map ? Object.keys(map).length : 0);

/** The spec's requestId `{senderId}_{ms}`, within the id pattern; rules: requestIdOk(). */
export function requestIdOk(senderId: string, value: DocValue | undefined): value is string {
  return isId(value) && value.startsWith(`${senderId}_`) && /^[0-9]{1,16}$/.test(value.slice(senderId.length + 1));
}

/** friendCount is the number of keys of the friends map; rules: friendCountOk(). */
export const friendCountMatches = (doc: DocData | null) => {
  const friends = asMap(doc?.friends);
  return friends !== null && doc?.friendCount === sizeOf(friends);
};

/**
 * A FriendEntry for `friendId` under its key: exactly the four keys, id == key, the friend's own
 * name and photo as their profile says after this write, addedAt an ISO time; rules: friendEntryOk().
 */
export function friendEntryOk(friendId: string, value: DocValue | undefined, friend: DocData | null): boolean {
  const entry = asMap(value);
  return (
    entry !== null &&
    friend !== null &&
    exactKeys(entry, FRIEND_ENTRY_KEYS) &&
    isId(friendId) &&
    entry.id === friendId &&
    displayNameOk(entry.displayName) &&
    entry.displayName === friend.displayName &&
    entry.photoURL === (friend.photoURL ?? null) &&
    isAllowedPhotoURL(entry.photoURL) &&
    isIsoTime(entry.addedAt)
  );
}

/**
 * The friends map after any write that touches it: a map, no entry rewritten in place
 * (diff().changedKeys() empty), friendCount its size, at most 500 keys (a legacy map over the cap
 * may still shrink); rules: friendsMapOk().
 */
export function friendsMapOk(ctx: WriteContext): boolean {
  const change = mapChange(ctx, 'friends');
  if (change === null || asMap(ctx.after?.friends) === null) return false;
  const size = sizeOf(change.after);
  return (
    change.diff.changed.length === 0 &&
    friendCountMatches(ctx.after) &&
    (size <= FRIENDS_MAX || size < sizeOf(change.before))
  );
}

/**
 * Consent for a friendship the caller completes with `other`: the caller's own inbox held a
 * pending request from `other` before this write and no longer holds it after (the accept);
 * rules: get(inboxes/me).data.friendRequests[other].status == 'pending' &&
 * !(other in getAfter(inboxes/me).data.friendRequests).
 */
export function acceptsRequestFrom(ctx: WriteContext, other: string): boolean {
  const me = ctx.actorUid as string;
  const before = asMap(mapField(ctx.get(inboxRef(me)), 'friendRequests')?.[other]);
  const after = mapField(ctx.getAfter(inboxRef(me)), 'friendRequests');
  return before?.status === 'pending' && after !== null && !Object.hasOwn(after, other);
}

export function createUserOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after ?? {};
  const friends = d.friends === undefined ? {} : asMap(d.friends);
  return decide(
    ctx.actorUid === ctx.ref.id &&
      // private data (requests, notifications, email, the rate window) never enters the public document
      hasOnly(Object.keys(d), CREATE_FIELDS) &&
      displayNameOk(d.displayName) &&
      isAllowedPhotoURL(d.photoURL) &&
      isRequestTime(d.joinDate, ctx) &&
      (d.postCount ?? 0) === 0 &&
      (d.friendCount ?? 0) === 0 &&
      friends !== null &&
      sizeOf(friends) === 0 &&
      (d.bio === undefined || bioOk(d.bio)) &&
      (d.skills === undefined || skillsOk(d.skills)),
    'users: a profile is created only by its owner, with profile fields, an empty friends map, joinDate the server time',
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
  const postBefore = ctx.get(postRef(postId));
  const postAfter = ctx.getAfter(postRef(postId));
  if (after === before + 1) return postBefore === null && postAfter !== null && postAfter.authorId === ctx.actorUid;
  if (after === before - 1) return postBefore !== null && postAfter === null && postBefore.authorId === ctx.actorUid;
  return false;
}

/**
 * Consent on the owner's own map: at most one key gained per write, an entry in the friend's own
 * name and photo, and only (a) by accepting that friend's pending request in the same write, or
 * (b) when the friend's profile lists the owner (the stale-request cleanup re-add:
 * get(users/friend).data.friends[me]); never across a block either way; rules: ownFriendsGrowthOk().
 */
function ownFriendsGrowthOk(ctx: WriteContext): boolean {
  const change = mapChange(ctx, 'friends');
  if (change === null) return false;
  const added = change.diff.added;
  if (added.length === 0) return true;
  const me = ctx.actorUid as string;
  const friendId = added[0]!;
  if (added.length !== 1 || friendId === me || !isId(friendId)) return false;
  if (!friendEntryOk(friendId, change.after[friendId], ctx.getAfter(userRef(friendId)))) return false;
  const theyListMe = Object.hasOwn(mapField(ctx.get(userRef(friendId)), 'friends') ?? {}, me);
  return (acceptsRequestFrom(ctx, friendId) || theyListMe) && !blockedEitherWay(ctx, me, friendId);
}

export function ownerUpdateOk(ctx: WriteContext): PolicyDecision {
  const c = changedKeys(ctx);
  const d = ctx.after ?? {};
  if (!hasOnly(c, USER_FIELDS)) return deny('users: unknown profile field');
  for (const key of LEGACY_PRIVATE_FIELDS) {
    // removed, or (email only) nulled; an older app's "drop the email" wrote null
    const removed = !(key in d) || (key === 'email' && d.email === null);
    if (c.has(key) && !removed)
      return deny(`users: ${key} is private now (inboxes/{uid}, accounts/{uid}); here it may only be removed`);
  }
  if (c.has('joinDate')) return deny('users: joinDate never changes');
  if (c.has('postCount') && !postCountOk(ctx))
    return deny('users: postCount moves by one, with its post (lastPostId) in the same write');
  if (c.has('lastPostId') && !c.has('postCount')) return deny('users: lastPostId changes only with postCount');
  if (c.has('displayName') && !displayNameOk(d.displayName)) return deny('users: displayName is 1-50 characters');
  if (c.has('bio') && !bioOk(d.bio)) return deny('users: bio is at most 500 characters');
  if (c.has('skills') && !skillsOk(d.skills)) return deny('users: at most 20 skills of 1-30 characters, no newline');
  if (c.has('photoURL') && !isAllowedPhotoURL(d.photoURL)) return deny('users: photoURL must be null or an https URL');
  if ((c.has('friends') || c.has('friendCount')) && !friendsMapOk(ctx)) {
    return deny(`users: friends is a map of at most ${FRIENDS_MAX}, no entry rewritten, friendCount its size`);
  }
  return decide(
    ownFriendsGrowthOk(ctx),
    'users: a friend is added only by accepting their request, or when they list you, never across a block',
  );
}
