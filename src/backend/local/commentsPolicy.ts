// comments/{commentId}: created by an active member of the post's tribe as themselves, with the
// post's commentCount + 1 in the same write; edited (body, editedAt) by its author; deleted by the
// author, the tribe's owner or a moderator, with the count - 1 and its removal mark. The same
// decisions as the comments block of firestore.rules (docs/conversations-model.md).
import { COMMENT_BODY_MAX } from '../../domain/conversationTypes';
import type { DocValue } from '../port';
import { copiedFromProfile } from './communityChecksPolicy';
import {
  commentCounted,
  memberOf,
  notBlockedWith,
  REACTION_COUNTERS,
  reactionCountsMoveOk,
} from './conversationChecksPolicy';
import { asMap, changedKeys, decide, deny, exactKeys, hasOnly } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { commentRef, isModerator, me, postRef, removedCommentRef, tribeRef } from './policyRefs';
import { isId, isRequestTime, isString } from './policyValues';

export const COMMENT_FIELDS = [
  'commentId',
  'postId',
  'tribeId',
  'authorId',
  'authorName',
  'authorPhoto',
  'body',
  'parentId',
  'createdAt',
  'editedAt',
  'reactionCounts',
];
/** What a comment's author changes when editing. */
const COMMENT_EDITS = ['body', 'editedAt'];

export const isCommentBody = (v: DocValue | undefined): v is string =>
  isString(v, 1, COMMENT_BODY_MAX) && v.trim().length > 0;

function commentCreateOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after!;
  if (!(
    exactKeys(d, COMMENT_FIELDS) &&
    d.authorId === me(ctx) &&
    d.commentId === ctx.ref.id &&
    isId(ctx.ref.id) &&
    isId(d.postId) &&
    isId(d.tribeId) &&
    isCommentBody(d.body) &&
    isRequestTime(d.createdAt, ctx) &&
    d.editedAt === null &&
    asMap(d.reactionCounts) !== null &&
    Object.keys(asMap(d.reactionCounts)!).length === 0
  )) {
    return deny(
      'comments: written by the caller as author, every field, body 1-2,000 characters, createdAt the server time, not edited, no reactions',
    );
  }
  if (!copiedFromProfile(ctx, me(ctx), d.authorName, d.authorPhoto))
    return deny("comments: author name and photo are the author's own profile's");
  if (ctx.get(removedCommentRef(ctx.ref.id)) !== null)
    return deny("comments: a deleted comment's id is never used again");
  const post = ctx.get(postRef(d.postId));
  if (post === null || post.tribeId !== d.tribeId) return deny('comments: the post must exist, in this tribe');
  if (!memberOf(ctx, d.tribeId)) return deny("comments: only active members of the post's tribe comment");
  if (!notBlockedWith(ctx, post.authorId))
    return deny('comments: nobody comments on the post of someone either of them blocked');
  if (d.parentId !== null) {
    const parent = isId(d.parentId) ? ctx.get(commentRef(d.parentId)) : null;
    if (parent === null || parent.postId !== d.postId || (parent.parentId ?? null) !== null)
      return deny('comments: a reply answers a top-level comment of the same post');
    if (!notBlockedWith(ctx, parent.authorId))
      return deny('comments: nobody replies to someone either of them blocked');
  }
  return decide(
    commentCounted(ctx, d.postId, ctx.ref.id, 1),
    "comments: a new comment moves its post's commentCount + 1, naming it",
  );
}

function commentUpdateOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  const changed = changedKeys(ctx);
  if (hasOnly(changed, REACTION_COUNTERS) && changed.size > 0) {
    return decide(
      reactionCountsMoveOk(ctx, 'comment'),
      'comments: reactionCounts.{kind} moves by one, only with the reaction countedReactionId names created or deleted in the same write',
    );
  }
  if (before?.authorId !== me(ctx)) return deny('comments: only the author edits a comment');
  if (!hasOnly(changed, COMMENT_EDITS)) return deny('comments: an edit changes only body and editedAt');
  if (!isCommentBody(after?.body) || !isRequestTime(after?.editedAt, ctx))
    return deny('comments: an edited body is 1-2,000 characters, editedAt the server time');
  if (!isId(before.postId) || ctx.get(postRef(before.postId)) === null)
    return deny("comments: a deleted post's comments are not edited");
  return decide(
    isId(before.tribeId) && memberOf(ctx, before.tribeId),
    "comments: only active members of the post's tribe edit their comments",
  );
}

function commentDeleteOk(ctx: WriteContext): PolicyDecision {
  const before = ctx.before!;
  const tribe = isId(before.tribeId) ? ctx.get(tribeRef(before.tribeId)) : null;
  const mayDelete = before.authorId === me(ctx) || isModerator(ctx) || (tribe !== null && tribe.ownerId === me(ctx));
  if (!mayDelete) return deny("comments: only the author, the tribe's owner and moderators delete a comment");
  if (ctx.getAfter(removedCommentRef(ctx.ref.id)) === null)
    return deny('comments: a delete leaves removedComments/{commentId} in the same write');
  return decide(
    isId(before.postId) && commentCounted(ctx, before.postId, ctx.ref.id, -1),
    "comments: a deleted comment takes its post's commentCount - 1, naming it (not once the post is gone)",
  );
}

export function commentsWriteOk(ctx: WriteContext): PolicyDecision {
  if (ctx.after === null) return ctx.before === null ? deny('comments: nothing to delete') : commentDeleteOk(ctx);
  return ctx.before === null ? commentCreateOk(ctx) : commentUpdateOk(ctx);
}
