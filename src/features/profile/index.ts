// The profile feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { discardAllUploads } from './pendingUploads';
export { ensureProfile, readOwnProfile, userRef } from './profileApi';
export { ownProfileChannel } from './profileChannel';
export { toFriendEntry, toStoredUserProfile, toUserProfile, withInbox } from './profileMapper';
export { SKILL_VOCABULARY } from './skillVocabulary';
