// Safety: blocks, mutes, reports and moderation. The same decisions as the "safety" section of
// firestore.rules. Blocks are read only by the blocker, but a write they must stop checks them
// anyway (rules' exists() on a document the writer cannot read; here ctx.get()).
//
// Hooks into other collections' rules are wrappers applied where policy.ts registers them
// (withSafety), so the tribes, projects and users rules stay as their own files write them:
// - users/{uid} written by someone else: a friend request is refused between blocked people;
// - tribeMembers: joining (or asking to join) a tribe whose owner blocked the caller is refused, and
//   so is the counterpart, the owner approving a request between them and someone either blocked;
// - projectApplications, projects: applying to a project whose owner blocked the caller is refused,
//   and so is the counterpart, the owner approving (and adding to the team) someone either blocked;
// - posts: nobody posts in the tribe of an owner who blocked them; the tribe's owner and moderators
//   may delete any post of the tribe (its postCount - 1, countedPostId naming the post; the tribe's
//   own rule lets them lower it);
// - tribes, projects: only moderators set `hidden`, and only `hidden`; everyone else's rules
//   see the document without it.
import {
  BLOCKS,
  MUTES,
  COMMENTS,
  POSTS,
  PROJECTS,
  PROJECT_APPLICATIONS,
  REPORTS,
  TRIBES,
  TRIBE_MEMBERS,
  USERS,
} from '../../domain/collections';
import {
  isReportReason,
  PERSON_NAME_MAX,
  REPORT_DETAILS_MAX,
  REPORT_LABEL_MAX,
  REPORT_QUEUE_LIMIT,
  REPORT_RESOLUTIONS,
  REPORT_TARGET_KINDS,
  SAFETY_LIST_LIMIT,
} from '../../domain/safetyTypes';
import type { ReportResolution, ReportTargetKind } from '../../domain/safetyTypes';
import type { DocData, DocRef, DocValue, QuerySpec } from '../port';
import {
  addedTo,
  allow,
  asMap,
  changedKeys,
  decide,
  deny,
  hasOnly,
  isId,
  isRequestTime,
  isString,
  listOf,
} from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';

const BLOCK_KEYS = ['blockerId', 'blockedId', 'blockedName', 'createdAt'];
const MUTE_KEYS = ['muterId', 'mutedId', 'mutedName', 'createdAt'];
const REPORT_CREATE_KEYS = [
  'reporterId',
  'targetKind',
  'targetId',
  'targetLabel',
  'reason',
  'details',
  'status',
  'createdAt',
];
const REPORT_RESOLUTION_KEYS = ['status', 'resolvedAt', 'resolvedBy', 'resolution'];

type Rule = (ctx: WriteContext) => PolicyDecision;
/** What the dependency pass sees: the write, and in its second round the documents loaded so far. */
export interface SafetyDependencyContext {
  actorUid: string | null;
  ref: DocRef;
  before: DocData | null;
  after: DocData | null;
  /** Loaded documents (null: missing); undefined when not loaded yet. */
  peek?: (ref: DocRef) => DocData | null | undefined;
}

const me = (ctx: { actorUid: string | null }) => ctx.actorUid ?? '';
const isModerator = (ctx: { actorModerator?: boolean }) => ctx.actorModerator === true;

export const blockRef = (blockerId: string, blockedId: string): DocRef => ({
  collection: BLOCKS,
  id: `${blockerId}_${blockedId}`,
});
export const muteRef = (muterId: string, mutedId: string): DocRef => ({
  collection: MUTES,
  id: `${muterId}_${mutedId}`,
});

/** `blocker` blocked `blocked`, as the state was before this write. */
export const blocked = (ctx: WriteContext, blocker: string, blockedId: string) =>
  blocker !== '' && blockedId !== '' && ctx.get(blockRef(blocker, blockedId)) !== null;

/** Either of the two blocked the other (rules: blockedEitherWay(a, b)). */
export const blockedEitherWay = (ctx: WriteContext, a: string, b: string) => blocked(ctx, a, b) || blocked(ctx, b, a);

// ---------- blocks/{blockerId}_{blockedId}, mutes/{muterId}_{mutedId} ----------

