// The saga toolkit every feature shares; features import it from here, never another feature's sagas.
export { fail, ok } from '../../domain/result';
export type { OperationResult } from '../../domain/result';
export { callAsUser, ownUid } from './asUser';
export { authStateChanged, selectOwnUid } from './authState';
export type { WithSessionUser } from './authState';
export { isSignOut, resetOnSignOut, untilSignedOut } from './signOut';
export { followChannel, putEach, subscriptionChannel } from './subscription';
export type { Followers, Live, Subscribe } from './subscription';
export { takeEachDistinct } from './takeEachDistinct';
