// comments, reactions, and what they change elsewhere: a post's commentCount and reactionCounts, a
// comment's reactionCounts, the notices in the receivers' inboxes. The same decisions as the
// "conversations" blocks of firestore.rules (docs/conversations-model.md):
// - only active members of the post's tribe comment and react, as themselves (their profile's
//   name and photo), at the server's time, with a 1-2,000 character body;
// - nobody comments on or reacts to the posts and comments of someone either of them blocked;
// - a counter moves by one only in the write that creates or deletes what it counts, which the
//   counted document's write names (countedCommentId, countedReactionId), and nothing else changes
//   with it; one reaction per person, item and kind (the id says so; a second one is an update);
// - the author edits only body and editedAt; the author, the tribe's owner and moderators delete;
// - comments and reactions are read, and written, only while their post exists;
// - a deleted post's or comment's id is never used again: the delete leaves a mark
//   (removedPosts/{id}, removedComments/{id}) that creates under that id find (withRemovalMarks).
// firestore.rules, bound by its read limits, checks a new comment's membership and blocks with the
// post's author in the post's count rule, and "created in this write" by the document's createdAt
// being this write's time; the batches the two twins allow are the same.
//
// The rules live beside this file: commentsPolicy.ts, reactionsPolicy.ts, what they share
// (membership, blocks, the counters: conversationChecksPolicy.ts), the removal marks
// (removalMarksPolicy.ts) and the notices in inboxes (inboxNoticesPolicy.ts). Here: reads, the
// registration of the write rules, and what they read, for the store to load first.
import { COMMENTS, INBOXES, POSTS, REACTIONS, REMOVED_COMMENTS, REMOVED_POSTS } from '../../domain/collections';
import type { DocData, DocRef, DocValue, QuerySpec } from '../port';
import { commentsWriteOk } from './commentsPolicy';
import { postCountersOk } from './conversationChecksPolicy';
import { allow, asMap, decide, deny, mapField } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import {
  blockRef,
  commentRef,
  fixedBy,
  isDocId,
  membershipRef,
  postRef,
  reactionRef,
  removedCommentRef,
  removedPostRef,
  tribeRef,
  userRef,
} from './policyRefs';
import { isId } from './policyValues';
import { itemRefOf, reactionsWriteOk } from './reactionsPolicy';

type Rule = (ctx: WriteContext) => PolicyDecision;

// ---------- reads ----------

export type ConversationReadContext =
  | { kind: 'get'; ref: DocRef; data: DocData | null; get?: (ref: DocRef) => DocData | null | undefined }
  | { kind: 'query'; query: QuerySpec; get?: (ref: DocRef) => DocData | null | undefined };

type ReadRequest = { kind: 'get'; ref: DocRef; data: DocData | null } | { kind: 'query'; query: QuerySpec };

/** The post a comments or reactions read depends on: the one a document names, or a query fixes with postId ==. */
function postOfRead(read: ReadRequest): string | null {
  const collection = read.kind === 'get' ? read.ref.collection : read.query.collection;
  if (collection !== COMMENTS && collection !== REACTIONS) return null;
  const postId = read.kind === 'get' ? read.data?.postId : fixedBy(read.query, 'postId');
  return isDocId(postId) ? postId : null;
}

export function conversationsReadDependencies(read: ReadRequest): DocRef[] {
  const postId = postOfRead(read);
  return postId ? [postRef(postId)] : [];
}

/**
 * null: not a conversations collection. Signed-in users read a post's comments and reactions
 * while the post exists (rules: exists(posts/{resource.data.postId})); a query must fix the post
 * with postId == (rules are not filters); a missing document may be asked for (nothing to hide).
 */
export function conversationsReadDecision(read: ConversationReadContext): PolicyDecision | null {
  const collection = read.kind === 'get' ? read.ref.collection : read.query.collection;
  if (collection === REMOVED_POSTS || collection === REMOVED_COMMENTS) return deny(`${collection}: read by no one`);
  if (collection !== COMMENTS && collection !== REACTIONS) return null;
  if (read.kind === 'get' && read.data === null) return allow;
  const postId = postOfRead(read);
  const post = postId !== null && read.get !== undefined ? (read.get(postRef(postId)) ?? null) : null;
  // A tribe post, and for a document the tribe it names (a scratch post outside any tribe, which
  // this twin alone allows, owns no conversation).
  const tribeOk = read.kind === 'get' ? post?.tribeId === read.data?.tribeId : true;
  return decide(
    post !== null && isId(post.tribeId) && tribeOk,
    `${collection}: read only while their post exists, in the tribe they name; queries fix postId ==`,
  );
}

