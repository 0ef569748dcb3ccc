// The safety workers: each answers one event with an operation of safetyApi.ts and an outcome.
// They load with the operations, on first use (safetySagas.ts starts them when their event comes).
import type { EventChannel } from 'redux-saga';
import { all, call, put } from 'redux-saga/effects';

import { getBackend, getClock } from '../../app/sagaContext';
import { fail, followChannel, ownUid, subscriptionChannel } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { Backend, Clock, DocumentStore, QuerySpec } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { ListedPerson, SafetyOperation, SafetyResult } from '../../domain/safetyTypes';
import { reportError } from '../../platform/errorReporting';
import type { signedIn } from '../session';
import * as safety from './safetyApi';
import { blocksQuery, mutesQuery, subscribePages, toListedPeople } from './safetyLists';
import {
  blockedListReceived,
  listsFailed,
  memberRemovalRequested,
  moderationQueueFailed,
  moderationQueueLoaded,
  moderationQueueOpened,
  moderatorClaimChecked,
  mutedListReceived,
  operationFinished,
  postRemovalRequested,
  reportAnswered,
  reportSubmitted,
} from './safetySlice';

const NOT_SIGNED_IN = fail('Missing user ID');

type SafetyApi = typeof safety;

function* finish(operation: SafetyOperation, targetId: string, result: SafetyResult) {
  yield put(operationFinished({ operation, targetId, success: result.success, message: result.message }));
}

// ---------- block, mute and their reverses ----------

type PersonOperation = (
  api: SafetyApi,
  db: DocumentStore,
  uid: string,
  person: ListedPerson,
  clock: Clock,
) => Promise<SafetyResult>;

function personWorker(operation: SafetyOperation, run: PersonOperation) {
  return function* worker(action: { payload: { person: ListedPerson } }) {
    const backend: Backend = yield* getBackend();
    const clock: Clock = yield* getClock();
    const uid: string | null = yield* ownUid();
    const { person } = action.payload;
    const api: SafetyApi = safety;
    const result: SafetyResult = uid ? yield call(run, api, backend.db, uid, person, clock) : NOT_SIGNED_IN;
    yield* finish(operation, person.id, result);
  };
}

export const blockWorker = personWorker('block', (api, db, uid, person, clock) =>
  api.blockPerson(db, uid, person, clock),
);
export const unblockWorker = personWorker('unblock', (api, db, uid, person) => api.unblockPerson(db, uid, person));
export const muteWorker = personWorker('mute', (api, db, uid, person) => api.mutePerson(db, uid, person));
export const unmuteWorker = personWorker('unmute', (api, db, uid, person) => api.unmutePerson(db, uid, person));

// ---------- report ----------

export function* reportWorker(action: ReturnType<typeof reportSubmitted>) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const api: SafetyApi = safety;
  const result: SafetyResult = uid ? yield call(api.submitReport, backend.db, uid, action.payload) : NOT_SIGNED_IN;
  yield put(reportAnswered({ target: action.payload.target, success: result.success, message: result.message }));
}

// ---------- tribe owners ----------

export function* removePostWorker(action: ReturnType<typeof postRemovalRequested>) {
  const backend: Backend = yield* getBackend();
  const api: SafetyApi = safety;
  const result: SafetyResult = yield call(api.removePost, backend.db, action.payload.postId);
  yield* finish('removePost', action.payload.postId, result);
}

export function* removeMemberWorker(action: ReturnType<typeof memberRemovalRequested>) {
  const backend: Backend = yield* getBackend();
  const { tribeId, member } = action.payload;
  const api: SafetyApi = safety;
  const result: SafetyResult = yield call(api.removeMember, backend.db, tribeId, member);
  yield* finish('removeMember', member.id, result);
}

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

function reportWorkerOf(operation: 'dismiss' | 'act', pick: (api: SafetyApi) => SafetyApi['dismissReport']) {
  return function* worker(action: { payload: { reportId: string } }) {
    const backend: Backend = yield* getBackend();
    const uid: string | null = yield* ownUid();
    const { reportId } = action.payload;
    const api: SafetyApi = safety;
    const result: SafetyResult = uid ? yield call(pick(api), backend.db, uid, reportId) : NOT_SIGNED_IN;
    yield* finish(operation, reportId, result);
    // The queue is read once, not live: read it again so the handled report leaves it.
    yield put(moderationQueueOpened());
  };
}

export const dismissWorker = reportWorkerOf('dismiss', (api) => api.dismissReport);
export const actWorker = reportWorkerOf('act', (api) => api.actOnReport);

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
