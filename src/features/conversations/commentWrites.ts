// A new comment (or reply): one batch with the post's count and the notices it sends
// (docs/conversations-model.md, "Writes"). It answers { success, message } and changes nothing
// when it fails; the count moves in the same atomic write as the comment, naming it.
import { blockRef, inboxRef, membershipRef, postRef, tribeRef } from '../../backend/documentRefs';
import { fieldValue } from '../../backend/port';
import type { DocRef, DocumentStore, WriteData, WriteOp } from '../../backend/port';
import { safeId, safeName } from '../../domain/coerce';
import {
  commentReplyMessageFor,
  CONVERSATION_MESSAGES,
  conversationFailedMessage,
  postCommentMessageFor,
} from '../../domain/conversationMessages';
import type { ConversationNotificationType } from '../../domain/conversationTypes';
import { commentReplyNotificationId, COMMENTS, postCommentNotificationId } from '../../domain/conversationTypes';
import { checkCommentBody } from '../../domain/conversationValidation';
import type { OperationResult } from '../../domain/result';
import { fail, ok } from '../../domain/result';
import type { TribeActor } from '../../domain/tribeTypes';
import { TRIBE_NAME_MAX } from '../../domain/tribeTypes';
import { commentRef, toPostComment } from './conversationReads';
import type { RefusalContext } from './conversationRefusal';
import { codeOf, detail, isDocId, refusalMessage } from './conversationRefusal';

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
