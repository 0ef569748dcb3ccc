// tribes/{tribeId} and tribeNames/{nameKey}: created by the owner with the name claim and the
// owner's membership in one write; the owner edits the description fields; members move only the
// counters, by one, with the membership or post the tribe write names (countedMemberId,
// countedPostId). Shaped like the same blocks of firestore.rules.
import { TRIBE_NAMES } from '../../domain/collections';
import * as limits from '../../domain/tribeTypes';
import { isJoinPolicy, tribeNameKey } from '../../domain/tribeValidation';
import type { DocData, DocValue } from '../port';
import { isActive } from './communityChecksPolicy';
import { changedKeys, decide, deny, exactKeys, hasOnly } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { me, membershipRef, postRef, tribeRef } from './policyRefs';
import { isId, isNonNegativeInteger, isRequestTime, isShortStringList, isString } from './policyValues';

const TRIBE_FIELDS = [
  'name',
  'nameKey',
  'tagline',
  'description',
  'topics',
  'joinPolicy',
  'ownerId',
  'memberCount',
  'postCount',
  'createdAt',
  'lastActivityAt',
  'countedMemberId',
];
/** The membership or post whose creation or deletion the tribe's last count change counted. */
const TRIBE_OPTIONAL_FIELDS = ['countedPostId'];
/** What members' joins, leaves and posts change. */
const TRIBE_COUNTERS = ['memberCount', 'postCount', 'lastActivityAt', 'countedMemberId', 'countedPostId'];
const TRIBE_OWNER_EDITS = ['tagline', 'description', 'topics', 'joinPolicy', ...TRIBE_COUNTERS];

/** 1-5 topics of 1-30 characters, none repeated (rules: uniqueShortStrings). */
const isTopics = (v: DocValue | undefined) =>
  isShortStringList(v, limits.TOPICS_MIN, limits.TOPICS_MAX, limits.TOPIC_LENGTH_MAX, true);
const tribeFieldOk: Record<string, (v: DocValue | undefined, d: DocData, ctx: WriteContext) => boolean> = {
  name: (v) => isString(v, limits.TRIBE_NAME_MIN, limits.TRIBE_NAME_MAX) && v.trim().length >= limits.TRIBE_NAME_MIN,
  nameKey: (v, d) => typeof d.name === 'string' && v === tribeNameKey(d.name),
  tagline: (v) => isString(v, 0, limits.TAGLINE_MAX),
  description: (v) => isString(v, 0, limits.DESCRIPTION_MAX),
  topics: isTopics,
  joinPolicy: isJoinPolicy,
  ownerId: (v) => isId(v),
  memberCount: isNonNegativeInteger,
  postCount: isNonNegativeInteger,
  // Server times: a tribe's times are the commits that set them, never a client's number.
  createdAt: (v, _d, ctx) => isRequestTime(v, ctx),
  lastActivityAt: (v, _d, ctx) => isRequestTime(v, ctx),
  countedMemberId: (v) => isId(v),
  countedPostId: (v) => isId(v),
};
const tribeFieldsOk = (ctx: WriteContext, d: DocData, keys: Iterable<string>) =>
  [...keys].every((key) => tribeFieldOk[key]?.(d[key], d, ctx) ?? false);

/** -1, 0 or +1: how a counter moved; NaN when it is not a pair of integers. */
function moveOf(ctx: WriteContext, key: string): number {
  const before = ctx.before?.[key];
  const after = ctx.after?.[key];
  return Number.isInteger(before) && Number.isInteger(after) ? (after as number) - (before as number) : Number.NaN;
}

/**
 * memberCount moves by one with the membership countedMemberId names: it becomes active (a join,
 * or the owner's approval) or an active one is deleted (a leave, or the owner's removal).
 */
