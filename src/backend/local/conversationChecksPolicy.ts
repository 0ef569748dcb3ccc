// What the comments' and reactions' rules share (conversationsPolicy.ts): the caller's
// membership, blocks with the person answered, and the counters on posts and comments that move
// only with what they count, which the counted document's write names (countedCommentId,
// countedReactionId); nothing else of a tribe post changes.
import { isReactionKind } from '../../domain/conversationTypes';
import type { DocRef, DocValue } from '../port';
import { affectedKeys, changedKeys, decide, deny, hasOnly, mapChange, mapField } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { commentRef, me, membershipRef, postRef, reactionRef } from './policyRefs';
import { isId } from './policyValues';
import { blockedEitherWay } from './safetyPolicy';

/** What anyone's reaction changes on the post or comment it is on. */
export const REACTION_COUNTERS = ['reactionCounts', 'countedReactionId'];
/** What a comment changes on its post. */
const COMMENT_COUNTERS = ['commentCount', 'countedCommentId'];

/** The caller is an active member of the tribe, as stored before this write (rules: memberOf). */
export const memberOf = (ctx: WriteContext, tribeId: string) =>
  ctx.get(membershipRef(tribeId, me(ctx)))?.status === 'active';

/** Nobody answers someone either of them blocked (their own posts and comments are theirs). */
export const notBlockedWith = (ctx: WriteContext, uid: DocValue | undefined) =>
  typeof uid === 'string' && (uid === me(ctx) || !blockedEitherWay(ctx, me(ctx), uid));

/** The post's commentCount moved by `by` in this write, naming the comment (rules: commentCounted). */
export function commentCounted(ctx: WriteContext, postId: string, commentId: string, by: number): boolean {
  const before = ctx.get(postRef(postId));
  const after = ctx.getAfter(postRef(postId));
  const was = before?.commentCount ?? 0;
  return (
    before !== null &&
    after !== null &&
    typeof was === 'number' &&
    after.commentCount === was + by &&
    after.countedCommentId === commentId
  );
}

/** The item's reactionCounts.{kind} moved by `by` in this write, naming the reaction (rules: itemCountMoved). */
export function reactionCounted(
  ctx: WriteContext,
  item: DocRef,
  kind: string,
  reactionId: string,
  by: number,
): boolean {
  const before = ctx.get(item);
  const after = ctx.getAfter(item);
  const was = mapField(before, 'reactionCounts')?.[kind] ?? 0;
  return (
    before !== null &&
    after !== null &&
    typeof was === 'number' &&
    mapField(after, 'reactionCounts')?.[kind] === was + by &&
    after.countedReactionId === reactionId
  );
}

// ---------- counters on posts and comments ----------

/**
 * The count of one counter changes by exactly one, the counter never below 0: `was` a missing
 * count is 0 (a post older than comments); rules: countMoved.
 */
function countMoved(before: DocValue | undefined, after: DocValue | undefined, by: number): boolean {
  const was = before ?? 0;
  return typeof was === 'number' && Number.isInteger(after) && after === was + by && after >= 0;
}

/**
 * reactionCounts.{kind} moves by one with the reaction countedReactionId names, on this item,
 * created (+1) or deleted (-1) in this write; no other kind changes (rules: reactionCountsMoveOk).
 */
export function reactionCountsMoveOk(ctx: WriteContext, itemType: 'post' | 'comment'): boolean {
  const rid = ctx.after?.countedReactionId;
  if (!isId(rid)) return false;
  const was = ctx.get(reactionRef(rid));
  const now = ctx.getAfter(reactionRef(rid));
  const added = was === null && now !== null;
  const removed = was !== null && now === null;
  const reaction = added ? now : removed ? was : null;
  const counts = mapChange(ctx, 'reactionCounts');
  if (reaction === null || counts === null) return false;
  const kind = reaction.kind;
  const keys = affectedKeys(counts.diff);
  return (
    reaction.itemId === ctx.ref.id &&
    reaction.itemType === itemType &&
    isReactionKind(kind) &&
    keys.length === 1 &&
    keys[0] === kind &&
    countMoved(counts.before[kind], counts.after[kind], added ? 1 : -1)
  );
}

/**
 * commentCount moves by one with the comment countedCommentId names, on this post, created (+1)
 * or deleted (-1) in this write (rules: commentCountMoveOk). Who may create or delete it, the
 * comment's own rule says.
 */
function commentCountMoveOk(ctx: WriteContext): boolean {
  const cid = ctx.after?.countedCommentId;
  if (!isId(cid)) return false;
  const was = ctx.get(commentRef(cid));
  const now = ctx.getAfter(commentRef(cid));
  const move = was === null && now !== null ? 1 : was !== null && now === null ? -1 : 0;
  const comment = move === 1 ? now : was;
  return (
    move !== 0 && comment?.postId === ctx.ref.id && countMoved(ctx.before?.commentCount, ctx.after?.commentCount, move)
  );
}

/**
 * A tribe post is not edited: its commentCount (with countedCommentId) or its reactionCounts
 * (with countedReactionId) move, each alone (rules: postCountersOk).
 */
export function postCountersOk(ctx: WriteContext): PolicyDecision {
  const changed = changedKeys(ctx);
  if (hasOnly(changed, COMMENT_COUNTERS)) {
    return decide(
      commentCountMoveOk(ctx),
      'posts: commentCount moves by one, only with the comment countedCommentId names created or deleted in the same write',
    );
  }
  if (hasOnly(changed, REACTION_COUNTERS)) {
    return decide(
      reactionCountsMoveOk(ctx, 'post'),
      'posts: reactionCounts.{kind} moves by one, only with the reaction countedReactionId names created or deleted in the same write',
    );
  }
  return deny('posts: posts are not edited; only their comment and reaction counters move');
}
