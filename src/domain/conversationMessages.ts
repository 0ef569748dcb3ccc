// Every message a conversations operation (comments and reactions under tribe posts) can answer
// with, in one place so tests and components agree.
import { failedMessage, tooLongMessage } from './operationMessages';

export const CONVERSATION_MESSAGES = {
  notSignedIn: 'Log in to take part in conversations.',
  emptyComment: 'Write something before posting your comment',
  commented: 'Your comment was posted',
  edited: 'Your comment was updated',
  deleted: 'The comment was deleted',
  membersOnly: 'Only members of this tribe can comment and react',
  postNotFound: 'This post no longer exists',
  commentNotFound: 'This comment no longer exists',
  replyToReply: 'Replies answer a comment, not another reply',
  authorOnlyEdit: 'Only the author can edit this comment',
  deleteNotAllowed: "Only the comment's author, the tribe's owner or a moderator can delete this comment",
  youBlocked: 'You blocked this person. Unblock them to comment on or react to what they write.',
  /** The rules refused it: the other person's block cannot be read, so the likely reasons are named without saying which. */
  refused:
    'This was not accepted: you may no longer be a member of this tribe, or the author does not take part in conversations with you.',
  reactionAdded: 'Reaction added',
  reactionRemoved: 'Reaction removed',
  unknownReaction: 'Choose one of the reactions',
} as const;

export const commentTooLongMessage = (max: number, length: number) => tooLongMessage('A comment', max, length);

/** The notification a post's author gets for a comment (the rules accept exactly this sentence). */
export const postCommentMessageFor = (commenterName: string, tribeName: string) =>
  `${commenterName} commented on your post in ${tribeName}`;

/** The notification a comment's author gets for a reply (the rules accept exactly this sentence). */
export const commentReplyMessageFor = (replierName: string) => `${replierName} replied to your comment`;

export const conversationFailedMessage = failedMessage;
