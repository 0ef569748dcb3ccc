// tribeMembers/{tribeId}_{uid}: memberships only by their member's own asking (the owner
// approves requests and removes members), name and photo from the member's profile, joins and
// leaves with the tribe's memberCount; and who reads a membership or a join request. Shaped like
// the same block of firestore.rules.
import { TRIBE_MEMBERS } from '../../domain/collections';
import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import type { DocData, DocRef, DocValue, QuerySpec } from '../port';
import { copiedFromProfile, isActive } from './communityChecksPolicy';
import { isAllowedPhotoURL } from './photoURLs';
import { allow, changedKeys, decide, deny, hasOnly } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { fixedBy, isDocId, me, splitPairId, tribeRef } from './policyRefs';
import { isId, isRequestTime, isString } from './policyValues';

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

export function tribeMembersWriteOk(ctx: WriteContext): PolicyDecision {
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