/** A pair record: created and deleted by its owner (`ownerField`), never edited. */
function pairRecordOk(
  ctx: WriteContext,
  keys: string[],
  ownerField: string,
  otherField: string,
  nameField: string,
): PolicyDecision {
  const name = ctx.ref.collection;
  const { before, after } = ctx;
  if (after === null) return decide(before?.[ownerField] === me(ctx), `${name}: only its owner deletes it`);
  if (before !== null) return deny(`${name}: never edited`);
  return decide(
    after[ownerField] === me(ctx) &&
      hasOnly(Object.keys(after), keys) &&
      keys.every((key) => key in after) &&
      isId(after[otherField]) &&
      after[otherField] !== me(ctx) &&
      ctx.ref.id === `${me(ctx)}_${after[otherField]}` &&
      isString(after[nameField], 1, PERSON_NAME_MAX) &&
      isRequestTime(after.createdAt, ctx),
    `${name}: created by the caller, id {${ownerField}}_{${otherField}}, with a name, at the server time`,
  );
}

const blocksWriteOk: Rule = (ctx) => pairRecordOk(ctx, BLOCK_KEYS, 'blockerId', 'blockedId', 'blockedName');
const mutesWriteOk: Rule = (ctx) => pairRecordOk(ctx, MUTE_KEYS, 'muterId', 'mutedId', 'mutedName');

// ---------- reports/{reporterId}_{targetKind}_{targetId} ----------

function reportsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return deny('reports: never deleted');
  if (before === null) {
    // A second report of the same thing is an update of this document, refused below.
    return decide(
      after.reporterId === me(ctx) &&
        hasOnly(Object.keys(after), REPORT_CREATE_KEYS) &&
        REPORT_CREATE_KEYS.every((key) => key in after) &&
        REPORT_TARGET_KINDS.includes(after.targetKind as ReportTargetKind) &&
        isId(after.targetId) &&
        ctx.ref.id === `${me(ctx)}_${after.targetKind as string}_${after.targetId}` &&
        isString(after.targetLabel, 0, REPORT_LABEL_MAX) &&
        isReportReason(after.reason) &&
        isString(after.details, 0, REPORT_DETAILS_MAX) &&
        after.status === 'open' &&
        // a comment is reported only while it exists
        (after.targetKind !== 'comment' ||
          (isId(after.targetId) && ctx.get(targetRef(COMMENTS, after.targetId)) !== null)) &&
        // The queue lists newest first: a client's time (an ISO string sorts above every timestamp) would jump it.
        isRequestTime(after.createdAt, ctx),
      'reports: one open report per reporter and target, id {reporterId}_{targetKind}_{targetId}, a known reason, details up to 1,000 characters, at the server time',
    );
  }
  return decide(
    isModerator(ctx) &&
      before.status === 'open' &&
      hasOnly(changedKeys(ctx), REPORT_RESOLUTION_KEYS) &&
      (after.status === 'dismissed' || after.status === 'actioned') &&
      REPORT_RESOLUTIONS.includes(after.resolution as ReportResolution) &&
      (after.status === 'dismissed') === (after.resolution === 'dismissed') &&
      after.resolvedBy === me(ctx) &&
      isRequestTime(after.resolvedAt, ctx) &&
      removalDone(ctx, before, after.resolution),
    "reports: only a moderator resolves an open report (status, resolution, resolvedBy, resolvedAt at the server time); 'postRemoved' with the post deleted in the same write, 'commentRemoved' with the comment (or its post) gone",
  );
}

const targetRef = (collection: string, id: string): DocRef => ({ collection, id });

/**
 * A removal is what it says: 'postRemoved' resolves a post's report with the post gone after this
 * write; 'commentRemoved' a comment's with the comment gone, or hidden with its deleted post
 * (rules: reportResolveOk, commentGone).
 */
function removalDone(ctx: WriteContext, report: DocData, resolution: DocValue | undefined): boolean {
  const id = report.targetId;
  if (resolution === 'postRemoved')
    return report.targetKind === 'post' && isId(id) && ctx.getAfter(targetRef(POSTS, id)) === null;
  if (resolution !== 'commentRemoved') return true;
  if (report.targetKind !== 'comment' || !isId(id)) return false;
  if (ctx.getAfter(targetRef(COMMENTS, id)) === null) return true;
  const postId = ctx.get(targetRef(COMMENTS, id))?.postId;
  return !isId(postId) || ctx.get(targetRef(POSTS, postId)) === null;
}

