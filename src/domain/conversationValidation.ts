// Pure checks for comments. The access policy and firestore.rules enforce the same limits, so a
// body that passes here is never refused for its shape.
import { commentTooLongMessage, CONVERSATION_MESSAGES } from './conversationMessages';
import { COMMENT_BODY_MAX } from './conversationTypes';

/** The trimmed body (its Markdown source), or the reason it cannot be posted. */
export function checkCommentBody(body: string): { body: string } | { error: string } {
  const trimmed = body.trim();
  if (trimmed.length === 0) return { error: CONVERSATION_MESSAGES.emptyComment };
  if (trimmed.length > COMMENT_BODY_MAX) return { error: commentTooLongMessage(COMMENT_BODY_MAX, trimmed.length) };
  return { body: trimmed };
}

/** Like checkCommentBody, for a form that shows the problem as the person types: null when it may be posted. */
export function validateCommentBody(body: string): string | null {
  const checked = checkCommentBody(body);
  return 'error' in checked ? checked.error : null;
}
