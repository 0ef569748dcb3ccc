// The session feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export {
  default as sessionReducer,
  authCheckFailed,
  authStateChanged,
  profileRefreshRequested,
  profileRefreshed,
  profileSnapshotReceived,
  selectIsSignedIn,
  selectOwnProfile,
  selectSessionUser,
  signOutRequested,
  signedIn,
} from './sessionSlice';
export type { SessionState } from './sessionSlice';
export type { SessionUser } from '../../domain/sessionTypes';
