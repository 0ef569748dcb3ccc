// reactions/{itemType}_{itemId}_{kind}_{uid}: one per person, item and kind (the id says so; a
// second one is an update, never allowed), created by an active member of the post's tribe with
// the item's reactionCounts.{kind} + 1, taken back by the person who reacted with - 1. The same
// decisions as the reactions block of firestore.rules (docs/conversations-model.md).
import { isReactionKind } from '../../domain/conversationTypes';
import type { DocData, DocRef } from '../port';
import { memberOf, notBlockedWith, reactionCounted } from './conversationChecksPolicy';
import { decide, deny, exactKeys } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { commentRef, me, postRef } from './policyRefs';
import { isId, isRequestTime } from './policyValues';

export const REACTION_FIELDS = ['itemId', 'itemType', 'postId', 'tribeId', 'kind', 'uid', 'createdAt'];

/** The post or comment a reaction is on. */
export const itemRefOf = (reaction: DocData): DocRef | null =>
  isId(reaction.itemId) && (reaction.itemType === 'post' || reaction.itemType === 'comment')
    ? reaction.itemType === 'post'
      ? postRef(reaction.itemId)
      : commentRef(reaction.itemId)
    : null;

function reactionCreateOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after!;
  const item = itemRefOf(d);
  if (!(
    item !== null &&
    exactKeys(d, REACTION_FIELDS) &&
    d.uid === me(ctx) &&
    isReactionKind(d.kind) &&
    isId(d.postId) &&
    isId(d.tribeId) &&
    ctx.ref.id === `${d.itemType as string}_${d.itemId as string}_${d.kind}_${me(ctx)}` &&
    isRequestTime(d.createdAt, ctx)
  )) {
    return deny(
      'reactions: id {itemType}_{itemId}_{kind}_{uid} of the caller, one of the six kinds, on a post or comment, at the server time',
    );
  }
  const target = ctx.get(item);
  const onPost = d.itemType === 'post' ? d.itemId === d.postId : target?.postId === d.postId;
  if (target === null || !onPost || target.tribeId !== d.tribeId || ctx.get(postRef(d.postId)) === null)
    return deny('reactions: the post or comment must exist, with its post, in this tribe');
  if (!memberOf(ctx, d.tribeId)) return deny("reactions: only active members of the post's tribe react");
  if (!notBlockedWith(ctx, target.authorId))
    return deny('reactions: nobody reacts to the posts or comments of someone either of them blocked');
  return decide(
    reactionCounted(ctx, item, d.kind, ctx.ref.id, 1),
    'reactions: a new reaction moves its item’s reactionCounts.{kind} + 1, naming it',
  );
}

function reactionDeleteOk(ctx: WriteContext): PolicyDecision {
  const b = ctx.before!;
  const item = itemRefOf(b);
  if (b.uid !== me(ctx) || item === null || !isReactionKind(b.kind))
    return deny('reactions: only the person who reacted takes a reaction back');
  if (!isId(b.postId) || ctx.get(postRef(b.postId)) === null)
    return deny("reactions: a deleted post's reactions are not written");
  // A deleted comment's reactions count nowhere any more: they go without a counter.
  return decide(
    ctx.getAfter(item) === null || reactionCounted(ctx, item, b.kind, ctx.ref.id, -1),
    "reactions: taking a reaction back moves its item's reactionCounts.{kind} - 1, naming it",
  );
}

export function reactionsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return before === null ? deny('reactions: nothing to delete') : reactionDeleteOk(ctx);
  if (before !== null) return deny('reactions: a reaction is never changed; one per person, item and kind');
  return reactionCreateOk(ctx);
}