// ---------- registration ----------

/** policy.ts's rules with the conversations collections, and tribe posts' counter updates. */
export function withConversations(rules: Record<string, Rule>): Record<string, Rule> {
  const posts = rules.posts;
  return {
    ...rules,
    [COMMENTS]: commentsWriteOk,
    [REACTIONS]: reactionsWriteOk,
    posts: (ctx) => {
      const tribePost = ctx.before !== null && 'tribeId' in ctx.before;
      if (tribePost && ctx.after !== null) return postCountersOk(ctx);
      return posts ? posts(ctx) : deny('posts: no rule');
    },
  };
}

/** What the conversations checks read through get/getAfter, for the store to load first. */
export function conversationsDependencies(ctx: {
  actorUid: string | null;
  ref: DocRef;
  before: DocData | null;
  after: DocData | null;
  peek?: (ref: DocRef) => DocData | null | undefined;
}): DocRef[] {
  const uid = ctx.actorUid;
  if (uid === null) return [];
  const doc = ctx.after ?? ctx.before ?? {};
  const refs: DocRef[] = [];
  const blocksWith = (other: DocValue | undefined) => {
    if (isId(other) && other !== uid) refs.push(blockRef(uid, other), blockRef(other, uid));
  };
  switch (ctx.ref.collection) {
    case COMMENTS: {
      refs.push(userRef(uid));
      if (isId(doc.postId)) {
        refs.push(postRef(doc.postId));
        blocksWith(ctx.peek?.(postRef(doc.postId))?.authorId);
      }
      if (isId(doc.tribeId)) refs.push(tribeRef(doc.tribeId), membershipRef(doc.tribeId, uid));
      if (isId(doc.parentId)) {
        refs.push(commentRef(doc.parentId));
        blocksWith(ctx.peek?.(commentRef(doc.parentId))?.authorId);
      }
      const rid = ctx.after?.countedReactionId;
      if (isId(rid)) refs.push(reactionRef(rid));
      refs.push(removedCommentRef(ctx.ref.id));
      break;
    }
    case REMOVED_POSTS:
      refs.push(postRef(ctx.ref.id));
      break;
    case REMOVED_COMMENTS:
      refs.push(commentRef(ctx.ref.id));
      break;
    case REACTIONS: {
      const item = itemRefOf(doc);
      if (item) {
        refs.push(item);
        blocksWith(ctx.peek?.(item)?.authorId);
      }
      if (isId(doc.postId)) refs.push(postRef(doc.postId));
      if (isId(doc.tribeId)) refs.push(membershipRef(doc.tribeId, uid));
      break;
    }
    case POSTS: {
      const cid = ctx.after?.countedCommentId;
      const rid = ctx.after?.countedReactionId;
      if (isId(cid)) refs.push(commentRef(cid));
      if (isId(rid)) refs.push(reactionRef(rid));
      refs.push(removedPostRef(ctx.ref.id));
      break;
    }
    case INBOXES: {
      const before = mapField(ctx.before, 'notifications') ?? {};
      for (const [key, value] of Object.entries(mapField(ctx.after, 'notifications') ?? {})) {
        const n = asMap(value);
        if (Object.hasOwn(before, key) || n === null) continue;
        if (isId(n.commentId)) {
          refs.push(commentRef(n.commentId));
          const parentId = ctx.peek?.(commentRef(n.commentId))?.parentId;
          if (isId(parentId)) refs.push(commentRef(parentId));
        }
        if (isId(n.postId)) refs.push(postRef(n.postId));
        if (isId(n.tribeId)) refs.push(tribeRef(n.tribeId));
      }
      break;
    }
  }
  return refs.filter((ref) => isDocId(ref.id));
}
