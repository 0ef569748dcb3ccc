// Comments and reactions as stored (docs/conversations-model.md): their document references, the
// app's reading of each document (a malformed one is left out), and the queries a thread and my
// reactions are read with.

import { docRef } from '../../backend/port';
import type { DocData, DocumentStore, QuerySpec } from '../../backend/port';
import { safeCount, safeId, safeName, safePhotoURL, safeText, safeTimeMs, asRecord } from '../../domain/coerce';
import { CONVERSATION_MESSAGES, conversationFailedMessage } from '../../domain/conversationMessages';
import type { PostComment, Reaction, ReactionCounts, ReactionItem, ReactionKind } from '../../domain/conversationTypes';
import {
  COMMENT_BODY_MAX,
  COMMENTS,
  COMMENTS_PAGE_SIZE,
  isReactionKind,
  REACTION_KINDS,
  reactionId,
  REACTIONS,
  REMOVED_COMMENTS,
} from '../../domain/conversationTypes';
import { DEFAULT_DISPLAY_NAME, DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import type { OperationResult } from '../../domain/result';
import { fail } from '../../domain/result';
import { codeOf, detail } from './conversationRefusal';

export const commentRef = (commentId: string) => docRef(COMMENTS, commentId);
export const reactionRef = (item: Pick<ReactionItem, 'type' | 'id'>, kind: ReactionKind, uid: string) =>
  docRef(REACTIONS, reactionId(item.type, item.id, kind, uid));
/** What a comment's delete leaves, so its id is never used again (docs/conversations-model.md). */
export const removedCommentRef = (commentId: string) => docRef(REMOVED_COMMENTS, commentId);

/** The most of my reactions one live query reads (the rules' list limit): the post's and its comments'. */
const MY_REACTIONS_LIMIT = 50;

// ---------- reading stored documents ----------

/** Counts above zero only, for the six kinds; anything else is left out. */
function toReactionCounts(value: unknown): ReactionCounts {
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
