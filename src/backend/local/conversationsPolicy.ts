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
import { INBOXES, POSTS, TRIBES, TRIBE_MEMBERS, USERS } from '../../domain/collections';
import {
  COMMENT_BODY_MAX,
  COMMENTS,
  isReactionKind,
  REACTIONS,
  REMOVED_COMMENTS,
  REMOVED_POSTS,
} from '../../domain/conversationTypes';
import { NOTIFICATIONS_MAX } from '../../domain/friendsLimits';
import type { DocData, DocRef, DocValue, QuerySpec } from '../port';
import { copiedFromProfile } from './communityPolicy';
import {
  affectedKeys,
  allow,
  asMap,
  changedKeys,
  decide,
  deny,
  hasOnly,
  isId,
  isRequestTime,
  isString,
  mapChange,
  mapField,
} from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { blockedEitherWay, blockRef } from './safetyPolicy';

export { COMMENTS, REACTIONS };

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
export const REACTION_FIELDS = ['itemId', 'itemType', 'postId', 'tribeId', 'kind', 'uid', 'createdAt'];
/** What a comment's author changes when editing. */
const COMMENT_EDITS = ['body', 'editedAt'];
/** What anyone's reaction changes on the post or comment it is on. */
const REACTION_COUNTERS = ['reactionCounts', 'countedReactionId'];
/** What a comment changes on its post. */
const COMMENT_COUNTERS = ['commentCount', 'countedCommentId'];
/** A conversation notice: the friends notification's fields and where it links to. */
export const CONVERSATION_NOTICE_KEYS = [
  'id',
  'type',
  'message',
  'senderId',
  'senderName',
  'senderPhoto',
  'read',
  'createdAt',
  'postId',
  'tribeId',
  'commentId',
];

type Rule = (ctx: WriteContext) => PolicyDecision;

const me = (ctx: { actorUid: string | null }) => ctx.actorUid ?? '';
const isModerator = (ctx: { actorModerator?: boolean }) => ctx.actorModerator === true;
const isDocId = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= 1500 && !id.includes('/');

const userRef = (uid: string): DocRef => ({ collection: USERS, id: uid });
const postRef = (postId: string): DocRef => ({ collection: POSTS, id: postId });
const tribeRef = (tribeId: string): DocRef => ({ collection: TRIBES, id: tribeId });
const commentRef = (commentId: string): DocRef => ({ collection: COMMENTS, id: commentId });
const reactionRef = (id: string): DocRef => ({ collection: REACTIONS, id });
const removedPostRef = (postId: string): DocRef => ({ collection: REMOVED_POSTS, id: postId });
const removedCommentRef = (commentId: string): DocRef => ({ collection: REMOVED_COMMENTS, id: commentId });
const membershipRef = (tribeId: string, uid: string): DocRef => ({
  collection: TRIBE_MEMBERS,
  id: `${tribeId}_${uid}`,
});
/** The post or comment a reaction is on. */
const itemRefOf = (reaction: DocData): DocRef | null =>
  isId(reaction.itemId) && (reaction.itemType === 'post' || reaction.itemType === 'comment')
    ? reaction.itemType === 'post'
      ? postRef(reaction.itemId)
      : commentRef(reaction.itemId)
    : null;

export const isCommentBody = (v: DocValue | undefined): v is string =>
  isString(v, 1, COMMENT_BODY_MAX) && v.trim().length > 0;

/** The caller is an active member of the tribe, as stored before this write (rules: memberOf). */
const memberOf = (ctx: WriteContext, tribeId: string) => ctx.get(membershipRef(tribeId, me(ctx)))?.status === 'active';

/** Nobody answers someone either of them blocked (their own posts and comments are theirs). */
const notBlockedWith = (ctx: WriteContext, uid: DocValue | undefined) =>
  typeof uid === 'string' && (uid === me(ctx) || !blockedEitherWay(ctx, me(ctx), uid));

