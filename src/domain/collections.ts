// Every top-level collection of the data model, named once: the features' queries and writes, the
// local access policy and its demo data all use these, and firestore.rules matches the same names.
// The local adapter's own IndexedDB stores (docs, accounts, meta) are not collections.

/** users/{uid}: the public profile and the friends fields others may see. */
export const USERS = 'users';
/** inboxes/{uid}: friend requests, notifications and the request rate window; the owner's only. */
export const INBOXES = 'inboxes';
/** accounts/{uid}: the owner's private account data (the email), readable and writable only by them. */
export const ACCOUNTS = 'accounts';
/** pendingFriendRemovals/{initiatorId}_{targetId}: a removal the other side still has to apply. */
export const PENDING_FRIEND_REMOVALS = 'pendingFriendRemovals';

/** tribes/{tribeId} */
export const TRIBES = 'tribes';
/** tribeNames/{nameKey}: the claim that keeps tribe names unique. */
export const TRIBE_NAMES = 'tribeNames';
/** tribeMembers/{tribeId}_{uid}: a membership, or a join request while pending. */
export const TRIBE_MEMBERS = 'tribeMembers';
/** posts/{postId}, each with its tribeId and authorId. */
export const POSTS = 'posts';

/** comments/{commentId}: one comment under a post (docs/conversations-model.md). */
export const COMMENTS = 'comments';
/** reactions/{itemType}_{itemId}_{kind}_{uid}: one reaction of one person on a post or comment. */
export const REACTIONS = 'reactions';
/** The marks a delete leaves: `{ removedAt: server time }` under the deleted document's id. */
export const REMOVED_POSTS = 'removedPosts';
export const REMOVED_COMMENTS = 'removedComments';

/** projects/{projectId} */
export const PROJECTS = 'projects';
/** projectApplications/{projectId}_{uid} */
export const PROJECT_APPLICATIONS = 'projectApplications';

/** blocks/{blockerId}_{blockedId} */
export const BLOCKS = 'blocks';
/** mutes/{muterId}_{mutedId} */
export const MUTES = 'mutes';
/** reports/{reportId}: read and resolved by moderators. */
export const REPORTS = 'reports';
