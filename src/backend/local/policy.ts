// The local backend's access policy: the same decisions as firestore.rules, as pure functions.
// Every write (alone, batched or in a transaction) is checked per document against the state
// before and after the whole batch; a single denial rejects the whole batch.
import {
  ACCOUNTS,
  INBOXES,
  PENDING_FRIEND_REMOVALS,
  POSTS,
  PROJECTS,
  PROJECT_APPLICATIONS,
  TRIBES,
  TRIBE_MEMBERS,
  USERS,
} from '../../domain/collections';
import { PENDING_REMOVAL_MAX_ATTEMPTS } from '../../domain/friendsLimits';
import type { DocData, DocRef, QuerySpec } from '../port';
import { COMMUNITY_WRITE_RULES, communityDependencies } from './communityPolicy';
import {
  conversationsDependencies,
  conversationsReadDecision,
  conversationsReadDependencies,
  withConversations,
} from './conversationsPolicy';
import { counterpartUpdateOk } from './friendsPolicy';
import { inboxDependencies, inboxesWriteOk } from './inboxPolicy';
import { allow, changedKeys, decide, deny, hasOnly, mapField } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { blockRef, inboxRef, postRef, splitPairId, userRef } from './policyRefs';
import { isId, isRequestTime } from './policyValues';
import { withRemovalMarks } from './removalMarksPolicy';
import { safetyDependencies, withSafety } from './safetyHooksPolicy';
import { safetyReadDecision } from './safetyPolicy';
import { tribeMembersReadDependencies, tribeMembersReadOk } from './tribeMembersPolicy';
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
export type ReadContext = ReadRequest & {
  actorUid: string | null;
  actorModerator?: boolean;
  /** The documents readDependencies named (null: missing), as stored before the read. */
  get?: (ref: DocRef) => DocData | null | undefined;
};

export interface AccessPolicy {
  checkWrite(ctx: WriteContext): PolicyDecision;
  checkRead(ctx: ReadContext): PolicyDecision;
  /** Documents checkRead may look at through get (rules: get() in a read rule), so the store can load them first. */
  readDependencies(request: ReadRequest): DocRef[];
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
  if (after === null)
    return decide(isParty(ctx.actorUid, before), 'pendingFriendRemovals: only the two parties delete');
  if (before === null) {
    return decide(
      after.initiatorId === ctx.actorUid &&
        hasOnly(Object.keys(after), PENDING_REMOVAL_KEYS) &&
        isId(after.initiatorId) &&
        isId(after.targetId) &&
        after.initiatorId !== after.targetId &&
        ctx.ref.id === `${after.initiatorId}_${after.targetId}` &&
        after.attempts === 0 &&
        (after.lastAttempt ?? null) === null &&
        isRequestTime(after.timestamp, ctx) &&
        isRequestTime(after.createdAt, ctx),
      'pendingFriendRemovals: created by the initiator, id {initiatorId}_{targetId}, attempts 0, timestamp and createdAt the server time',
    );
  }
  return decide(
    isParty(ctx.actorUid, before) &&
      hasOnly(changedKeys(ctx), ['attempts', 'lastAttempt']) &&
      typeof before.attempts === 'number' &&
      after.attempts === before.attempts + 1 &&
      after.attempts <= PENDING_REMOVAL_MAX_ATTEMPTS &&
      isRequestTime(after.lastAttempt, ctx),
    `pendingFriendRemovals: a party records one failed attempt at a time, at most ${PENDING_REMOVAL_MAX_ATTEMPTS}, at the server time`,
  );
}

// ---------- accounts/{uid}: the owner's private account data ----------

/** Only its owner writes it, with the signed-in account's own email (request.auth.token.email). */
function accountWriteOk(ctx: WriteContext): PolicyDecision {
  const { after } = ctx;
  return decide(
    ctx.actorUid === ctx.ref.id &&
      after !== null &&
      hasOnly(Object.keys(after), ['email']) &&
      (after.email ?? null) === ctx.actorEmail,
    "accounts: only its owner writes it, with the account's own email",
  );
}

// ---------- the policy ----------

// withSafety adds blocks, mutes and reports (safetyPolicy.ts), and the safety hooks (safetyHooksPolicy.ts); withConversations
// comments, reactions and the counters they move on posts (conversationsPolicy.ts), withRemovalMarks
// the marks deleted posts and comments leave (removalMarksPolicy.ts).
const WRITE_RULES: Record<string, (ctx: WriteContext) => PolicyDecision> = withRemovalMarks(
  withSafety(
    withConversations({
      [USERS]: usersWriteOk,
      [INBOXES]: inboxesWriteOk,
      [PENDING_FRIEND_REMOVALS]: pendingRemovalWriteOk,
      [ACCOUNTS]: accountWriteOk,
      ...COMMUNITY_WRITE_RULES,
    }),
  ),
);

export function checkWrite(ctx: WriteContext): PolicyDecision {
  if (ctx.actorUid === null) return deny('signed-out users write nothing');
  const rule = Object.hasOwn(WRITE_RULES, ctx.ref.collection) ? WRITE_RULES[ctx.ref.collection] : undefined;
  // No catch-all: a collection without a rule is closed.
  return rule ? rule(ctx) : deny(`no rule allows writing ${ctx.ref.collection}`);
}

