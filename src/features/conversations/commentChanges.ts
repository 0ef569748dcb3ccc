// A comment's edit and its delete (by its author, the tribe's owner or a moderator): transactions
// that read the comment; a delete moves the post's count by one and leaves the comment's mark.
import { postRef } from '../../backend/documentRefs';
import { fieldValue } from '../../backend/port';
import type { DocumentStore } from '../../backend/port';
import { CONVERSATION_MESSAGES, conversationFailedMessage } from '../../domain/conversationMessages';
import type { PostComment } from '../../domain/conversationTypes';
import { checkCommentBody } from '../../domain/conversationValidation';
import type { OperationResult } from '../../domain/result';
import { fail, ok } from '../../domain/result';
import { commentRef, removedCommentRef, toPostComment } from './conversationReads';
import { codeOf, detail, isDocId, refusalMessage } from './conversationRefusal';

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
