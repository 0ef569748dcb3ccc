// Conversations under tribe posts: comments (one level of replies) and reactions, as the app sees
// them: plain data, times in epoch ms. The storage layout (docs/conversations-model.md):
//
// - comments/{commentId}: one document per comment; `parentId` names the top-level comment a reply
//   answers (replies to replies are replies to that top-level comment).
// - reactions/{itemType}_{itemId}_{kind}_{uid}: one document per person, item and kind, so a second
//   reaction of the same kind is the same document and cannot count twice (the type keeps a
//   comment's reactions apart from those of a post with the same id).
// - removedPosts/{postId}, removedComments/{commentId}: written with each delete and never removed,
//   so a deleted post's or comment's id is never used again (its old comments and reactions stay
//   hidden and uncounted).
// - posts/{postId}.commentCount and .reactionCounts.{kind}, comments/{id}.reactionCounts.{kind}: moved
//   only in the batch that creates or deletes what they count (`countedCommentId`, `countedReactionId`
//   name it, like a tribe's `countedPostId`).

export { COMMENTS, REACTIONS, REMOVED_COMMENTS, REMOVED_POSTS } from './collections';

export const COMMENT_BODY_MAX = 2000;
/** The thread shows the newest page live; "Show earlier comments" reads older pages one-shot. */
export const COMMENTS_PAGE_SIZE = 50;

export type ReactionKind = 'thumbsUp' | 'heart' | 'party' | 'rocket' | 'eyes' | 'laugh';

/** The fixed set, in the order the menu and the buttons show them. */
export const REACTIONS_LIST: readonly { kind: ReactionKind; name: string; emoji: string }[] = [
  { kind: 'thumbsUp', name: 'Thumbs up', emoji: '👍' },
  { kind: 'heart', name: 'Heart', emoji: '❤️' },
  { kind: 'party', name: 'Party', emoji: '🎉' },
  { kind: 'rocket', name: 'Rocket', emoji: '🚀' },
  { kind: 'eyes', name: 'Eyes', emoji: '👀' },
  { kind: 'laugh', name: 'Laugh', emoji: '😄' },
];

export const REACTION_KINDS: readonly ReactionKind[] = REACTIONS_LIST.map((reaction) => reaction.kind);

export const isReactionKind = (value: unknown): value is ReactionKind =>
  typeof value === 'string' && (REACTION_KINDS as readonly string[]).includes(value);

/** Counts above zero only; a kind nobody chose is absent. */
export type ReactionCounts = Partial<Record<ReactionKind, number>>;

export type ReactionTarget = 'post' | 'comment';

/** What a reaction is on: enough to write it and its counter without another read. */
export interface ReactionItem {
  type: ReactionTarget;
  /** the post's or the comment's id */
  id: string;
  postId: string;
  tribeId: string;
  /** who wrote the item (blocks between them and the reacting person refuse the reaction) */
  authorId: string;
}

export interface PostComment {
  id: string;
  postId: string;
  tribeId: string;
  authorId: string;
  authorName: string;
  authorPhoto: string | null;
  /** the Markdown source, trimmed, 1 to COMMENT_BODY_MAX characters */
  body: string;
  /** the top-level comment this one replies to, or null */
  parentId: string | null;
  createdAt: number;
  /** when the author last edited it, or null */
  editedAt: number | null;
  reactionCounts: ReactionCounts;
}

/** reactions/{itemType}_{itemId}_{kind}_{uid} */
export interface Reaction {
  itemId: string;
  itemType: ReactionTarget;
  postId: string;
  tribeId: string;
  kind: ReactionKind;
  uid: string;
  createdAt: number;
}

export const reactionId = (itemType: ReactionTarget, itemId: string, kind: ReactionKind, uid: string) =>
  `${itemType}_${itemId}_${kind}_${uid}`;

// ---------- notifications (inboxes/{uid}.notifications.{id}, docs/conversations-model.md) ----------

export type ConversationNotificationType = 'postComment' | 'commentReply';

/**
 * One notice per comment and receiver, keyed by the comment: `comment_{commentId}` tells a post's
 * author about a comment, `reply_{commentId}` a comment's author about a reply. The rules find the
 * comment from the key, and a second notice for the same comment is an update they refuse.
 */
export const postCommentNotificationId = (commentId: string) => `comment_${commentId}`;
export const commentReplyNotificationId = (commentId: string) => `reply_${commentId}`;
