// A comment's edit and its delete (by its author, the tribe's owner or a moderator): transactions
// that read the comment; a delete moves the post's count by one and leaves the comment's mark.
import { postRef } from '../../backend/documentRefs';
import { fieldValue } from '../../backend/port';
import type { DocData, DocumentStore, Transaction } from '../../backend/port';
import { CONVERSATION_MESSAGES, conversationFailedMessage } from '../../domain/conversationMessages';
import type { PostComment } from '../../domain/conversationTypes';
import { checkCommentBody } from '../../domain/conversationValidation';
import type { OperationResult } from '../../domain/result';
import { fail, ok } from '../../domain/result';
import { commentRef, removedCommentRef, toPostComment } from './conversationReads';
import { codeOf, detail, isDocId, refusalMessage } from './conversationRefusal';

interface CommentChange {
  /** What the failure message says could not be done: "edit your comment". */
  doing: string;
  /** The answer when the store says a document is gone. */
  gone: string;
  /** The change, on the comment as stored (a missing or malformed one is not found). */
  change: (tx: Transaction, comment: PostComment, data: DocData) => OperationResult;
  /** A refusal this change explains itself (else the reasons every conversation write shares). */
  refusedBecause?: (comment: PostComment) => Promise<string | null>;
}

/** A transaction on one stored comment; a refusal or failure answered in words, nothing changed. */
async function changeComment(
  db: DocumentStore,
  uid: string,
  commentId: string,
  { doing, gone, change, refusedBecause }: CommentChange,
): Promise<OperationResult> {
  let stored: PostComment | null = null;
  try {
    return await db.runTransaction(async (tx) => {
      const data = (await tx.get(commentRef(commentId))).data;
      stored = data ? toPostComment(commentId, data) : null;
      return stored && data ? change(tx, stored, data) : fail(CONVERSATION_MESSAGES.commentNotFound);
    });
  } catch (error) {
    const comment = stored as PostComment | null;
    if (codeOf(error) === 'not-found') return fail(gone);
    if (codeOf(error) !== 'permission-denied') return fail(conversationFailedMessage(doing, detail(error)));
    if (!comment) return fail(CONVERSATION_MESSAGES.postNotFound);
    const { postId, tribeId } = comment;
    const reason = (await refusedBecause?.(comment)) ?? null;
    return fail(reason ?? (await refusalMessage(db, { uid, postId, tribeId, counterparts: [], commentId })));
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
  return changeComment(db, uid, commentId, {
    doing: 'edit your comment',
    gone: CONVERSATION_MESSAGES.commentNotFound,
    change(tx, comment, data) {
      if (comment.authorId !== uid) return fail(CONVERSATION_MESSAGES.authorOnlyEdit);
      if (data.body === checked.body) return ok(CONVERSATION_MESSAGES.edited);
      tx.update(commentRef(commentId), { body: checked.body, editedAt: fieldValue.serverTimestamp() });
      return ok(CONVERSATION_MESSAGES.edited);
    },
  });
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
  return changeComment(db, uid, commentId, {
    doing: 'delete the comment',
    gone: CONVERSATION_MESSAGES.postNotFound,
    change(tx, comment) {
      tx.delete(commentRef(commentId));
      tx.set(removedCommentRef(commentId), { removedAt: fieldValue.serverTimestamp() });
      tx.update(postRef(comment.postId), { commentCount: fieldValue.increment(-1), countedCommentId: commentId });
      return ok(CONVERSATION_MESSAGES.deleted);
    },
    // Someone else's comment: not theirs to delete, unless its post is gone.
    async refusedBecause(comment) {
      if (comment.authorId === uid) return null;
      const post = await db.get(postRef(comment.postId)).catch(() => null);
      return post && !post.data ? CONVERSATION_MESSAGES.postNotFound : CONVERSATION_MESSAGES.deleteNotAllowed;
    },
  });
}