/** The post's commentCount moved by `by` in this write, naming the comment (rules: commentCounted). */
function commentCounted(ctx: WriteContext, postId: string, commentId: string, by: number): boolean {
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
function reactionCounted(ctx: WriteContext, item: DocRef, kind: string, reactionId: string, by: number): boolean {
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
function reactionCountsMoveOk(ctx: WriteContext, itemType: 'post' | 'comment'): boolean {
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
function postCountersOk(ctx: WriteContext): PolicyDecision {
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

// ---------- comments/{commentId} ----------

function commentCreateOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after!;
  if (!(
    hasOnly(Object.keys(d), COMMENT_FIELDS) &&
    COMMENT_FIELDS.every((key) => key in d) &&
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

function commentsWriteOk(ctx: WriteContext): PolicyDecision {
  if (ctx.after === null) return ctx.before === null ? deny('comments: nothing to delete') : commentDeleteOk(ctx);
  return ctx.before === null ? commentCreateOk(ctx) : commentUpdateOk(ctx);
}

// ---------- reactions/{itemType}_{itemId}_{kind}_{uid} ----------

function reactionCreateOk(ctx: WriteContext): PolicyDecision {
  const d = ctx.after!;
  const item = itemRefOf(d);
  if (!(
    item !== null &&
    hasOnly(Object.keys(d), REACTION_FIELDS) &&
    REACTION_FIELDS.every((key) => key in d) &&
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

function reactionsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return before === null ? deny('reactions: nothing to delete') : reactionDeleteOk(ctx);
  if (before !== null) return deny('reactions: a reaction is never changed; one per person, item and kind');
  return reactionCreateOk(ctx);
}

// ---------- removedPosts/{postId}, removedComments/{commentId} ----------

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

// ---------- notices in someone's inbox ----------

const sizeOf = (map: Record<string, DocValue>) => Object.keys(map).length;

/**
 * Someone's comment C tells the receiver (ctx.ref.id, not the caller) about it: only
 * notifications and hasNewNotification (true) change; exactly one key added, `comment_{id}`
 * (type postComment: the receiver wrote the post; "{name} commented on your post in {tribe}") or
 * `reply_{id}` (type commentReply: the receiver wrote the comment it answers; "{name} replied to
 * your comment"); the comment is created in this very write by the caller, on the post and tribe
 * the notice names; the caller's own name and photo, unread, at the server's time; at most 100
 * notifications (rules: commentNoticeOk in noticeOk).
 */
export function conversationNoticeOk(ctx: WriteContext): boolean {
  const uid = ctx.ref.id;
  if (uid === me(ctx)) return false;
  const notifications = mapChange(ctx, 'notifications');
  if (notifications === null || !hasOnly(changedKeys(ctx), ['notifications', 'hasNewNotification'])) return false;
  const { added, removed, changed } = notifications.diff;
  if (ctx.after?.hasNewNotification !== true || added.length !== 1 || removed.length > 0 || changed.length > 0)
    return false;
  const key = added[0]!;
  const n = asMap(notifications.after[key]);
  if (n === null || !isId(n.commentId) || !isId(n.postId) || !isId(n.tribeId)) return false;
  const reply = n.type === 'commentReply';
  if (key !== `${reply ? 'reply' : 'comment'}_${n.commentId}` || (!reply && n.type !== 'postComment')) return false;
  const mine = ctx.getAfter(userRef(me(ctx))) ?? {};
  const comment = ctx.getAfter(commentRef(n.commentId));
  if (
    !(sizeOf(notifications.after) <= NOTIFICATIONS_MAX || sizeOf(notifications.after) < sizeOf(notifications.before)) ||
    !hasOnly(Object.keys(n), CONVERSATION_NOTICE_KEYS) ||
    !CONVERSATION_NOTICE_KEYS.every((k) => k in n) ||
    n.id !== key ||
    !isId(key) ||
    n.senderId !== me(ctx) ||
    typeof mine.displayName !== 'string' ||
    n.senderName !== mine.displayName ||
    n.senderPhoto !== (mine.photoURL ?? null) ||
    n.read !== false ||
    !isRequestTime(n.createdAt, ctx) ||
    comment === null ||
    ctx.get(commentRef(n.commentId)) !== null ||
    comment.authorId !== me(ctx) ||
    comment.postId !== n.postId ||
    comment.tribeId !== n.tribeId
  ) {
    return false;
  }
  if (reply) {
    const parent = isId(comment.parentId) ? ctx.get(commentRef(comment.parentId)) : null;
    return parent?.authorId === uid && n.message === `${mine.displayName} replied to your comment`;
  }
  const post = ctx.get(postRef(n.postId));
  const tribe = ctx.get(tribeRef(n.tribeId));
  return (
    post?.authorId === uid &&
    typeof tribe?.name === 'string' &&
    n.message === `${mine.displayName} commented on your post in ${tribe.name}`
  );
}

// ---------- reads ----------

export type ConversationReadContext =
  | { kind: 'get'; ref: DocRef; data: DocData | null; get?: (ref: DocRef) => DocData | null | undefined }
  | { kind: 'query'; query: QuerySpec; get?: (ref: DocRef) => DocData | null | undefined };

type ReadRequest = { kind: 'get'; ref: DocRef; data: DocData | null } | { kind: 'query'; query: QuerySpec };

const fixedBy = (query: QuerySpec, field: string): DocValue | undefined =>
  (query.where ?? []).find((clause) => clause.field === field && clause.op === '==')?.value;

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
