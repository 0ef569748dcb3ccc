// tribes, tribeNames, tribeMembers, posts, projects, projectApplications. Shaped like the same
// blocks of firestore.rules: every stored field typed and bounded, names copied from the writer's
// own profile, memberships only by their member's own asking, and counters that move by one only
// with the document they count, which the tribe write names (countedMemberId, countedPostId).
import {
  POSTS,
  PROJECTS,
  PROJECT_APPLICATIONS,
  TRIBES,
  TRIBE_MEMBERS,
  TRIBE_NAMES,
  USERS,
} from '../../domain/collections';
import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import * as limits from '../../domain/tribeTypes';
import { isJoinPolicy, tribeNameKey } from '../../domain/tribeValidation';
import type { DocData, DocRef, DocValue, QuerySpec } from '../port';
import { isAllowedPhotoURL } from './photoURLs';
import {
  allow,
  changedKeys,
  decide,
  deny,
  hasOnly,
  isId,
  isNonNegativeInteger,
  isRequestTime,
  isShortStringList,
  isString,
} from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { applicationsWriteOk, projectsDependencies, projectsWriteOk } from './projectsPolicy';

/** `{parentId}_{uid}` ids: the parent document's id and the member's uid. */
export function splitPairId(id: string): { parentId: string; uid: string } | null {
  const separator = id.lastIndexOf('_');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { parentId: id.slice(0, separator), uid: id.slice(separator + 1) };
}

const me = (ctx: WriteContext) => ctx.actorUid ?? '';
const isCreate = (ctx: WriteContext) => ctx.before === null && ctx.after !== null;
const isDelete = (ctx: WriteContext) => ctx.after === null;
const fieldUnchanged = (ctx: WriteContext, field: string) => ctx.before?.[field] === ctx.after?.[field];

/** Owned by `ownerField`: created with the caller as owner; only the owner deletes; ownership never moves. */
function ownedDocOk(ctx: WriteContext, ownerField: string, updateByOwnerOnly: boolean): PolicyDecision {
  const name = ctx.ref.collection;
  if (isCreate(ctx)) return decide(ctx.after?.[ownerField] === me(ctx), `${name}: ${ownerField} must be the caller`);
  if (isDelete(ctx)) return decide(ctx.before?.[ownerField] === me(ctx), `${name}: only the owner deletes`);
  if (!fieldUnchanged(ctx, ownerField)) return deny(`${name}: ${ownerField} never changes`);
  return decide(!updateByOwnerOnly || ctx.before?.[ownerField] === me(ctx), `${name}: only the owner updates`);
}

export function communityParentRef(ref: DocRef): DocRef | null {
  const parentCollection = { [TRIBE_MEMBERS]: TRIBES, [PROJECT_APPLICATIONS]: PROJECTS }[ref.collection];
  const pair = splitPairId(ref.id);
  return parentCollection && pair ? { collection: parentCollection, id: pair.parentId } : null;
}

const isDocId = (id: string) => id.length > 0 && id.length <= 1500 && !id.includes('/');
const userRef = (uid: string): DocRef => ({ collection: USERS, id: uid });
const tribeRef = (tribeId: string): DocRef => ({ collection: TRIBES, id: tribeId });
const membershipRef = (tribeId: string, uid: string): DocRef => ({
  collection: TRIBE_MEMBERS,
  id: `${tribeId}_${uid}`,
});
const postRef = (postId: string): DocRef => ({ collection: POSTS, id: postId });

/** A name and photo copied into a shared document equal the profile's (rules: getAfter(users/{uid})). */
export function copiedFromProfile(
  ctx: WriteContext,
  uid: string,
  name: DocValue | undefined,
  photo: DocValue | undefined,
): boolean {
  const profile = ctx.getAfter(userRef(uid));
  return (
    profile !== null &&
    name === profile.displayName &&
    (photo ?? null) === (profile.photoURL ?? null) &&
    isAllowedPhotoURL(photo)
  );
}

// ---------- tribes/{tribeId}, tribeNames/{nameKey} ----------

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

const isActive = (doc: DocData | null) => doc !== null && doc.status === 'active';

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

function tribesWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return deny('tribes: tribes are never deleted');
  if (before === null) {
    const claim =
      typeof after.nameKey === 'string' ? ctx.getAfter({ collection: TRIBE_NAMES, id: after.nameKey }) : null;
    const ownership = ctx.getAfter(membershipRef(ctx.ref.id, me(ctx)));
    return decide(
      isId(ctx.ref.id) &&
        after.ownerId === me(ctx) &&
        hasOnly(Object.keys(after), TRIBE_FIELDS) &&
        TRIBE_FIELDS.every((key) => key in after) &&
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
function tribeNamesWriteOk(ctx: WriteContext): PolicyDecision {
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

// ---------- tribeMembers/{tribeId}_{uid} ----------

const MEMBER_FIELDS = [
  'tribeId',
  'uid',
  'displayName',
  'photoURL',
  'role',
  'status',
  'requestedAt',
  'joinedAt',
  'lastPostAt',
];
const MEMBER_REQUIRED = ['tribeId', 'uid', 'displayName', 'photoURL', 'role', 'status', 'requestedAt', 'joinedAt'];
/** What a member may change on their own membership (never its role or status). */
const MEMBER_SELF_EDITS = ['displayName', 'photoURL', 'lastPostAt'];

const memberFieldOk: Record<string, (v: DocValue | undefined, d: DocData, ctx: WriteContext) => boolean> = {
  tribeId: (v) => isId(v),
  uid: (v) => isId(v),
  displayName: (v) => isString(v, 1, DISPLAY_NAME_MAX),
  photoURL: (v) => isAllowedPhotoURL(v),
  role: (v) => v === 'owner' || v === 'member',
  status: (v) => v === 'active' || v === 'pending',
  // Server times (tribesApi.ts writes serverTimestamp()), never a client's clock.
  requestedAt: (v, _d, ctx) => isRequestTime(v, ctx),
  // a pending request has not joined yet
  joinedAt: (v, d, ctx) => (d.status === 'pending' ? v === null : isRequestTime(v, ctx)),
  lastPostAt: (v, _d, ctx) => isRequestTime(v, ctx),
};
const memberFieldsOk = (ctx: WriteContext, d: DocData, keys: Iterable<string>) =>
  [...keys].every((key) => memberFieldOk[key]?.(d[key], d, ctx) ?? false);

/** The tribe's memberCount moved by `by` in this write, counting the membership of `uid`. */
function memberCounted(ctx: WriteContext, tribeId: string, uid: string, by: number): boolean {
  const before = ctx.get(tribeRef(tribeId));
  const after = ctx.getAfter(tribeRef(tribeId));
  const was = before === null ? 0 : (before.memberCount ?? 0);
  return after !== null && typeof was === 'number' && after.memberCount === was + by && after.countedMemberId === uid;
}

function tribeMembersWriteOk(ctx: WriteContext): PolicyDecision {
  const pair = splitPairId(ctx.ref.id);
  if (!pair || !isId(ctx.ref.id)) return deny('tribeMembers: id must be {tribeId}_{uid}');
  const { before, after } = ctx;
  const tribe = ctx.getAfter(tribeRef(pair.parentId));
  const ownsTribe = tribe !== null && tribe.ownerId === me(ctx);
  const mine = pair.uid === me(ctx);

  if (after === null) {
    if (before === null) return deny('tribeMembers: there is nothing to delete');
    if (!mine && !ownsTribe) return deny('tribeMembers: only the member or the tribe owner deletes a membership');
    if (tribe === null || !isActive(before)) return allow; // a withdrawn or declined request
    if (mine && before.role === 'owner' && tribe.memberCount !== 0)
      return deny('tribeMembers: the owner cannot leave while other members remain');
    return decide(
      memberCounted(ctx, pair.parentId, pair.uid, -1),
      'tribeMembers: an active membership leaves with memberCount - 1',
    );
  }
  const shapeOk =
    hasOnly(Object.keys(after), MEMBER_FIELDS) && after.tribeId === pair.parentId && after.uid === pair.uid;
  if (!shapeOk) return deny('tribeMembers: unknown field, or tribeId/uid not those of the id');

  if (before === null) {
    // Consent: nobody is made a member, or asked for, by anyone but themself.
    if (!mine) return deny('tribeMembers: a membership is created only by its member (the owner approves requests)');
    if (tribe === null) return deny('tribeMembers: the tribe must exist');
    if (!MEMBER_REQUIRED.every((key) => key in after) || !memberFieldsOk(ctx, after, Object.keys(after))) {
      return deny('tribeMembers: every field, typed and bounded (times: the server time)');
    }
    if (!copiedFromProfile(ctx, me(ctx), after.displayName, after.photoURL))
      return deny("tribeMembers: name and photo are the member's own profile's");
    if (after.role === 'owner' && !ownsTribe) return deny('tribeMembers: only the tribe owner has the owner role');
    if (after.status === 'pending') return allow; // a join request
    if (!ownsTribe && tribe.joinPolicy !== 'open')
      return deny("tribeMembers: joining a request-only tribe needs the owner's approval");
    return decide(memberCounted(ctx, pair.parentId, pair.uid, 1), 'tribeMembers: joining moves memberCount + 1');
  }

  const changed = changedKeys(ctx);
  if (!memberFieldsOk(ctx, after, changed)) return deny('tribeMembers: invalid field');
  if (mine) {
    if (!hasOnly(changed, MEMBER_SELF_EDITS))
      return deny('tribeMembers: members never change their own role or status');
    const renamed = changed.has('displayName') || changed.has('photoURL');
    return decide(
      !renamed || copiedFromProfile(ctx, me(ctx), after.displayName, after.photoURL),
      "tribeMembers: name and photo are the member's own profile's",
    );
  }
  if (!ownsTribe) return deny('tribeMembers: only the member or the tribe owner');
  return decide(
    hasOnly(changed, ['status', 'joinedAt']) &&
      before.status === 'pending' &&
      after.status === 'active' &&
      after.role === 'member' &&
      memberCounted(ctx, pair.parentId, pair.uid, 1),
    'tribeMembers: the owner only approves pending requests, memberCount + 1',
  );
}

// ---------- tribeMembers reads ----------

type MemberRead = { kind: 'get'; ref: DocRef; data: DocData | null } | { kind: 'query'; query: QuerySpec };

/** The value a query fixes `field` to with an equality filter (what rules see as resource.data.<field>). */
const fixedBy = (query: QuerySpec, field: string): DocValue | undefined =>
  (query.where ?? []).find((clause) => clause.field === field && clause.op === '==')?.value;

/**
 * The tribe a tribeMembers read may look at to find its owner (rules: readerOwns, get(tribes/{id})):
 * the one a get's id names (unless the membership is active, readable anyway), or the one a query
 * fixes with tribeId ==.
 */
export function tribeMembersReadDependencies(read: MemberRead): DocRef[] {
  const tribeId =
    read.kind === 'get'
      ? read.ref.collection === TRIBE_MEMBERS && read.data?.status !== 'active'
        ? splitPairId(read.ref.id)?.parentId
        : undefined
      : read.query.collection === TRIBE_MEMBERS
        ? fixedBy(read.query, 'tribeId')
        : undefined;
  return typeof tribeId === 'string' && isDocId(tribeId) ? [tribeRef(tribeId)] : [];
}

/**
 * An active membership is public to the signed-in; a pending one (a join request) only to its
 * requester, the tribe's owner and moderators; a missing one may be asked for only by the person
 * its id names and the tribe's owner. Rules are not filters: a query is allowed only when its own
 * equality filters make every document it could return readable (status == 'active', uid ==
 * caller, or tribeId == a tribe the caller owns); `get` answers the documents
 * tribeMembersReadDependencies named.
 */
export function tribeMembersReadOk(
  read: MemberRead,
  uid: string,
  moderator: boolean,
  get: ((ref: DocRef) => DocData | null | undefined) | undefined,
): PolicyDecision {
  const ownsTribe = (tribeId: DocValue | undefined) =>
    typeof tribeId === 'string' && isDocId(tribeId) && get !== undefined && get(tribeRef(tribeId))?.ownerId === uid;
  if (read.kind === 'get') {
    const pair = splitPairId(read.ref.id);
    const data = read.data;
    if (data === null) {
      return decide(
        pair?.uid === uid || ownsTribe(pair?.parentId),
        'tribeMembers: a missing membership is asked for only by the person its id names and the tribe owner',
      );
    }
    return decide(
      data.status === 'active' || data.uid === uid || moderator || ownsTribe(pair?.parentId),
      'tribeMembers: a pending request is read only by its requester, the tribe owner and moderators',
    );
  }
  const { query } = read;
  return decide(
    fixedBy(query, 'status') === 'active' ||
      fixedBy(query, 'uid') === uid ||
      moderator ||
      ownsTribe(fixedBy(query, 'tribeId')),
    "tribeMembers: queries filter status == 'active', uid == caller, or (the tribe owner) tribeId == their tribe",
  );
}

// ---------- posts/{postId} ----------

const POST_FIELDS = ['postId', 'tribeId', 'authorId', 'authorName', 'authorPhoto', 'body', 'createdAt'];

/** The tribe's postCount and the author's users/{uid}.postCount moved by `by`, counting post `postId`. */
function postCounted(ctx: WriteContext, tribeId: string, postId: string, by: number): boolean {
  const tribeBefore = ctx.get(tribeRef(tribeId));
  const tribeAfter = ctx.getAfter(tribeRef(tribeId));
  const profileBefore = ctx.get(userRef(me(ctx)));
  const profileAfter = ctx.getAfter(userRef(me(ctx)));
  const tribeWas = tribeBefore === null ? 0 : (tribeBefore.postCount ?? 0);
  const profileWas = profileBefore?.postCount ?? 0;
  return (
    tribeAfter !== null &&
    typeof tribeWas === 'number' &&
    tribeAfter.postCount === tribeWas + by &&
    tribeAfter.countedPostId === postId &&
    profileAfter !== null &&
    typeof profileWas === 'number' &&
    (profileAfter.postCount ?? 0) === profileWas + by
  );
}

function postsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  // Documents outside any tribe (the store's own tests use posts as a scratch collection) keep
  // the plain ownership rule; firestore.rules require a tribe for every post.
  if (!(before && 'tribeId' in before) && !(after && 'tribeId' in after)) return ownedDocOk(ctx, 'authorId', true);
  if (after === null) {
    if (before?.authorId !== me(ctx)) return deny('posts: only the author deletes');
    const tribeId = before.tribeId;
    if (!isId(tribeId) || ctx.getAfter(tribeRef(tribeId)) === null) return allow;
    return decide(
      postCounted(ctx, tribeId, ctx.ref.id, -1),
      "posts: a deleted post takes the tribe's and the author's postCount - 1",
    );
  }
  if (before !== null) return deny('posts: posts are not edited');
  const d = after;
  if (!(
    d.authorId === me(ctx) &&
    hasOnly(Object.keys(d), POST_FIELDS) &&
    POST_FIELDS.every((key) => key in d) &&
    isId(d.tribeId) &&
    d.postId === ctx.ref.id &&
    isId(d.postId) &&
    isString(d.body, 1, limits.POST_BODY_MAX) &&
    d.body.trim().length > 0 &&
    isRequestTime(d.createdAt, ctx)
  )) {
    return deny(
      'posts: written by the caller as author, every field, body 1-5000 characters, createdAt the server time',
    );
  }
  if (!copiedFromProfile(ctx, me(ctx), d.authorName, d.authorPhoto))
    return deny("posts: author name and photo are the author's own profile's");
  if (ctx.get(tribeRef(d.tribeId)) === null) return deny('posts: the tribe must exist');
  if (!isActive(ctx.getAfter(membershipRef(d.tribeId, me(ctx)))))
    return deny('posts: only active members post in a tribe');
  return decide(
    postCounted(ctx, d.tribeId, ctx.ref.id, 1),
    "posts: a new post moves the tribe's and the author's postCount + 1",
  );
}

/** The documents the community rules read through get/getAfter, for the store to load first. */
export function communityDependencies(ctx: Pick<WriteContext, 'actorUid' | 'ref' | 'before' | 'after'>): DocRef[] {
  const uid = ctx.actorUid ?? '';
  const doc = ctx.after ?? ctx.before ?? {};
  const refs: DocRef[] = [];
  const parent = communityParentRef(ctx.ref);
  if (parent) refs.push(parent);
  switch (ctx.ref.collection) {
    case TRIBES: {
      if (isId(ctx.after?.countedMemberId)) refs.push(membershipRef(ctx.ref.id, ctx.after.countedMemberId));
      if (isId(ctx.after?.countedPostId)) refs.push(postRef(ctx.after.countedPostId));
      if (typeof ctx.after?.nameKey === 'string' && isDocId(ctx.after.nameKey))
        refs.push({ collection: TRIBE_NAMES, id: ctx.after.nameKey });
      refs.push(membershipRef(ctx.ref.id, uid));
      break;
    }
    case TRIBE_NAMES:
      if (isId(doc.tribeId)) refs.push(tribeRef(doc.tribeId));
      break;
    case TRIBE_MEMBERS: {
      const pair = splitPairId(ctx.ref.id);
      if (pair) refs.push(userRef(pair.uid));
      break;
    }
    case POSTS:
      refs.push(userRef(uid));
      if (isId(doc.tribeId)) refs.push(tribeRef(doc.tribeId), membershipRef(doc.tribeId, uid));
      break;
    case PROJECTS:
    case PROJECT_APPLICATIONS:
      refs.push(...projectsDependencies(ctx));
      break;
  }
  return refs.filter((ref) => isDocId(ref.id));
}

export const COMMUNITY_WRITE_RULES: Record<string, (ctx: WriteContext) => PolicyDecision> = {
  [TRIBES]: tribesWriteOk,
  [TRIBE_NAMES]: tribeNamesWriteOk,
  [TRIBE_MEMBERS]: tribeMembersWriteOk,
  [POSTS]: postsWriteOk,
  // Field limits, consent, names and the request lifecycle: projectsPolicy.ts.
  [PROJECTS]: (ctx) => projectsWriteOk(ctx),
  [PROJECT_APPLICATIONS]: (ctx) => applicationsWriteOk(ctx),
};
