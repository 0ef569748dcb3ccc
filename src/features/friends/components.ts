// The friends feature's public components, for other features' screens.
export { StuckRemovalsNotice } from './StuckRemovalsNotice';
export { FriendsOutcomeRegion, IncomingRequestsPanel, SentRequestsPanel } from './FriendRequestsPanels';
export { FriendsPanel } from './FriendsPanel';
