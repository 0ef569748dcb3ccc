// The profile feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { discardAllUploads } from './pendingUploads';
export { accountRef, ensureProfile, readOwnProfile, readProfile, userRef } from './profileApi';
export { ownProfileChannel, profileDocChannel } from './profileChannel';
export {
  toFriendEntry,
  toIncomingFriendRequest,
  toSentFriendRequest,
  toStoredUserProfile,
  toUserProfile,
  withInbox,
} from './profileMapper';
export { SKILL_VOCABULARY } from './skillVocabulary';