export const SAFETY_WRITE_RULES: Record<string, Rule> = {
  [BLOCKS]: blocksWriteOk,
  [MUTES]: mutesWriteOk,
  [REPORTS]: reportsWriteOk,
};

// ---------- reads ----------

export type SafetyReadContext =
  | { kind: 'get'; ref: DocRef; data: DocData | null; actorUid: string | null; actorModerator?: boolean }
  | { kind: 'query'; query: QuerySpec; actorUid: string | null; actorModerator?: boolean };

const OWNER_FIELD: Record<string, string> = { [BLOCKS]: 'blockerId', [MUTES]: 'muterId', [REPORTS]: 'reporterId' };

const filtersOn = (query: QuerySpec, field: string, value: DocValue) =>
  (query.where ?? []).some((clause) => clause.field === field && clause.op === '==' && clause.value === value);

/** null: not a safety collection. */
export function safetyReadDecision(ctx: SafetyReadContext): PolicyDecision | null {
  const collection = ctx.kind === 'get' ? ctx.ref.collection : ctx.query.collection;
  const ownerField = Object.hasOwn(OWNER_FIELD, collection) ? OWNER_FIELD[collection] : undefined;
  if (!ownerField) return null;
  const uid = me(ctx);
  if (collection === REPORTS && isModerator(ctx))
    return ctx.kind === 'query'
      ? decide(
          (ctx.query.limit ?? Infinity) <= REPORT_QUEUE_LIMIT,
          `reports: the queue reads at most ${REPORT_QUEUE_LIMIT}`,
        )
      : allow;
  if (ctx.kind === 'get') {
    // A missing record may be probed by the person its id starts with (has this been reported/blocked yet?).
    return decide(
      ctx.data ? ctx.data[ownerField] === uid : ctx.ref.id.startsWith(`${uid}_`),
      `${collection}: only its owner reads it`,
    );
  }
  return decide(
    filtersOn(ctx.query, ownerField, uid) && (ctx.query.limit ?? Infinity) <= SAFETY_LIST_LIMIT,
    `${collection}: queries must filter ${ownerField} == caller, at most ${SAFETY_LIST_LIMIT}`,
  );
}

// ---------- hooks into other collections' rules ----------

const profileOwnerOf = (doc: DocData | null) => (typeof doc?.ownerId === 'string' ? doc.ownerId : '');

/** users/{uid} by someone else: a new incoming request from the caller, between blocked people. */
function requestBetweenBlocked(ctx: WriteContext): boolean {
  if (ctx.ref.id === me(ctx) || ctx.before === null || ctx.after === null) return false;
  const sendsRequest = addedTo(ctx, 'friendRequests').some((entry) => asMap(entry)?.senderId === me(ctx));
  return sendsRequest && blockedEitherWay(ctx, me(ctx), ctx.ref.id);
}

/** `{parentId}_{uid}`: the uid follows the last underscore (like communityPolicy's splitPairId). */
function pairUid(id: string): { parentId: string; uid: string } | null {
  const separator = id.lastIndexOf('_');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { parentId: id.slice(0, separator), uid: id.slice(separator + 1) };
}

/** The caller's own new membership or application, in something owned by someone who blocked them. */
function joinsBlocker(ctx: WriteContext, parentCollection: string): boolean {
  const pair = pairUid(ctx.ref.id);
  if (!pair || pair.uid !== me(ctx) || ctx.after === null) return false;
  const wasPending = ctx.before?.status === 'pending';
  const asks = ctx.before === null || (ctx.after.status === 'pending' && !wasPending);
  if (!asks) return false;
  const owner = profileOwnerOf(ctx.getAfter({ collection: parentCollection, id: pair.parentId }));
  return owner !== '' && owner !== me(ctx) && blocked(ctx, owner, me(ctx));
}

