// The friends operations over the backend port, written once for both adapters: the one entry
// other features and the sagas import. Every operation answers { success, message } with the
// spec's messages (section 8).
export { MESSAGES } from './friendsDocuments';
export {
  acceptFriendRequest,
  cancelFriendRequest,
  cleanupStaleSentRequests,
  declineFriendRequest,
  sendFriendRequest,
} from './friendRequests';
export type { CleanupResult } from './friendRequests';
export {
  attemptPendingFriendRemoval,
  createPendingFriendRemoval,
  readDisplayName,
  recordFailedRemovalAttempt,
  removeFriend,
} from './friendRemovals';
export type { ProcessedRemovals } from './friendRemovals';
export { getFriends } from './friendsQueries';
export type { FriendsListResult } from './friendsQueries';
