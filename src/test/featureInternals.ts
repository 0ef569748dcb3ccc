// What a feature's tests use of another feature beyond its public entry: the operations that
// arrange a scene (friends, a tribe with a member and a post, a project with an application) and
// the events and state that stand in for the other feature's screens and sagas (a friends
// operation finishing, a user signing in, accepting an update). The app never uses these across
// features, so the entries (src/features/*/index.ts) leave them out; tests reach them here, like
// the rest of the harness in src/test (test code only, see eslint.config.mjs).
export { acceptFriendRequest, sendFriendRequest } from '../features/friends/friendsApi';
export {
  initialFriendsState,
  operationFinished,
  pendingRemovalsStuck,
  sentRequestsCheckRequested,
  staleRequestsCleanedUp,
  staleRequestsCleanupFailed,
} from '../features/friends/friendsSlice';
export { opened, selectInboxNotifications } from '../features/notifications/notificationsSlice';
export { accountRef } from '../features/profile/profileApi';
export { pendingRequestsToOwnerQuery } from '../features/projects/projectQueries';
export { applyToProject, approveApplication, createProject } from '../features/projects/projectWrites';
export { initialSessionState, signInRequested, signUpRequested } from '../features/session/sessionSlice';
export { createPost, createTribe, joinTribe } from '../features/tribes/tribesApi';
export { updateAccepted } from '../features/updateNotice/updateNoticeSlice';