/**
 * The counterpart of joinsBlocker: the owner (the caller) approves someone else's membership
 * request or project request, or adds them to the project's team, while either of the two blocked
 * the other (rules: blockedEitherWay in tribeMembers' update, ownerAnswerOk, newProjectMemberOk).
 */
function approvesBlocked(ctx: WriteContext): boolean {
  const { ref, before, after } = ctx;
  if (before === null || after === null) return false;
  if (ref.collection === PROJECTS) {
    return addedTo(ctx, 'memberIds').some((id) => typeof id === 'string' && blockedEitherWay(ctx, me(ctx), id));
  }
  const pair = pairUid(ref.id);
  if (!pair || pair.uid === me(ctx)) return false;
  // tribeMembers: every update by someone other than the member is the owner's approval
  const approves = ref.collection === TRIBE_MEMBERS || after.status === 'approved';
  return approves && blockedEitherWay(ctx, me(ctx), pair.uid);
}

/** A new post in a tribe whose owner blocked the author (rules: ownerBlockedMe on posts' create). */
function postsInBlockersTribe(ctx: WriteContext): boolean {
  if (ctx.before !== null || ctx.after === null || !isId(ctx.after.tribeId)) return false;
  const owner = profileOwnerOf(ctx.getAfter({ collection: TRIBES, id: ctx.after.tribeId }));
  return owner !== '' && owner !== me(ctx) && blocked(ctx, owner, me(ctx));
}

/**
 * The tribe's owner or a moderator deletes someone's post; a tribe that stays takes its postCount
 * down by one naming the post (countedPostId). The author's users/{uid}.postCount stays: nobody
 * else writes it (rules: postRemovalOk).
 */
export function postRemovalOk(ctx: WriteContext): boolean {
  const { before, after } = ctx;
  if (after !== null || before === null || before.authorId === me(ctx) || !isId(before.tribeId)) return false;
  const tribeRef: DocRef = { collection: TRIBES, id: before.tribeId };
  const tribeBefore = ctx.get(tribeRef);
  const tribeAfter = ctx.getAfter(tribeRef);
  if (tribeBefore === null || !(isModerator(ctx) || tribeBefore.ownerId === me(ctx))) return false;
  return (
    tribeAfter === null ||
    (typeof tribeBefore.postCount === 'number' &&
      tribeAfter.postCount === tribeBefore.postCount - 1 &&
      tribeAfter.countedPostId === ctx.ref.id)
  );
}

/** Strips `hidden` so the collection's own rule judges the rest of the document. */
function withoutHidden(doc: DocData | null): DocData | null {
  if (doc === null || !('hidden' in doc)) return doc;
  const { hidden: _hidden, ...rest } = doc;
  return rest;
}

/** tribes, projects: `hidden` moves alone, by a moderator; any other write is judged without it. */
function hidingRule(rule: Rule): Rule {
  return (ctx) => {
    const hiddenBefore = ctx.before?.hidden;
    const hiddenAfter = ctx.after?.hidden;
    // Like rules' 'hidden' in diff().affectedKeys(): added, removed or changed.
    const changesHidden =
      ctx.after !== null && ('hidden' in (ctx.before ?? {}) !== 'hidden' in ctx.after || hiddenBefore !== hiddenAfter);
    if (ctx.after !== null && hiddenAfter !== undefined && typeof hiddenAfter !== 'boolean')
      return deny(`${ctx.ref.collection}: hidden is a boolean`);
    if (changesHidden) {
      return decide(
        isModerator(ctx) && ctx.before !== null && hasOnly(changedKeys(ctx), ['hidden']),
        `${ctx.ref.collection}: only moderators hide or show it, changing nothing else`,
      );
    }
    return rule({ ...ctx, before: withoutHidden(ctx.before), after: withoutHidden(ctx.after) });
  };
}

