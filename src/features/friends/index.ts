// The friends feature's public entry: what other features may use (state, selectors, actions,
// types and operations); its components are in ./components. The rest of the folder is private.
export {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  removeFriend,
  sendFriendRequest,
} from './friendsApi';
// Events other screens dispatch, and the state they start from.
export {
  acceptRequested,
  cancelRequested,
  declineRequested,
  removeRequested,
  sendRequested,
  staleRequestsCleanupRequested,
  removeFriendConfirmationClosed,
  removeFriendConfirmationOpened,
  operationFinished,
  pendingRemovalsStuck,
  sentRequestsCheckRequested,
  staleRequestsCleanedUp,
  staleRequestsCleanupFailed,
  initialFriendsState,
} from './friendsSlice';
// What other screens read.
export {
  selectFriendsList,
  selectFriendsListStatus,
  selectInFlight,
  selectIncomingRequests,
  selectLastOutcome,
  selectRelationship,
  selectSentRequests,
} from './friendsSlice';
export { useRemoveFriendConfirmation } from './useRemoveFriendConfirmation';
