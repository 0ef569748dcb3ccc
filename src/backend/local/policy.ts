// The local backend's access policy: the same decisions as firestore.rules, as pure functions.
// Every write (alone, batched or in a transaction) is checked per document against the state
// before and after the whole batch; a single denial rejects the whole batch.
import type { DocData, DocRef, QuerySpec } from '../port';
import { COMMUNITY_WRITE_RULES, communityParentRef, splitPairId } from './communityPolicy';
import { counterpartUpdateOk } from './friendsPolicy';
import { addedTo, allow, asMap, changedKeys, decide, deny, hasOnly, isNonNegativeInteger } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { projectNotificationDependencies } from './projectsPolicy';
import { safetyDependencies, safetyReadDecision, withSafety } from './safetyPolicy';
import { createUserOk, ownerUpdateOk } from './usersPolicy';

export type { PolicyDecision, WriteContext } from './policyHelpers';

/**
 * What writeDependencies sees: the write and, in a second round, the documents the first round
 * loaded (`peek`: undefined when not loaded), for checks that read a document named by another.
 */
export type DependencyContext = Omit<WriteContext, 'getAfter' | 'get'> & {
  peek?: (ref: DocRef) => DocData | null | undefined;
};

export type ReadRequest = { kind: 'get'; ref: DocRef; data: DocData | null } | { kind: 'query'; query: QuerySpec };
export type ReadContext = ReadRequest & { actorUid: string | null; actorModerator?: boolean };

export interface AccessPolicy {
  checkWrite(ctx: WriteContext): PolicyDecision;
  checkRead(ctx: ReadContext): PolicyDecision;
  /** Documents checkWrite may look at through getAfter, so the store can load them first. */
  writeDependencies(ctx: DependencyContext): DocRef[];
}

export const PERMISSION_DENIED_MESSAGE = 'Missing or insufficient permissions.';

// ---------- users/{uid} ----------

function usersWriteOk(ctx: WriteContext): PolicyDecision {
  if (ctx.after === null) return deny('users: profiles are never deleted');
  if (ctx.before === null) return createUserOk(ctx);
  return ctx.actorUid === ctx.ref.id ? ownerUpdateOk(ctx) : counterpartUpdateOk(ctx);
}

// ---------- pendingFriendRemovals/{initiatorId}_{targetId} ----------

const PENDING_REMOVAL_KEYS = ['initiatorId', 'targetId', 'timestamp', 'attempts', 'lastAttempt', 'createdAt'];

const isParty = (uid: string | null, doc: DocData | null) =>
  doc !== null && (doc.initiatorId === uid || doc.targetId === uid);

function pendingRemovalWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return decide(isParty(ctx.actorUid, before), 'pendingFriendRemovals: only the two parties delete');
  if (before === null) {
    return decide(
      isParty(ctx.actorUid, after) &&
        hasOnly(Object.keys(after), PENDING_REMOVAL_KEYS) &&
        typeof after.initiatorId === 'string' &&
        typeof after.targetId === 'string' &&
        after.initiatorId !== after.targetId &&
        ctx.ref.id === `${after.initiatorId}_${after.targetId}` &&
        after.attempts === 0,
      'pendingFriendRemovals: created by a party, id {initiatorId}_{targetId}, attempts 0',
    );
  }
  return decide(
    isParty(ctx.actorUid, before) &&
      hasOnly(changedKeys(ctx), ['attempts', 'lastAttempt']) &&
      isNonNegativeInteger(after.attempts) &&
      typeof before.attempts === 'number' &&
      after.attempts > before.attempts,
    'pendingFriendRemovals: a party may only raise attempts and set lastAttempt',
  );
}

// ---------- the policy ----------

// withSafety adds blocks, mutes and reports, and the safety hooks (safetyPolicy.ts).
const WRITE_RULES: Record<string, (ctx: WriteContext) => PolicyDecision> = withSafety({
  users: usersWriteOk,
  pendingFriendRemovals: pendingRemovalWriteOk,
  ...COMMUNITY_WRITE_RULES,
});

export function checkWrite(ctx: WriteContext): PolicyDecision {
  if (ctx.actorUid === null) return deny('signed-out users write nothing');
  const rule = Object.hasOwn(WRITE_RULES, ctx.ref.collection) ? WRITE_RULES[ctx.ref.collection] : undefined;
  // No catch-all: a collection without a rule is closed.
  return rule ? rule(ctx) : deny(`no rule allows writing ${ctx.ref.collection}`);
}

const READABLE_BY_SIGNED_IN = ['users', 'tribes', 'tribeMembers', 'posts', 'projects', 'projectApplications'];

export function checkRead(ctx: ReadContext): PolicyDecision {
  const uid = ctx.actorUid;
  if (uid === null) return deny('signed-out users read nothing');
  const collection = ctx.kind === 'get' ? ctx.ref.collection : ctx.query.collection;
  if (READABLE_BY_SIGNED_IN.includes(collection)) return allow;
  const safety = safetyReadDecision(ctx);
  if (safety) return safety;
  if (collection !== 'pendingFriendRemovals') return deny(`no rule allows reading ${collection}`);
  if (ctx.kind === 'get') {
    // A missing record may be probed by a party named in its id.
    const pair = splitPairId(ctx.ref.id);
    const namedInId = ctx.ref.id.startsWith(`${uid}_`) || pair?.uid === uid;
    return decide(ctx.data ? isParty(uid, ctx.data) : namedInId, 'pendingFriendRemovals: only the two parties read');
  }
  // Rules are not filters: the query itself must select only the caller's records.
  const filtersOnMe = (ctx.query.where ?? []).some(
    (clause) => (clause.field === 'initiatorId' || clause.field === 'targetId') && clause.op === '==' && clause.value === uid,
  );
  return decide(filtersOnMe, 'pendingFriendRemovals: queries must filter initiatorId or targetId == caller');
}

export function writeDependencies(ctx: DependencyContext): DocRef[] {
  if (ctx.actorUid === null) return [];
  const refs: DocRef[] = [];
  if (ctx.ref.collection === 'users') {
    refs.push({ collection: 'users', id: ctx.actorUid });
    for (const friend of addedTo({ ...ctx, getAfter: () => null, get: () => null }, 'friends')) {
      const friendId = asMap(friend)?.id;
      if (typeof friendId === 'string' && friendId.length > 0 && !friendId.includes('/')) {
        refs.push({ collection: 'users', id: friendId });
      }
    }
    refs.push(...projectNotificationDependencies(ctx));
  }
  const parent = communityParentRef(ctx.ref);
  if (parent) refs.push(parent);
  refs.push(...safetyDependencies(ctx));
  return refs;
}

export const localAccessPolicy: AccessPolicy = { checkWrite, checkRead, writeDependencies };
