// Comments and reactions under tribe posts, over the backend port (docs/conversations-model.md).
// Every operation answers { success, message } and changes nothing when it fails. Counters move
// with increment transforms in the same atomic write as what they count, naming it
// (countedCommentId, countedReactionId), so firestore.rules and the local policy can check the
// one document behind each move, and concurrent comments and reactions all land exactly.
import { BackendError, docRef, fieldValue, toSerializedError } from '../../backend/port';
import type { DocData, DocRef, DocumentStore, QuerySpec, WriteData, WriteOp } from '../../backend/port';
import { safeCount, safeId, safeName, safePhotoURL, safeText, safeTimeMs, asRecord } from '../../domain/coerce';
import { BLOCKS, INBOXES, POSTS, TRIBES, TRIBE_MEMBERS } from '../../domain/collections';
import {
  commentReplyMessageFor,
  CONVERSATION_MESSAGES,
  conversationFailedMessage,
  postCommentMessageFor,
} from '../../domain/conversationMessages';
import type {
  ConversationNotificationType,
  PostComment,
  Reaction,
  ReactionCounts,
  ReactionItem,
  ReactionKind,
} from '../../domain/conversationTypes';
import {
  COMMENT_BODY_MAX,
  commentReplyNotificationId,
  COMMENTS,
  COMMENTS_PAGE_SIZE,
  isReactionKind,
  postCommentNotificationId,
  REACTION_KINDS,
  reactionId,
  REACTIONS,
  REMOVED_COMMENTS,
} from '../../domain/conversationTypes';
import { checkCommentBody } from '../../domain/conversationValidation';
import { DEFAULT_DISPLAY_NAME, DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import type { OperationResult } from '../../domain/result';
import { fail, ok } from '../../domain/result';
import type { TribeActor } from '../../domain/tribeTypes';
import { TRIBE_NAME_MAX } from '../../domain/tribeTypes';

export const commentRef = (commentId: string) => docRef(COMMENTS, commentId);
export const reactionRef = (item: Pick<ReactionItem, 'type' | 'id'>, kind: ReactionKind, uid: string) =>
  docRef(REACTIONS, reactionId(item.type, item.id, kind, uid));
/** What a comment's delete leaves, so its id is never used again (docs/conversations-model.md). */
const removedCommentRef = (commentId: string) => docRef(REMOVED_COMMENTS, commentId);
const postRef = (postId: string) => docRef(POSTS, postId);
const tribeRef = (tribeId: string) => docRef(TRIBES, tribeId);
const membershipRef = (tribeId: string, uid: string) => docRef(TRIBE_MEMBERS, `${tribeId}_${uid}`);
const blockRef = (blockerId: string, blockedId: string) => docRef(BLOCKS, `${blockerId}_${blockedId}`);
const inboxRef = (uid: string) => docRef(INBOXES, uid);

/** The most of my reactions one live query reads (the rules' list limit): the post's and its comments'. */
export const MY_REACTIONS_LIMIT = 50;

const detail = (error: unknown) => toSerializedError(error).message;
const codeOf = (error: unknown) => (error instanceof BackendError ? error.code : null);
/** Ids come from URLs and props: anything that cannot be a document id names nothing. */
const isDocId = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= 1500 && !id.includes('/');

// ---------- reading stored documents ----------

/** Counts above zero only, for the six kinds; anything else is left out. */
export function toReactionCounts(value: unknown): ReactionCounts {
  const record = asRecord(value);
  const counts: ReactionCounts = {};
  if (!record) return counts;
  for (const kind of REACTION_KINDS) {
    const count = safeCount(record[kind]);
    if (count > 0) counts[kind] = count;
  }
  return counts;
}

/** A comment as the app shows it, or null for a malformed document (left out of the thread). */
export function toPostComment(id: string, data: DocData): PostComment | null {
  const postId = safeId(data.postId);
  const tribeId = safeId(data.tribeId);
  const authorId = safeId(data.authorId);
  if (!postId || !tribeId || !authorId || typeof data.body !== 'string') return null;
  const createdAt = safeTimeMs(data.createdAt) ?? 0;
  return {
    id,
    postId,
    tribeId,
    authorId,
    authorName: safeName(data.authorName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    authorPhoto: safePhotoURL(data.authorPhoto),
    body: safeText(data.body, COMMENT_BODY_MAX),
    parentId: safeId(data.parentId),
    createdAt,
    editedAt: data.editedAt === null || data.editedAt === undefined ? null : safeTimeMs(data.editedAt),
    reactionCounts: toReactionCounts(data.reactionCounts),
  };
}

export function toReaction(_id: string, data: DocData): Reaction | null {
  const itemId = safeId(data.itemId);
  const postId = safeId(data.postId);
  const tribeId = safeId(data.tribeId);
  const uid = safeId(data.uid);
  const { itemType, kind } = data;
  if (!itemId || !postId || !tribeId || !uid || !isReactionKind(kind)) return null;
  if (itemType !== 'post' && itemType !== 'comment') return null;
  return { itemId, itemType, postId, tribeId, kind, uid, createdAt: safeTimeMs(data.createdAt) ?? 0 };
}

/** A post's counters; an older post without them has none. */
export const postCommentCount = (post: DocData | null) => safeCount(post?.commentCount);
export const postReactionCounts = (post: DocData | null) => toReactionCounts(post?.reactionCounts);

// ---------- queries ----------

/** The newest page of a post's comments, newest first (the thread shows them oldest first); commentId breaks ties. */
export function commentsQuery(postId: string, pageSize = COMMENTS_PAGE_SIZE): QuerySpec {
  return {
    collection: COMMENTS,
    where: [{ field: 'postId', op: '==', value: postId }],
    orderBy: [
      { field: 'createdAt', direction: 'desc', time: true },
      { field: 'commentId', direction: 'desc' },
    ],
    limit: pageSize,
  };
}

/** The page of comments written before `before` (one-shot: "Show earlier comments"), newest first. */
export async function earlierCommentsPage(
  db: DocumentStore,
  postId: string,
  before: PostComment,
  pageSize = COMMENTS_PAGE_SIZE,
): Promise<{ success: true; comments: PostComment[] } | OperationResult> {
  try {
    const snapshots = await db.query({ ...commentsQuery(postId, pageSize), startAfter: [before.createdAt, before.id] });
    const comments = snapshots.flatMap((snapshot) => {
      const comment = snapshot.data ? toPostComment(snapshot.ref.id, snapshot.data) : null;
      return comment ? [comment] : [];
    });
    return { success: true, comments };
  } catch (error) {
    if (codeOf(error) === 'permission-denied') return fail(CONVERSATION_MESSAGES.postNotFound);
    return fail(conversationFailedMessage('load earlier comments', detail(error)));
  }
}

/** My reactions on a post and on its comments (at most MY_REACTIONS_LIMIT). */
export const myReactionsQuery = (postId: string, uid: string): QuerySpec => ({
  collection: REACTIONS,
  where: [
    { field: 'postId', op: '==', value: postId },
    { field: 'uid', op: '==', value: uid },
  ],
  limit: MY_REACTIONS_LIMIT,
});

// ---------- why a write was refused ----------

interface RefusalContext {
  uid: string;
  postId: string;
  tribeId: string;
  /** the people whose posts or comments the write answers (a block with any of them refuses it) */
  counterparts: string[];
  /** the comment the write is about, when it must still exist */
  commentId?: string;
}

/**
 * The rules refused a write: says the likeliest reason that the caller can see (the post or
 * comment gone, no membership, their own block), else the reasons they cannot see, unnamed.
 */
async function refusalMessage(db: DocumentStore, context: RefusalContext): Promise<string> {
  const { uid, postId, tribeId } = context;
  const others = context.counterparts.filter((id) => isDocId(id) && id !== uid);
  try {
    const refs: DocRef[] = [postRef(postId), membershipRef(tribeId, uid), ...others.map((id) => blockRef(uid, id))];
    const [post, member, ...blocks] = await db.getMany(refs);
    if (!post?.data) return CONVERSATION_MESSAGES.postNotFound;
    // Read apart: a comment of a post that is gone is not readable at all.
    if (context.commentId && !(await db.get(commentRef(context.commentId))).data)
      return CONVERSATION_MESSAGES.commentNotFound;
    if (member?.data?.status !== 'active') return CONVERSATION_MESSAGES.membersOnly;
    if (blocks.some((block) => block.data)) return CONVERSATION_MESSAGES.youBlocked;
  } catch {
    // the explaining reads were refused too: the general message
  }
  return CONVERSATION_MESSAGES.refused;
}

// ---------- comments ----------

export interface CommentPostRef {
  id: string;
  tribeId: string;
  authorId: string;
}

export interface CommentParentRef {
  id: string;
  authorId: string;
}

function notice(
  type: ConversationNotificationType,
  id: string,
  message: string,
  actor: TribeActor,
  link: { postId: string; tribeId: string; commentId: string },
): WriteData {
  return {
    id,
    type,
    message,
    senderId: actor.uid,
    senderName: actor.displayName,
    senderPhoto: actor.photoURL,
    read: false,
    createdAt: fieldValue.serverTimestamp(),
    ...link,
  };
}

/** Into the receiver's private inbox, merged (the writer cannot read it), like friend notifications. */
const noticeOp = (receiverId: string, entry: WriteData): WriteOp => ({
  type: 'set',
  ref: inboxRef(receiverId),
  data: { notifications: { [entry.id as string]: entry }, hasNewNotification: true },
  options: { merge: true },
});

export type AddCommentResult = OperationResult & { commentId?: string };

/**
 * One batch: the comment, the post's commentCount + 1 naming it, and the notices: the parent
 * comment's author is told of a reply, the post's author of a comment (unless it is their own, or
 * they were told of it as the parent's author). A reply to a reply answers its top-level comment.
 * A notice the rules refuse (a receiver's inbox full) does not stop the comment: it is posted
 * again without notices.
 */
export async function addComment(
  db: DocumentStore,
  actor: TribeActor,
  post: CommentPostRef,
  rawBody: string,
  parent: CommentParentRef | null = null,
): Promise<AddCommentResult> {
  if (!actor.uid) return fail(CONVERSATION_MESSAGES.notSignedIn);
  const checked = checkCommentBody(rawBody);
  if ('error' in checked) return fail(checked.error);
  if (!isDocId(post.id) || !isDocId(post.tribeId)) return fail(CONVERSATION_MESSAGES.postNotFound);
  if (parent && !isDocId(parent.id)) return fail(CONVERSATION_MESSAGES.commentNotFound);
  const counterparts = [post.authorId, ...(parent ? [parent.authorId] : [])].filter(
    (id) => isDocId(id) && id !== actor.uid,
  );
  let refusal: RefusalContext = { uid: actor.uid, postId: post.id, tribeId: post.tribeId, counterparts };
  try {
    const refs: DocRef[] = [
      postRef(post.id),
      tribeRef(post.tribeId),
      membershipRef(post.tribeId, actor.uid),
      ...(parent ? [commentRef(parent.id)] : []),
      ...counterparts.map((id) => blockRef(actor.uid, id)),
    ];
    const [postSnap, tribeSnap, memberSnap, ...rest] = await db.getMany(refs);
    const parentSnap = parent ? rest.shift() : undefined;
    const postData = postSnap?.data ?? null;
    if (!postData || postData.tribeId !== post.tribeId) return fail(CONVERSATION_MESSAGES.postNotFound);
    if (memberSnap?.data?.status !== 'active') return fail(CONVERSATION_MESSAGES.membersOnly);
    if (rest.some((block) => block.data)) return fail(CONVERSATION_MESSAGES.youBlocked);
    const postAuthorId = safeId(postData.authorId) ?? '';

    // The parent as stored: a reply to a reply answers that reply's top-level comment.
    let parentId: string | null = null;
    let parentAuthorId: string | null = null;
    if (parent) {
      const parentData = parentSnap?.data ?? null;
      const stored = parentData ? toPostComment(parent.id, parentData) : null;
      if (!stored || stored.postId !== post.id) return fail(CONVERSATION_MESSAGES.commentNotFound);
      if (stored.parentId) {
        const top = (await db.get(commentRef(stored.parentId))).data;
        const topComment = top ? toPostComment(stored.parentId, top) : null;
        if (!topComment || topComment.postId !== post.id) return fail(CONVERSATION_MESSAGES.commentNotFound);
        parentId = topComment.id;
        parentAuthorId = topComment.authorId;
      } else {
        parentId = stored.id;
        parentAuthorId = stored.authorId;
      }
      refusal = { ...refusal, counterparts: [...counterparts, parentAuthorId] };
    }

    const commentId = db.newId(COMMENTS);
    const link = { postId: post.id, tribeId: post.tribeId, commentId };
    const ops: WriteOp[] = [
      {
        type: 'set',
        ref: commentRef(commentId),
        data: {
          commentId,
          postId: post.id,
          tribeId: post.tribeId,
          authorId: actor.uid,
          authorName: actor.displayName,
          authorPhoto: actor.photoURL,
          body: checked.body,
          parentId,
          createdAt: fieldValue.serverTimestamp(),
          editedAt: null,
          reactionCounts: {},
        },
      },
      {
        type: 'update',
        ref: postRef(post.id),
        data: { commentCount: fieldValue.increment(1), countedCommentId: commentId },
      },
    ];
    const notices: WriteOp[] = [];
    if (parentAuthorId && parentAuthorId !== actor.uid) {
      const id = commentReplyNotificationId(commentId);
      notices.push(
        noticeOp(parentAuthorId, notice('commentReply', id, commentReplyMessageFor(actor.displayName), actor, link)),
      );
    }
    const tribeName = safeName(tribeSnap?.data?.name, TRIBE_NAME_MAX, '');
    if (postAuthorId && postAuthorId !== actor.uid && postAuthorId !== parentAuthorId && tribeName) {
      const id = postCommentNotificationId(commentId);
      const message = postCommentMessageFor(actor.displayName, tribeName);
      notices.push(noticeOp(postAuthorId, notice('postComment', id, message, actor, link)));
    }
    try {
      await db.commit([...ops, ...notices]);
    } catch (error) {
      // A notice refused (a full inbox) must not cost the comment: once more without notices.
      if (notices.length === 0 || codeOf(error) !== 'permission-denied') throw error;
      await db.commit(ops);
    }
    return { ...ok(CONVERSATION_MESSAGES.commented), commentId };
  } catch (error) {
    if (codeOf(error) === 'not-found') return fail(CONVERSATION_MESSAGES.postNotFound);
    if (codeOf(error) === 'permission-denied') return fail(await refusalMessage(db, refusal));
    return fail(conversationFailedMessage('post your comment', detail(error)));
  }
}

/** The author edits their comment's body; editedAt is the server's time. */
export async function editComment(
  db: DocumentStore,
  uid: string,
  commentId: string,
  rawBody: string,
): Promise<OperationResult> {
  if (!uid) return fail(CONVERSATION_MESSAGES.notSignedIn);
  const checked = checkCommentBody(rawBody);
  if ('error' in checked) return fail(checked.error);
  if (!isDocId(commentId)) return fail(CONVERSATION_MESSAGES.commentNotFound);
  let stored: PostComment | null = null;
  try {
    return await db.runTransaction(async (tx) => {
      const data = (await tx.get(commentRef(commentId))).data;
      stored = data ? toPostComment(commentId, data) : null;
      if (!stored) return fail(CONVERSATION_MESSAGES.commentNotFound);
      if (stored.authorId !== uid) return fail(CONVERSATION_MESSAGES.authorOnlyEdit);
      if (data?.body === checked.body) return ok(CONVERSATION_MESSAGES.edited);
      tx.update(commentRef(commentId), { body: checked.body, editedAt: fieldValue.serverTimestamp() });
      return ok(CONVERSATION_MESSAGES.edited);
    });
  } catch (error) {
    const comment = stored as PostComment | null;
    if (codeOf(error) === 'not-found') return fail(CONVERSATION_MESSAGES.commentNotFound);
    if (codeOf(error) === 'permission-denied') {
      if (!comment) return fail(CONVERSATION_MESSAGES.postNotFound);
      return fail(
        await refusalMessage(db, {
          uid,
          postId: comment.postId,
          tribeId: comment.tribeId,
          counterparts: [],
          commentId,
        }),
      );
    }
    return fail(conversationFailedMessage('edit your comment', detail(error)));
  }
}

/**
 * The comment goes and the post's commentCount with it, naming it; a transaction, so a double
 * delete counts once. Its author, the tribe's owner and moderators may (the rules decide: a
 * moderator's claim is not known here). It leaves removedComments/{commentId}, so the id is never
 * used again.
 */
export async function deleteComment(db: DocumentStore, uid: string, commentId: string): Promise<OperationResult> {
  if (!uid) return fail(CONVERSATION_MESSAGES.notSignedIn);
  if (!isDocId(commentId)) return fail(CONVERSATION_MESSAGES.commentNotFound);
  let stored: PostComment | null = null;
  try {
    return await db.runTransaction(async (tx) => {
      const data = (await tx.get(commentRef(commentId))).data;
      stored = data ? toPostComment(commentId, data) : null;
      if (!stored) return fail(CONVERSATION_MESSAGES.commentNotFound);
      tx.delete(commentRef(commentId));
      tx.set(removedCommentRef(commentId), { removedAt: fieldValue.serverTimestamp() });
      tx.update(postRef(stored.postId), { commentCount: fieldValue.increment(-1), countedCommentId: commentId });
      return ok(CONVERSATION_MESSAGES.deleted);
    });
  } catch (error) {
    const comment = stored as PostComment | null;
    if (codeOf(error) === 'not-found') return fail(CONVERSATION_MESSAGES.postNotFound);
    if (codeOf(error) === 'permission-denied') {
      if (!comment) return fail(CONVERSATION_MESSAGES.postNotFound);
      if (comment.authorId !== uid) {
        const post = await db.get(postRef(comment.postId)).catch(() => null);
        return fail(post && !post.data ? CONVERSATION_MESSAGES.postNotFound : CONVERSATION_MESSAGES.deleteNotAllowed);
      }
      return fail(
        await refusalMessage(db, {
          uid,
          postId: comment.postId,
          tribeId: comment.tribeId,
          counterparts: [],
          commentId,
        }),
      );
    }
    return fail(conversationFailedMessage('delete the comment', detail(error)));
  }
}

// ---------- reactions ----------

export type ToggleReactionResult = OperationResult & { reacted?: boolean };

/**
 * Adds my reaction of `kind` to the item, or takes it back when I already reacted so: one
 * transaction that reads only the reaction document (so other people's toggles never make it
 * retry), writes or deletes it, and moves the item's reactionCounts.{kind} by one, naming it.
 */
export async function toggleReaction(
  db: DocumentStore,
  uid: string,
  item: ReactionItem,
  kind: ReactionKind,
): Promise<ToggleReactionResult> {
  if (!uid) return fail(CONVERSATION_MESSAGES.notSignedIn);
  if (!isReactionKind(kind)) return fail(CONVERSATION_MESSAGES.unknownReaction);
  if (!isDocId(item.id) || !isDocId(item.postId) || !isDocId(item.tribeId)) {
    return fail(item.type === 'post' ? CONVERSATION_MESSAGES.postNotFound : CONVERSATION_MESSAGES.commentNotFound);
  }
  const id = reactionId(item.type, item.id, kind, uid);
  const ref = docRef(REACTIONS, id);
  const itemRef = item.type === 'post' ? postRef(item.id) : commentRef(item.id);
  const counter = `reactionCounts.${kind}`;
  try {
    return await db.runTransaction(async (tx): Promise<ToggleReactionResult> => {
      const existing = (await tx.get(ref)).data;
      if (existing) {
        tx.delete(ref);
        tx.update(itemRef, { [counter]: fieldValue.increment(-1), countedReactionId: id });
        return { ...ok(CONVERSATION_MESSAGES.reactionRemoved), reacted: false };
      }
      tx.set(ref, {
        itemId: item.id,
        itemType: item.type,
        postId: item.postId,
        tribeId: item.tribeId,
        kind,
        uid,
        createdAt: fieldValue.serverTimestamp(),
      });
      tx.update(itemRef, { [counter]: fieldValue.increment(1), countedReactionId: id });
      return { ...ok(CONVERSATION_MESSAGES.reactionAdded), reacted: true };
    });
  } catch (error) {
    const gone = item.type === 'post' ? CONVERSATION_MESSAGES.postNotFound : CONVERSATION_MESSAGES.commentNotFound;
    if (codeOf(error) === 'not-found') return fail(gone);
    if (codeOf(error) === 'permission-denied') {
      return fail(
        await refusalMessage(db, {
          uid,
          postId: item.postId,
          tribeId: item.tribeId,
          counterparts: [item.authorId],
          ...(item.type === 'comment' ? { commentId: item.id } : {}),
        }),
      );
    }
    return fail(conversationFailedMessage('save your reaction', detail(error)));
  }
}
