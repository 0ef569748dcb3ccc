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
export type { CleanupResult, SendResult } from './friendRequests';
export {
  attemptPendingFriendRemoval,
  createPendingFriendRemoval,
  listPendingFriendRemovals,
  pendingRemovalRef,
  readDisplayName,
  recordFailedRemovalAttempt,
  removeFriend,
} from './friendRemovals';
export type { PendingRemoval, PendingRemovalResult, ProcessedRemovals, StuckRemoval } from './friendRemovals';
export { getFriends } from './friendsQueries';
export type { FriendsListResult } from './friendsQueries';