/** The rules of policy.ts with the safety hooks: one wrapper per collection that has one. */
export function withSafety(rules: Record<string, Rule>): Record<string, Rule> {
  const wrapped: Record<string, Rule> = { ...rules, ...SAFETY_WRITE_RULES };
  const hook = (collection: string, make: (rule: Rule) => Rule) => {
    const rule = rules[collection];
    if (rule) wrapped[collection] = make(rule);
  };
  hook(
    USERS,
    (rule) => (ctx) =>
      requestBetweenBlocked(ctx) ? deny('users: no friend requests between blocked people') : rule(ctx),
  );
  const noApprovalOfBlocked =
    (rule: Rule): Rule =>
    (ctx) =>
      approvesBlocked(ctx)
        ? deny(`${ctx.ref.collection}: no approval between people either of whom blocked the other`)
        : rule(ctx);
  hook(TRIBE_MEMBERS, (rule) =>
    noApprovalOfBlocked((ctx) =>
      joinsBlocker(ctx, TRIBES) ? deny("tribeMembers: the tribe's owner blocked the caller") : rule(ctx),
    ),
  );
  hook(PROJECT_APPLICATIONS, (rule) =>
    noApprovalOfBlocked((ctx) =>
      joinsBlocker(ctx, PROJECTS) ? deny("projectApplications: the project's owner blocked the caller") : rule(ctx),
    ),
  );
  hook(POSTS, (rule) => (ctx) => {
    if (postsInBlockersTribe(ctx)) return deny("posts: the tribe's owner blocked the caller");
    return postRemovalOk(ctx) ? allow : rule(ctx);
  });
  hook(TRIBES, hidingRule);
  hook(PROJECTS, (rule) => hidingRule(noApprovalOfBlocked(rule)));
  return wrapped;
}

// ---------- what the checks read, for the store to load first ----------

export function safetyDependencies(ctx: SafetyDependencyContext): DocRef[] {
  const uid = ctx.actorUid;
  if (uid === null) return [];
  const refs: DocRef[] = [];
  const { collection, id } = ctx.ref;
  if (collection === USERS && id !== uid) refs.push(blockRef(uid, id), blockRef(id, uid));
  // reports: the comment reported; what a removal removed (reportsWriteOk, removalDone)
  const report = ctx.before ?? ctx.after;
  if (collection === REPORTS && isId(report?.targetId)) {
    if (report.targetKind === 'comment') {
      const comment = targetRef(COMMENTS, report.targetId);
      refs.push(comment);
      const postId = ctx.peek?.(comment)?.postId;
      if (isId(postId)) refs.push(targetRef(POSTS, postId));
    } else if (report.targetKind === 'post') refs.push(targetRef(POSTS, report.targetId));
  }
  if (collection === TRIBE_MEMBERS || collection === PROJECT_APPLICATIONS) {
    const pair = pairUid(id);
    const parentCollection = collection === TRIBE_MEMBERS ? TRIBES : PROJECTS;
    if (pair && pair.uid === uid) {
      const parent: DocRef = { collection: parentCollection, id: pair.parentId };
      refs.push(parent);
      const owner = profileOwnerOf(ctx.peek?.(parent) ?? null) || profileOwnerOf(ctx.after);
      if (isId(owner) && owner !== uid) refs.push(blockRef(owner, uid));
    } else if (pair && isId(pair.uid)) {
      // the owner answering someone's request (approvesBlocked)
      refs.push(blockRef(uid, pair.uid), blockRef(pair.uid, uid));
    }
  }
  if (collection === PROJECTS) {
    const before = listOf(ctx.before, 'memberIds');
    for (const member of listOf(ctx.after, 'memberIds')) {
      if (isId(member) && !before.includes(member)) refs.push(blockRef(uid, member), blockRef(member, uid));
    }
  }
  if (
    collection === POSTS &&
    typeof ctx.before?.tribeId === 'string' &&
    ctx.before.tribeId.length > 0 &&
    !ctx.before.tribeId.includes('/')
  ) {
    refs.push({ collection: TRIBES, id: ctx.before.tribeId });
  }
  // a new post: the tribe, and whether its owner blocked the author (postsInBlockersTribe)
  if (collection === POSTS && ctx.before === null && isId(ctx.after?.tribeId)) {
    const tribe: DocRef = { collection: TRIBES, id: ctx.after.tribeId };
    refs.push(tribe);
    const owner = profileOwnerOf(ctx.peek?.(tribe) ?? null);
    if (isId(owner) && owner !== uid) refs.push(blockRef(owner, uid));
  }
  return refs;
}
