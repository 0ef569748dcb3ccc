// Who is asking and which documents the policy files look up: the caller, the references they
// build (rules: docPath(collection, id)), the `{parentId}_{uid}` ids and a query's equality
// filters. One copy, shared by every *Policy.ts.
import {
  BLOCKS,
  COMMENTS,
  INBOXES,
  POSTS,
  PROJECTS,
  PROJECT_APPLICATIONS,
  REACTIONS,
  REMOVED_COMMENTS,
  REMOVED_POSTS,
  TRIBES,
  TRIBE_MEMBERS,
  USERS,
} from '../../domain/collections';
import type { DocRef, DocValue, QuerySpec } from '../port';

/** The caller's uid; '' when signed out (checkWrite and checkRead refuse the signed-out first). */
export const me = (ctx: { actorUid: string | null }) => ctx.actorUid ?? '';
/** The account's moderator claim (rules: request.auth.token.moderator == true). */
export const isModerator = (ctx: { actorModerator?: boolean }) => ctx.actorModerator === true;

/** Something a DocRef may carry as its id: Firestore's document ids (no slash, at most 1,500 bytes). */
export const isDocId = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= 1500 && !id.includes('/');

export const userRef = (uid: string): DocRef => ({ collection: USERS, id: uid });
export const inboxRef = (uid: string): DocRef => ({ collection: INBOXES, id: uid });
export const tribeRef = (tribeId: string): DocRef => ({ collection: TRIBES, id: tribeId });
export const postRef = (postId: string): DocRef => ({ collection: POSTS, id: postId });
export const commentRef = (commentId: string): DocRef => ({ collection: COMMENTS, id: commentId });
export const reactionRef = (id: string): DocRef => ({ collection: REACTIONS, id });
export const removedPostRef = (postId: string): DocRef => ({ collection: REMOVED_POSTS, id: postId });
export const removedCommentRef = (commentId: string): DocRef => ({ collection: REMOVED_COMMENTS, id: commentId });
export const projectRef = (projectId: string): DocRef => ({ collection: PROJECTS, id: projectId });
/** projectApplications/{projectId}_{uid} */
export const applicationRef = (id: string): DocRef => ({ collection: PROJECT_APPLICATIONS, id });
/** tribeMembers/{tribeId}_{uid} */
export const membershipRef = (tribeId: string, uid: string): DocRef => ({
  collection: TRIBE_MEMBERS,
  id: `${tribeId}_${uid}`,
});
/** blocks/{blockerId}_{blockedId} */
export const blockRef = (blockerId: string, blockedId: string): DocRef => ({
  collection: BLOCKS,
  id: `${blockerId}_${blockedId}`,
});

/**
 * `{parentId}_{uid}` ids (memberships, project requests): the parent document's id and the
 * member's uid, which follows the last underscore (rules: pairParent, pairUid).
 */
export function splitPairId(id: string): { parentId: string; uid: string } | null {
  const separator = id.lastIndexOf('_');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { parentId: id.slice(0, separator), uid: id.slice(separator + 1) };
}

/** The value a query fixes `field` to with an equality filter (what rules see as resource.data.<field>). */
export const fixedBy = (query: QuerySpec, field: string): DocValue | undefined =>
  (query.where ?? []).find((clause) => clause.field === field && clause.op === '==')?.value;
