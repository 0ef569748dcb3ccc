// Comments and reactions under tribe posts, over the backend port (docs/conversations-model.md):
// the operations the sagas and the tests use, each in the module of its responsibility. Every
// operation answers { success, message } and changes nothing when it fails. Counters move with
// increment transforms in the same atomic write as what they count, naming it (countedCommentId,
// countedReactionId), so firestore.rules and the local policy can check the one document behind
// each move, and concurrent comments and reactions all land exactly.
export { commentsQuery, earlierCommentsPage, myReactionsQuery, toPostComment, toReaction } from './conversationReads';
export { addComment } from './commentWrites';
export type { AddCommentResult, CommentParentRef, CommentPostRef } from './commentWrites';
export { deleteComment, editComment } from './commentChanges';
export { toggleReaction } from './reactionWrites';
export type { ToggleReactionResult } from './reactionWrites';
