// Why the access rules refused a conversation write, in words the writer can act on; and the
// checks every conversation operation shares (ids, error codes).
import { blockRef, membershipRef, postRef } from '../../backend/documentRefs';
import { BackendError, toSerializedError } from '../../backend/port';
import type { DocRef, DocumentStore } from '../../backend/port';
import { CONVERSATION_MESSAGES } from '../../domain/conversationMessages';
import { commentRef } from './conversationReads';

export const detail = (error: unknown) => toSerializedError(error).message;
export const codeOf = (error: unknown) => (error instanceof BackendError ? error.code : null);
/** Ids come from URLs and props: anything that cannot be a document id names nothing. */
export const isDocId = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= 1500 && !id.includes('/');
export interface RefusalContext {
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
export async function refusalMessage(db: DocumentStore, context: RefusalContext): Promise<string> {
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