function memberCountMoveOk(ctx: WriteContext, isOwner: boolean): boolean {
  const move = moveOf(ctx, 'memberCount');
  const uid = ctx.after?.countedMemberId;
  if (Math.abs(move) !== 1 || !isId(uid) || (uid !== me(ctx) && !isOwner)) return false;
  const ref = membershipRef(ctx.ref.id, uid);
  const before = ctx.get(ref);
  const after = ctx.getAfter(ref);
  return move === 1 ? isActive(after) && !isActive(before) : isActive(before) && after === null;
}

/**
 * postCount moves by one with the post of this tribe countedPostId names, created or deleted in
 * this write: the caller's own, or (-1 only) anyone's removed by the tribe's owner or a moderator
 * (rules: removesPostsOf).
 */
function postCountMoveOk(ctx: WriteContext, isOwner: boolean): boolean {
  const move = moveOf(ctx, 'postCount');
  const postId = ctx.after?.countedPostId;
  if (Math.abs(move) !== 1 || !isId(postId)) return false;
  const before = ctx.get(postRef(postId));
  const after = ctx.getAfter(postRef(postId));
  const post = move === 1 ? (before === null ? after : null) : after === null ? before : null;
  const removesPosts = move === -1 && (isOwner || ctx.actorModerator === true);
  return post !== null && post.tribeId === ctx.ref.id && (post.authorId === me(ctx) || removesPosts);
}

export function tribesWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return deny('tribes: tribes are never deleted');
  if (before === null) {
    const claim =
      typeof after.nameKey === 'string' ? ctx.getAfter({ collection: TRIBE_NAMES, id: after.nameKey }) : null;
    const ownership = ctx.getAfter(membershipRef(ctx.ref.id, me(ctx)));
    return decide(
      isId(ctx.ref.id) &&
        after.ownerId === me(ctx) &&
        exactKeys(after, TRIBE_FIELDS) &&
        tribeFieldsOk(ctx, after, TRIBE_FIELDS) &&
        after.memberCount === 1 &&
        after.postCount === 0 &&
        after.countedMemberId === me(ctx) &&
        claim?.tribeId === ctx.ref.id &&
        ownership?.role === 'owner' &&
        ownership.status === 'active',
      'tribes: created by its owner with a valid shape, server times, its name claim and the owner membership in the same write',
    );
  }
  const changed = changedKeys(ctx);
  const isOwner = before.ownerId === me(ctx);
  if (
    !hasOnly(changed, isOwner ? TRIBE_OWNER_EDITS : TRIBE_COUNTERS) ||
    !hasOnly(Object.keys(after), [...TRIBE_FIELDS, ...TRIBE_OPTIONAL_FIELDS])
  ) {
    return deny('tribes: name, owner and creation time never change; members change only the counters');
  }
  if (!tribeFieldsOk(ctx, after, changed)) return deny('tribes: invalid field');
  if ((changed.has('memberCount') || changed.has('countedMemberId')) && !memberCountMoveOk(ctx, isOwner)) {
    return deny(
      'tribes: memberCount moves by one, only with the membership countedMemberId names joining or leaving in the same write',
    );
  }
  if ((changed.has('postCount') || changed.has('countedPostId')) && !postCountMoveOk(ctx, isOwner)) {
    return deny(
      "tribes: postCount moves by one, only with the post countedPostId names created or deleted in the same write (the caller's, or one the owner or a moderator removes)",
    );
  }
  return decide(
    !changed.has('lastActivityAt') || moveOf(ctx, 'postCount') === 1,
    'tribes: the activity time moves only with a new post, to the time of its write',
  );
}

/** A name claim: created with its tribe (in the same write), never moved or released. */
export function tribeNamesWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (before !== null || after === null) return deny('tribeNames: a claimed name is never changed or released');
  const tribe = isId(after.tribeId) ? ctx.getAfter(tribeRef(after.tribeId)) : null;
  return decide(
    hasOnly(Object.keys(after), ['tribeId', 'ownerId']) &&
      after.ownerId === me(ctx) &&
      tribe?.ownerId === me(ctx) &&
      tribe.nameKey === ctx.ref.id,
    "tribeNames: claimed by the tribe's owner, keyed by its name, with the tribe",
  );
}
