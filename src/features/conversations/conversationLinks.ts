// Links into a post's conversation, for the bell and the moderation queue (no components here, so
// using them loads none).

/** The search parameter that opens a post's thread on its tribe's page. */
export const POST_PARAM = 'post';

/** `/tribes/{tribeId}?post={postId}`: the tribe's page with the post's thread open, scrolled to it. */
export const postConversationPath = (tribeId: string, postId: string) =>
  `/tribes/${encodeURIComponent(tribeId)}?${POST_PARAM}=${encodeURIComponent(postId)}`;
