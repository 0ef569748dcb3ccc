// removedPosts/{postId}, removedComments/{commentId}: the mark a delete leaves, so a deleted
// post's or comment's id is never used again (docs/conversations-model.md, "Documents"): created
// only in the write that deletes its post or comment, never changed nor removed, read by nobody
// (conversationsPolicy.ts conversationsReadDecision).
import { COMMENTS, POSTS, REMOVED_COMMENTS, REMOVED_POSTS } from '../../domain/collections';
import { decide, deny, hasOnly } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { removedPostRef } from './policyRefs';
import { isRequestTime } from './policyValues';

type Rule = (ctx: WriteContext) => PolicyDecision;

/**
 * A removal mark is created only in the write that deletes its post or comment (whose own rule
 * says who may), as { removedAt: server time }; never changed nor removed (rules: removalMarkOk).
 */
function removalMarkOk(collection: string): Rule {
  return (ctx) => {
    const { before, after } = ctx;
    const marked = { collection, id: ctx.ref.id };
    return decide(
      before === null &&
        after !== null &&
        hasOnly(Object.keys(after), ['removedAt']) &&
        isRequestTime(after.removedAt, ctx) &&
        ctx.get(marked) !== null &&
        ctx.getAfter(marked) === null,
      `${ctx.ref.collection}: created only with the delete of ${collection}/${ctx.ref.id}, removedAt the server time; never changed`,
    );
  };
}

/**
 * Outermost (after the safety hooks, whose removals bypass the community rule): no post is
 * created under the id of a deleted one, a tribe post's delete (by its author, the tribe's owner
 * or a moderator) leaves removedPosts/{postId}.
 */
export function withRemovalMarks(rules: Record<string, Rule>): Record<string, Rule> {
  const posts = rules.posts;
  return {
    ...rules,
    [REMOVED_POSTS]: removalMarkOk(POSTS),
    [REMOVED_COMMENTS]: removalMarkOk(COMMENTS),
    posts: (ctx) => {
      if (ctx.before === null && ctx.after !== null && ctx.get(removedPostRef(ctx.ref.id)) !== null)
        return deny("posts: a deleted post's id is never used again");
      const tribePost = ctx.before !== null && 'tribeId' in ctx.before;
      if (tribePost && ctx.after === null && ctx.getAfter(removedPostRef(ctx.ref.id)) === null)
        return deny('posts: a delete leaves removedPosts/{postId} in the same write');
      return posts ? posts(ctx) : deny('posts: no rule');
    },
  };
}
