// users/{uid}: creation and the owner's own updates.
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  SKILL_LENGTH_MAX,
  SKILLS_MAX,
} from '../../features/profile/profileTypes';
import type { DocData, DocValue } from '../port';
import { isAllowedPhotoURL } from './photoURLs';
import {
  addedTo,
  asMap,
  capOk,
  changedKeys,
  decide,
  deny,
  hasOnly,
  isNonNegativeInteger,
  isString,
  listOf,
  removedFrom,
} from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';

export const USER_FIELDS = [
  'displayName', 'email', 'photoURL', 'joinDate', 'postCount', 'bio', 'skills',
  'friends', 'friendCount', 'friendRequests', 'sentFriendRequests', 'notifications', 'hasNewNotification',
] as const;

export const FRIENDS_MAX = 500;
export const FRIEND_REQUESTS_MAX = 50;
export const SENT_FRIEND_REQUESTS_MAX = 50;
export const NOTIFICATIONS_MAX = 100;

export const displayNameOk = (v: DocValue | undefined) => isString(v, 1, DISPLAY_NAME_MAX);
export const bioOk = (v: DocValue | undefined) => isString(v, 0, BIO_MAX);
export const skillsOk = (v: DocValue | undefined) =>
  Array.isArray(v) && v.length <= SKILLS_MAX && v.every((skill) => isString(skill, 1, SKILL_LENGTH_MAX));
const emailOk = (ctx: WriteContext, v: DocValue | undefined) => v === undefined || v === null || v === ctx.actorEmail;
const notificationsShapeOk = (v: DocValue | undefined) => v === undefined || Array.isArray(v) || asMap(v) !== null;
const isEmpty = (v: DocValue | undefined) =>
  v === undefined || (Array.isArray(v) && v.length === 0) || (asMap(v) !== null && Object.keys(asMap(v)!).length === 0);

export const friendCountMatches = (doc: DocData | null) =>
  (doc?.friendCount ?? 0) === listOf(doc, 'friends').length;

export function createUserOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after ?? {};
  return decide(
    ctx.actorUid === ctx.ref.id &&
      hasOnly(Object.keys(d), USER_FIELDS) &&
      displayNameOk(d.displayName) &&
      emailOk(ctx, d.email) &&
      isAllowedPhotoURL(d.photoURL) &&
      (d.joinDate === undefined || d.joinDate === null || typeof d.joinDate === 'number') &&
      (d.postCount ?? 0) === 0 &&
      (d.friendCount ?? 0) === 0 &&
      (d.bio === undefined || bioOk(d.bio)) &&
      (d.skills === undefined || skillsOk(d.skills)) &&
      isEmpty(d.friends) &&
      isEmpty(d.friendRequests) &&
      isEmpty(d.sentFriendRequests) &&
      isEmpty(d.notifications) &&
      (d.hasNewNotification === undefined || d.hasNewNotification === false),
    'users: a profile is created only by its owner, with the default shape',
  );
}

function postCountOk(ctx: WriteContext): boolean {
  const before = ctx.before?.postCount ?? 0;
  const after = ctx.after?.postCount;
  return isNonNegativeInteger(after) && typeof before === 'number' && Math.abs(after - before) === 1;
}

/**
 * The owner's friends grow by one at a time and only with proof: accepting an incoming request
 * from that person, or re-adding someone who lists the owner as a friend (stale-request cleanup).
 */
function ownFriendsGrowthOk(ctx: WriteContext): boolean {
  const added = addedTo(ctx, 'friends');
  if (added.length === 0) return true;
  const friendId = asMap(added[0])?.id;
  if (added.length !== 1 || typeof friendId !== 'string') return false;
  const acceptedRequest = removedFrom(ctx, 'friendRequests').some((r) => asMap(r)?.senderId === friendId);
  const theyListMe = listOf(ctx.getAfter({ collection: 'users', id: friendId }), 'friends').some(
    (f) => asMap(f)?.id === ctx.actorUid,
  );
  const iAskedThem = listOf(ctx.before, 'sentFriendRequests').some((s) => asMap(s)?.receiverId === friendId);
  return acceptedRequest || (iAskedThem && theyListMe);
}

export function ownerUpdateOk(ctx: WriteContext): PolicyDecision {
  const c = changedKeys(ctx);
  const d = ctx.after ?? {};
  if (!hasOnly(c, USER_FIELDS)) return deny('users: unknown profile field');
  if (c.has('joinDate')) return deny('users: joinDate never changes');
  if (c.has('email') && !emailOk(ctx, d.email)) return deny("users: email must be the account's email");
  if (c.has('postCount') && !postCountOk(ctx)) return deny('users: postCount moves by one');
  if (c.has('displayName') && !displayNameOk(d.displayName)) return deny('users: displayName is 1-50 characters');
  if (c.has('bio') && !bioOk(d.bio)) return deny('users: bio is at most 500 characters');
  if (c.has('skills') && !skillsOk(d.skills)) return deny('users: at most 20 skills of 1-30 characters');
  if (c.has('photoURL') && !isAllowedPhotoURL(d.photoURL)) return deny('users: photoURL must be null or an https URL');
  if (c.has('hasNewNotification') && typeof d.hasNewNotification !== 'boolean') return deny('users: hasNewNotification is a boolean');
  if (c.has('notifications') && !notificationsShapeOk(d.notifications)) return deny('users: notifications are a list or a map');
  if ((c.has('friends') || c.has('friendCount')) && !(friendCountMatches(ctx.after) && capOk(ctx, 'friends', FRIENDS_MAX))) {
    return deny('users: friendCount must equal the number of friends');
  }
  if (!ownFriendsGrowthOk(ctx)) return deny('users: friends are added only by accepting a request');
  if (addedTo(ctx, 'friendRequests').length > 0) return deny('users: incoming requests are written only by their senders');
  return decide(
    capOk(ctx, 'sentFriendRequests', SENT_FRIEND_REQUESTS_MAX) && capOk(ctx, 'notifications', NOTIFICATIONS_MAX),
    'users: too many sent requests or notifications',
  );
}
