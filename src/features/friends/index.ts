// The friends feature's public entry: what other features may use (state, selectors, actions,
// types and operations); its components are in ./components. The rest of the folder is private.
export {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  removeFriend,
  sendFriendRequest,
} from './friendsApi';
export {
  acceptRequested,
  cancelRequested,
  declineRequested,
  initialFriendsState,
  operationFinished,
  pendingRemovalsStuck,
  removeFriendConfirmationClosed,
  removeFriendConfirmationOpened,
  removeRequested,
  selectFriendsList,
  selectFriendsListStatus,
  selectInFlight,
  selectIncomingRequests,
  selectLastOutcome,
  selectRelationship,
  selectSentRequests,
  sendRequested,
  staleRequestsCleanupRequested,
} from './friendsSlice';
export { useRemoveFriendConfirmation } from './useRemoveFriendConfirmation';
