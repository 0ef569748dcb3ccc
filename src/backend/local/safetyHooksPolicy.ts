// Safety's hooks into other collections' rules (safetyPolicy.ts has blocks, mutes and reports):
// wrappers applied where policy.ts registers them (withSafety), so the tribes, projects and users
// rules stay as their own files write them. The same decisions as the "safety" section of
// firestore.rules:
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
import { POSTS, PROJECTS, PROJECT_APPLICATIONS, REPORTS, TRIBES, TRIBE_MEMBERS, USERS } from '../../domain/collections';
import type { DocData, DocRef } from '../port';
import { addedTo, allow, asMap, changedKeys, decide, deny, hasOnly, listOf } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { blockRef, commentRef, isDocId, isModerator, me, postRef, splitPairId, tribeRef } from './policyRefs';
import { isId } from './policyValues';
import { blocked, blockedEitherWay, SAFETY_WRITE_RULES } from './safetyPolicy';

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

const profileOwnerOf = (doc: DocData | null) => (typeof doc?.ownerId === 'string' ? doc.ownerId : '');

/** users/{uid} by someone else: a new incoming request from the caller, between blocked people. */
function requestBetweenBlocked(ctx: WriteContext): boolean {
  if (ctx.ref.id === me(ctx) || ctx.before === null || ctx.after === null) return false;
  const sendsRequest = addedTo(ctx, 'friendRequests').some((entry) => asMap(entry)?.senderId === me(ctx));
  return sendsRequest && blockedEitherWay(ctx, me(ctx), ctx.ref.id);
}

/** The caller's own new membership or application, in something owned by someone who blocked them. */
function joinsBlocker(ctx: WriteContext, parentCollection: string): boolean {
  const pair = splitPairId(ctx.ref.id);
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
  const pair = splitPairId(ref.id);
  if (!pair || pair.uid === me(ctx)) return false;
  // tribeMembers: every update by someone other than the member is the owner's approval
  const approves = ref.collection === TRIBE_MEMBERS || after.status === 'approved';
  return approves && blockedEitherWay(ctx, me(ctx), pair.uid);
}

/** A new post in a tribe whose owner blocked the author (rules: ownerBlockedMe on posts' create). */
function postsInBlockersTribe(ctx: WriteContext): boolean {
  if (ctx.before !== null || ctx.after === null || !isId(ctx.after.tribeId)) return false;
  const owner = profileOwnerOf(ctx.getAfter(tribeRef(ctx.after.tribeId)));
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
  const tribe = tribeRef(before.tribeId);
  const tribeBefore = ctx.get(tribe);
  const tribeAfter = ctx.getAfter(tribe);
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
      const comment = commentRef(report.targetId);
      refs.push(comment);
      const postId = ctx.peek?.(comment)?.postId;
      if (isId(postId)) refs.push(postRef(postId));
    } else if (report.targetKind === 'post') refs.push(postRef(report.targetId));
  }
  if (collection === TRIBE_MEMBERS || collection === PROJECT_APPLICATIONS) {
    const pair = splitPairId(id);
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
  if (collection === POSTS && isDocId(ctx.before?.tribeId)) refs.push(tribeRef(ctx.before.tribeId));
  // a new post: the tribe, and whether its owner blocked the author (postsInBlockersTribe)
  if (collection === POSTS && ctx.before === null && isId(ctx.after?.tribeId)) {
    const tribe = tribeRef(ctx.after.tribeId);
    refs.push(tribe);
    const owner = profileOwnerOf(ctx.peek?.(tribe) ?? null);
    if (isId(owner) && owner !== uid) refs.push(blockRef(owner, uid));
  }
  return refs;
}