/** Every list query names a limit of at most this many documents (rules: request.query.limit <= 50). */
export const QUERY_LIMIT_MAX = 50;

const READABLE_BY_SIGNED_IN = [USERS, TRIBES, POSTS, PROJECTS];

/** Rules are not filters: a query is allowed only when its own where clauses select what the caller may read. */
const filtersOnMe = (ctx: ReadContext & { kind: 'query' }, fields: readonly string[]) =>
  (ctx.query.where ?? []).some(
    (clause) => fields.includes(clause.field) && clause.op === '==' && clause.value === ctx.actorUid,
  );

export function checkRead(ctx: ReadContext): PolicyDecision {
  const uid = ctx.actorUid;
  if (uid === null) return deny('signed-out users read nothing');
  const collection = ctx.kind === 'get' ? ctx.ref.collection : ctx.query.collection;
  if (ctx.kind === 'query') {
    const limit = ctx.query.limit;
    if (limit === undefined || !Number.isInteger(limit) || limit < 1 || limit > QUERY_LIMIT_MAX) {
      return deny(`${collection}: list queries carry a limit of at most ${QUERY_LIMIT_MAX}`);
    }
  }
  if (READABLE_BY_SIGNED_IN.includes(collection)) return allow;
  if (collection === TRIBE_MEMBERS) return tribeMembersReadOk(ctx, uid, ctx.actorModerator === true, ctx.get);
  // inboxes/{uid}: only the owner gets it, whether it exists or not; nobody lists inboxes
  if (collection === INBOXES)
    return decide(
      ctx.kind === 'get' && ctx.ref.id === uid,
      'inboxes: only the owner reads their inbox; inboxes are never listed',
    );
  if (collection === PROJECT_APPLICATIONS) {
    // Only the two parties: the applicant and the project's owner. A missing request may be asked
    // for only by the applicant its id names, so nobody learns from refused versus missing whether someone asked.
    if (ctx.kind === 'get') {
      const data = ctx.data;
      const readable =
        data === null ? splitPairId(ctx.ref.id)?.uid === uid : data.applicantId === uid || data.ownerId === uid;
      return decide(readable, 'projectApplications: only the applicant and the project owner read a request');
    }
    return decide(
      filtersOnMe(ctx, ['applicantId', 'ownerId']),
      'projectApplications: queries must filter applicantId or ownerId == caller',
    );
  }
  // accounts/{uid}: its owner gets it; nobody lists accounts
  if (collection === ACCOUNTS)
    return decide(ctx.kind === 'get' && ctx.ref.id === uid, 'accounts: only the owner reads their account');
  const safety = safetyReadDecision(ctx);
  if (safety) return safety;
  const conversations = conversationsReadDecision(ctx);
  if (conversations) return conversations;
  if (collection !== PENDING_FRIEND_REMOVALS) return deny(`no rule allows reading ${collection}`);
  if (ctx.kind === 'get') {
    // A missing record may be probed by a party named in its id.
    const pair = splitPairId(ctx.ref.id);
    const namedInId = ctx.ref.id.startsWith(`${uid}_`) || pair?.uid === uid;
    return decide(ctx.data ? isParty(uid, ctx.data) : namedInId, 'pendingFriendRemovals: only the two parties read');
  }
  return decide(
    filtersOnMe(ctx, ['initiatorId', 'targetId']),
    'pendingFriendRemovals: queries must filter initiatorId or targetId == caller',
  );
}

export function readDependencies(request: ReadRequest): DocRef[] {
  return [...tribeMembersReadDependencies(request), ...conversationsReadDependencies(request)];
}

export function writeDependencies(ctx: DependencyContext): DocRef[] {
  if (ctx.actorUid === null) return [];
  const refs: DocRef[] = [];
  if (ctx.ref.collection === USERS) {
    const me = ctx.actorUid;
    refs.push(userRef(me), inboxRef(me));
    // the post that moves postCount (usersPolicy.ts postCountOk)
    const lastPostId = ctx.after?.lastPostId;
    if (me === ctx.ref.id && isId(lastPostId)) refs.push(postRef(lastPostId));
    // a friend added: their profile (entry and re-add), blocks either way (usersPolicy.ts ownFriendsGrowthOk)
    const friendsBefore = mapField(ctx.before, 'friends') ?? {};
    for (const friendId of Object.keys(mapField(ctx.after, 'friends') ?? {})) {
      if (Object.hasOwn(friendsBefore, friendId) || !isId(friendId)) continue;
      refs.push(userRef(friendId), blockRef(me, friendId), blockRef(friendId, me));
    }
  }
  refs.push(...inboxDependencies(ctx));
  refs.push(...communityDependencies(ctx));
  refs.push(...safetyDependencies(ctx));
  refs.push(...conversationsDependencies(ctx));
  return refs;
}

export const localAccessPolicy: AccessPolicy = { checkWrite, checkRead, readDependencies, writeDependencies };
