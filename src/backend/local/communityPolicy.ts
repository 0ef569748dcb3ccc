// tribes, tribeNames, tribeMembers, posts, projects, projectApplications. The tribes rules check
// shapes, ownership and membership; projects keep the obvious ownership checks until their issue.
import type { DocData, DocRef, DocValue } from '../port';
import { allow, changedKeys, decide, deny, hasOnly, isNonNegativeInteger, isString } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { applicationsWriteOk, projectsWriteOk } from './projectsPolicy';

/** `{parentId}_{uid}` ids: the parent document's id and the member's uid. */
export function splitPairId(id: string): { parentId: string; uid: string } | null {
  const separator = id.lastIndexOf('_');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { parentId: id.slice(0, separator), uid: id.slice(separator + 1) };
}

const me = (ctx: WriteContext) => ctx.actorUid;
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
  const parentCollection = { tribeMembers: 'tribes', projectApplications: 'projects' }[ref.collection];
  const pair = splitPairId(ref.id);
  return parentCollection && pair ? { collection: parentCollection, id: pair.parentId } : null;
}

// ---------- tribes/{tribeId}, tribeNames/{nameKey} ----------

const TRIBE_FIELDS = [
  'name', 'nameKey', 'tagline', 'description', 'topics', 'joinPolicy', 'ownerId',
  'memberCount', 'postCount', 'createdAt', 'lastActivityAt',
];
/** What members' joins, leaves and posts change. */
const TRIBE_COUNTERS = ['memberCount', 'postCount', 'lastActivityAt'];
const TRIBE_OWNER_EDITS = ['tagline', 'description', 'topics', 'joinPolicy', ...TRIBE_COUNTERS];

/** Like tribeNameKey in features/tribes: spaces collapsed, lower case. */
const nameKeyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
const isTopics = (v: DocValue | undefined) =>
  Array.isArray(v) && v.length >= 1 && v.length <= 5 && v.every((topic) => isString(topic, 1, 30));
const isJoinPolicy = (v: DocValue | undefined) => v === 'open' || v === 'request';
const tribeFieldOk: Record<string, (v: DocValue | undefined, d: DocData) => boolean> = {
  name: (v) => isString(v, 3, 40) && v.trim().length >= 3,
  nameKey: (v, d) => typeof d.name === 'string' && v === nameKeyOf(d.name),
  tagline: (v) => isString(v, 0, 120),
  description: (v) => isString(v, 0, 2000),
  topics: isTopics,
  joinPolicy: isJoinPolicy,
  ownerId: (v) => typeof v === 'string',
  memberCount: isNonNegativeInteger,
  postCount: isNonNegativeInteger,
  createdAt: (v) => typeof v === 'number',
  lastActivityAt: (v) => typeof v === 'number',
};
const tribeFieldsOk = (d: DocData, keys: Iterable<string>) =>
  [...keys].every((key) => tribeFieldOk[key]?.(d[key], d) ?? false);
const movedByAtMostOne = (ctx: WriteContext, key: string) => {
  const before = ctx.before?.[key];
  const after = ctx.after?.[key];
  return typeof before === 'number' && typeof after === 'number' && Math.abs(after - before) <= 1;
};

/**
 * Like firestore.rules' activityOk. The time of this write is always fine: two members posting at
 * once commit in either order, so the later commit may carry the earlier time.
 */
const activityOk = (ctx: WriteContext) => {
  const after = ctx.after?.lastActivityAt;
  return after === ctx.requestTime || (after as number) >= ((ctx.before?.lastActivityAt as number | undefined) ?? 0);
};

const membershipKey = (tribeId: string, uid: string) => ({ collection: 'tribeMembers', id: `${tribeId}_${uid}` });

function tribesWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return deny('tribes: tribes are never deleted');
  if (before === null) {
    const claim = typeof after.nameKey === 'string' ? ctx.getAfter({ collection: 'tribeNames', id: after.nameKey }) : null;
    const ownership = ctx.getAfter(membershipKey(ctx.ref.id, me(ctx) ?? ''));
    return decide(
      after.ownerId === me(ctx) &&
        hasOnly(Object.keys(after), TRIBE_FIELDS) &&
        TRIBE_FIELDS.every((key) => key in after) &&
        tribeFieldsOk(after, TRIBE_FIELDS) &&
        after.memberCount === 1 &&
        after.postCount === 0 &&
        claim?.tribeId === ctx.ref.id &&
        ownership?.role === 'owner' &&
        ownership.status === 'active',
      'tribes: created by its owner with a valid shape, its name claim and the owner membership in the same write',
    );
  }
  const changed = changedKeys(ctx);
  const isOwner = before.ownerId === me(ctx);
  if (!hasOnly(changed, isOwner ? TRIBE_OWNER_EDITS : TRIBE_COUNTERS)) {
    return deny('tribes: name, owner and creation time never change; members change only the counters');
  }
  return decide(
    tribeFieldsOk(after, changed) &&
      (!changed.has('memberCount') || movedByAtMostOne(ctx, 'memberCount')) &&
      (!changed.has('postCount') || movedByAtMostOne(ctx, 'postCount')) &&
      (!changed.has('lastActivityAt') || activityOk(ctx)),
    'tribes: counters move by one at a time, activity only forward or to the time of this write',
  );
}

