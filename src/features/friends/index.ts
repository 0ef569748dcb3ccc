// The friends feature's public entry: what other features may use (state, selectors, actions,
// types and operations); its components are in ./components. The rest of the folder is private.
// Blocking someone ends what ties you (safety).
export { cancelFriendRequest, declineFriendRequest, removeFriend } from './friendsApi';
// Events other screens dispatch (the relationship button on people's cards and profiles).
export { acceptRequested, cancelRequested, declineRequested, removeRequested, sendRequested } from './friendsSlice';
// What other screens read.
export {
  selectInFlight,
  selectIncomingRequests,
  selectLastOutcome,
  selectRelationship,
  selectSentRequests,
} from './friendsSlice';
export { useRemoveFriendConfirmation } from './useRemoveFriendConfirmation';
