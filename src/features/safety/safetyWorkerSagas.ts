// The safety workers: each answers one event with an operation of safetyApi.ts and an outcome.
// They load with the operations, on first use (safetySagas.ts starts them when their event comes).
import type { EventChannel } from 'redux-saga';
import { all, call, put } from 'redux-saga/effects';

import { getBackend, getClock } from '../../app/sagaContext';
import { fail, followChannel, operationWorker, ownUid, subscriptionChannel } from '../../app/sagas';
import type { Live, OperationLifecycle } from '../../app/sagas';
import type { Backend, Clock, DocumentStore, QuerySpec } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { ListedPerson, SafetyResult } from '../../domain/safetyTypes';
import { reportError } from '../../platform/errorReporting';
import type { signedIn } from '../session';
import * as safety from './safetyApi';
import { blocksQuery, mutesQuery, subscribePages, toListedPeople } from './safetyLists';
import {
  blockedListReceived,
  listsFailed,
  moderationQueueFailed,
  moderationQueueLoaded,
  moderationQueueOpened,
  moderatorClaimChecked,
  mutedListReceived,
  operationFinished,
  reportAnswered,
} from './safetySlice';
import type {
  blockRequested,
  memberRemovalRequested,
  muteRequested,
  postRemovalRequested,
  reportActionRequested,
  reportDismissRequested,
  reportSubmitted,
  unblockRequested,
  unmuteRequested,
} from './safetySlice';
import type { SafetyOutcomeOperation, SafetySubject } from './safetySlice';

const NOT_SIGNED_IN = fail('Missing user ID');

/** Each operation but a report ends in operationFinished: the page that asked shows its message. */
const lifecycle: OperationLifecycle<SafetyOutcomeOperation, SafetySubject> = {
  finished: operationFinished,
  signedOut: NOT_SIGNED_IN,
};

type SafetyApi = typeof safety;

// ---------- block, mute and their reverses ----------

type PersonOperation = (
  api: SafetyApi,
  db: DocumentStore,
  uid: string,
  person: ListedPerson,
  clock: Clock,
) => Promise<SafetyResult>;

type PersonRequest = ReturnType<
  typeof blockRequested | typeof unblockRequested | typeof muteRequested | typeof unmuteRequested
>;

function personWorker(run: PersonOperation) {
  return operationWorker(lifecycle, function* onPerson(action: PersonRequest) {
    const backend: Backend = yield* getBackend();
    const clock: Clock = yield* getClock();
    const uid: string | null = yield* ownUid();
    if (!uid) return null;
    const api: SafetyApi = safety;
    const result: SafetyResult = yield call(run, api, backend.db, uid, action.payload.person, clock);
    return result;
  });
}

export const blockWorker = personWorker((api, db, uid, person, clock) => api.blockPerson(db, uid, person, clock));
export const unblockWorker = personWorker((api, db, uid, person) => api.unblockPerson(db, uid, person));
export const muteWorker = personWorker((api, db, uid, person) => api.mutePerson(db, uid, person));
export const unmuteWorker = personWorker((api, db, uid, person) => api.unmutePerson(db, uid, person));

// ---------- report ----------

export function* reportWorker(action: ReturnType<typeof reportSubmitted>) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const api: SafetyApi = safety;
  const result: SafetyResult = uid ? yield call(api.submitReport, backend.db, uid, action.payload) : NOT_SIGNED_IN;
  yield put(reportAnswered({ target: action.payload.target, success: result.success, message: result.message }));
}

// ---------- tribe owners ----------

export const removePostWorker = operationWorker(
  lifecycle,
  function* removePost(action: ReturnType<typeof postRemovalRequested>) {
    const backend: Backend = yield* getBackend();
    const api: SafetyApi = safety;
    const result: SafetyResult = yield call(api.removePost, backend.db, action.payload.postId);
    return result;
  },
);

export const removeMemberWorker = operationWorker(
  lifecycle,
  function* removeMember(action: ReturnType<typeof memberRemovalRequested>) {
    const backend: Backend = yield* getBackend();
    const { tribeId, member } = action.payload;
    const api: SafetyApi = safety;
    const result: SafetyResult = yield call(api.removeMember, backend.db, tribeId, member);
    return result;
  },
);

// ---------- moderators ----------

export function* loadModerationQueue() {
  const backend: Backend = yield* getBackend();
  try {
    const api: SafetyApi = safety;
    const items: Awaited<ReturnType<SafetyApi['listModerationQueue']>> = yield call(
      api.listModerationQueue,
      backend.db,
    );
    yield put(moderationQueueLoaded({ items }));
  } catch (error) {
    yield put(moderationQueueFailed({ message: toSerializedError(error).message }));
  }
}

type ReportRequest = ReturnType<typeof reportDismissRequested | typeof reportActionRequested>;

function reportWorkerOf(pick: (api: SafetyApi) => SafetyApi['dismissReport']) {
  const handle = operationWorker(lifecycle, function* handleReport(action: ReportRequest) {
    const backend: Backend = yield* getBackend();
    const uid: string | null = yield* ownUid();
    if (!uid) return null;
    const api: SafetyApi = safety;
    const result: SafetyResult = yield call(pick(api), backend.db, uid, action.payload.reportId);
    return result;
  });
  return function* worker(action: ReportRequest) {
    yield call(handle, action);
    // The queue is read once, not live: read it again so the handled report leaves it.
    yield put(moderationQueueOpened());
  };
}

export const dismissWorker = reportWorkerOf((api) => api.dismissReport);
export const actWorker = reportWorkerOf((api) => api.actOnReport);

// ---------- after sign-in: the claim and the live lists ----------

/** The viewer's blocks or mutes, live; only the newest snapshot matters. */
export function listChannel(
  db: DocumentStore,
  pageQuery: (after: string | undefined) => QuerySpec,
  idField: 'blockedId' | 'mutedId',
): EventChannel<Live<ListedPerson[]>> {
  return subscriptionChannel<ListedPerson[]>((onValue, onError) =>
    subscribePages(db, pageQuery, idField, (snapshots) => onValue(toListedPeople(snapshots, idField)), onError),
  );
}

function* watchList(uid: string, kind: 'blocks' | 'mutes') {
  const backend: Backend = yield* getBackend();
  const chan: EventChannel<Live<ListedPerson[]>> = yield call(
    listChannel,
    backend.db,
    (after: string | undefined) => (kind === 'blocks' ? blocksQuery(uid, after) : mutesQuery(uid, after)),
    kind === 'blocks' ? 'blockedId' : 'mutedId',
  );
  yield* followChannel(chan, {
    *value(people) {
      yield put(kind === 'blocks' ? blockedListReceived({ people }) : mutedListReceived({ people }));
    },
    *error(error) {
      yield call(reportError, error.message, { description: `Your ${kind} could not be loaded:` });
      yield put(listsFailed({ message: error.message }));
    },
  });
}

export function* checkModeratorClaim() {
  const backend: Backend = yield* getBackend();
  try {
    const isModerator: boolean = yield call([backend.auth, backend.auth.isModerator]);
    yield put(moderatorClaimChecked({ isModerator }));
  } catch (error) {
    yield call(reportError, error, { description: 'Checking the moderator claim failed:' });
    yield put(moderatorClaimChecked({ isModerator: false }));
  }
}

export function* afterSignIn(action: ReturnType<typeof signedIn>) {
  const { uid } = action.payload;
  yield all([call(checkModeratorClaim), call(watchList, uid, 'blocks'), call(watchList, uid, 'mutes')]);
}
