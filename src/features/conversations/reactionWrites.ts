// A reaction's toggle: my reaction of one kind on a post or comment, added or taken back with
// the item's count, in one transaction that reads only the reaction's own document.
import { postRef } from '../../backend/documentRefs';
import { fieldValue } from '../../backend/port';
import type { DocumentStore } from '../../backend/port';
import { CONVERSATION_MESSAGES, conversationFailedMessage } from '../../domain/conversationMessages';
import type { ReactionItem, ReactionKind } from '../../domain/conversationTypes';
import { isReactionKind } from '../../domain/conversationTypes';
import type { OperationResult } from '../../domain/result';
import { fail, ok } from '../../domain/result';
import { commentRef, reactionRef } from './conversationReads';
import { codeOf, detail, isDocId, refusalMessage } from './conversationRefusal';

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
  const ref = reactionRef(item, kind, uid);
  const id = ref.id;
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
