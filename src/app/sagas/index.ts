// The saga toolkit every feature shares; features import it from here, never another feature's sagas.
//
// - authState: the session event and selector the toolkit needs, defined below the features.
// - asUser: callAsUser / ownUid, operations as the signed-in user.
// - signOut: untilSignedOut (a saga stops at sign-out), resetOnSignOut (a slice forgets).
// - subscription: a backend subscription as a channel (subscriptionChannel), followed until the
//   saga ends (followChannel), which closes it in finally.
// - takeEachDistinct: per-key queues over one or several action creators; a double click dropped,
//   any other request run after the one before it.
// - operation + operationState: one operation lifecycle, request -> in flight -> worker ->
//   finished with an outcome message; takeOperations, operationWorker and the slice's
//   operationReducers, with one in-flight/outcome shape.
// - submissionState: a create form's last submission (status, message, field errors), its slice half.
// - whileOpen: a page's subscriptions and loads, from its opened action until its closed one.
export { fail, ok } from '../../domain/result';
export type { OperationResult } from '../../domain/result';
export { callAsUser, ownUid } from './asUser';
export { authStateChanged } from './authState';
export { answer, operationWorker, takeOperations } from './operation';
export type { OperationLifecycle } from './operation';
export { isPending, operationReducers, pendingSubjects } from './operationState';
export type { FinishedOperation, InFlight, OperationOutcome, OperationRequest } from './operationState';
export { resetOnSignOut, untilSignedOut } from './signOut';
export { submissionFailed, submissionPending, submissionSucceeded } from './submissionState';
export type { SubmissionState } from './submissionState';
export { followChannel, putEach, subscriptionChannel } from './subscription';
export type { Live } from './subscription';
export { takeEachDistinct } from './takeEachDistinct';
export { whileOpen } from './whileOpen';