/** A name claim: created with its tribe (in the same write), never moved or released. */
function tribeNamesWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (before !== null || after === null) return deny('tribeNames: a claimed name is never changed or released');
  const tribe = typeof after.tribeId === 'string' ? ctx.getAfter({ collection: 'tribes', id: after.tribeId }) : null;
  return decide(
    hasOnly(Object.keys(after), ['tribeId', 'ownerId']) &&
      after.ownerId === me(ctx) &&
      tribe?.ownerId === me(ctx) &&
      tribe.nameKey === ctx.ref.id,
    "tribeNames: claimed by the tribe's owner, keyed by its name, with the tribe",
  );
}

// ---------- tribeMembers/{tribeId}_{uid} ----------

const MEMBER_FIELDS = ['tribeId', 'uid', 'displayName', 'photoURL', 'role', 'status', 'requestedAt', 'joinedAt', 'lastPostAt'];
/** What a member may change on their own membership (never its role or status). */
const MEMBER_SELF_EDITS = ['displayName', 'photoURL', 'lastPostAt'];

function memberShapeOk(ctx: WriteContext, tribeId: string, uid: string): boolean {
  const d = ctx.after;
  if (d === null) return true;
  return (
    hasOnly(Object.keys(d), MEMBER_FIELDS) &&
    d.tribeId === tribeId &&
    d.uid === uid &&
    (d.role === undefined || d.role === 'owner' || d.role === 'member') &&
    (d.status === undefined || d.status === 'active' || d.status === 'pending') &&
    (d.displayName === undefined || isString(d.displayName, 1, 50)) &&
    (d.photoURL === undefined || d.photoURL === null || typeof d.photoURL === 'string')
  );
}

function tribeMembersWriteOk(ctx: WriteContext): PolicyDecision {
  const pair = splitPairId(ctx.ref.id);
  if (!pair) return deny('tribeMembers: id must be {tribeId}_{uid}');
  if (!memberShapeOk(ctx, pair.parentId, pair.uid)) return deny('tribeMembers: unknown field, or tribeId/uid not those of the id');
  const { before, after } = ctx;
  const tribe = ctx.getAfter({ collection: 'tribes', id: pair.parentId });
  const ownsTribe = tribe !== null && tribe.ownerId === me(ctx);

  if (pair.uid === me(ctx)) {
    if (before === null) {
      if (after?.role === 'owner' && !ownsTribe) return deny('tribeMembers: only the tribe owner has the owner role');
      if (after?.status !== 'active') return allow; // a join request
      return decide(ownsTribe || tribe?.joinPolicy === 'open', 'tribeMembers: joining a request-only tribe needs the owner\'s approval');
    }
    if (after === null) {
      const ownerLeaving = before.role === 'owner' && before.status === 'active';
      return decide(!ownerLeaving || tribe === null || tribe.memberCount === 0, 'tribeMembers: the owner cannot leave while other members remain');
    }
    return decide(hasOnly(changedKeys(ctx), MEMBER_SELF_EDITS), 'tribeMembers: members never change their own role or status');
  }

  if (!ownsTribe) return deny('tribeMembers: only the member or the tribe owner');
  if (after === null) return allow; // declining a request, or removing a member
  if (after.role === 'owner') return deny('tribeMembers: only the tribe owner has the owner role');
  if (before === null) return allow;
  return decide(
    hasOnly(changedKeys(ctx), ['status', 'joinedAt']) && before.status === 'pending' && after.status === 'active',
    'tribeMembers: the owner only approves pending requests',
  );
}

// ---------- posts/{postId} ----------

const POST_FIELDS = ['postId', 'tribeId', 'authorId', 'authorName', 'authorPhoto', 'body', 'createdAt'];

function postsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  // Documents outside any tribe (the store's own tests use posts as a scratch collection) keep
  // the plain ownership rule; firestore.rules should require tribeId instead.
  if (!(before && 'tribeId' in before) && !(after && 'tribeId' in after)) return ownedDocOk(ctx, 'authorId', true);
  if (after === null) return decide(before?.authorId === me(ctx), 'posts: only the author deletes');
  if (before !== null) return deny('posts: posts are not edited');
  const d = after;
  if (
    !(
      d.authorId === me(ctx) &&
      hasOnly(Object.keys(d), POST_FIELDS) &&
      typeof d.tribeId === 'string' &&
      (d.postId === undefined || d.postId === ctx.ref.id) &&
      (d.body === undefined || (isString(d.body, 1, 5000) && d.body.trim().length > 0)) &&
      (d.authorName === undefined || isString(d.authorName, 1, 50)) &&
      (d.authorPhoto === undefined || d.authorPhoto === null || typeof d.authorPhoto === 'string') &&
      (d.createdAt === undefined || typeof d.createdAt === 'number')
    )
  ) {
    return deny('posts: written by the caller as author, body 1-5000 characters');
  }
  // The store knows the tribe and the membership only when the same write touches them (the app
  // bumps postCount and the member's lastPostAt), so a lone post document is refused.
  const tribe = ctx.getAfter({ collection: 'tribes', id: d.tribeId });
  if (tribe === null) return allow; // no tribe: nobody to protect, nothing shows it
  const membership = ctx.getAfter(membershipKey(d.tribeId, me(ctx) ?? ''));
  return decide(membership?.status === 'active', 'posts: only active members post in a tribe');
}

export const COMMUNITY_WRITE_RULES: Record<string, (ctx: WriteContext) => PolicyDecision> = {
  tribes: tribesWriteOk,
  tribeNames: tribeNamesWriteOk,
  tribeMembers: tribeMembersWriteOk,
  posts: postsWriteOk,
  // Field limits, approved-only membership growth and the request lifecycle: projectsPolicy.ts.
  projects: (ctx) => projectsWriteOk(ctx),
  projectApplications: (ctx) => applicationsWriteOk(ctx),
};
