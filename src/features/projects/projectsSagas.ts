import type { EventChannel } from 'redux-saga';
import { all, call, fork, put, takeLatest } from 'redux-saga/effects';

import { getBackend, getClock } from '../../app/sagaContext';
import {
  answer,
  callAsUser,
  fail,
  followChannel,
  operationWorker,
  ownUid,
  subscriptionChannel,
  takeEachDistinct,
  takeOperations,
  untilSignedOut,
  whileOpen,
} from '../../app/sagas';
import type { Live, OperationLifecycle } from '../../app/sagas';
import type { Backend, Clock, DocumentStore } from '../../backend/port';
import type { Project, ProjectApplication, ProjectOperation, ProjectOperationResult } from '../../domain/projectTypes';
import { reportError } from '../../platform/errorReporting';
import { applicationsQuery, listProjects, listTribeMateIds } from './projectQueries';
import type { ProjectListResult } from './projectQueries';
import { applicationRef, PROJECT_MESSAGES, projectRef, toApplication, toProject } from './projectRecords';
import {
  applicationsReceived,
  approveRequested,
  createFailed,
  createSubmitted,
  declineRequested,
  detailsClosed,
  detailsFailed,
  detailsOpened,
  joinRequested,
  listFailed,
  listLoaded,
  listOpened,
  operationFinished,
  ownApplicationReceived,
  projectCreated,
  projectNotFound,
  projectReceived,
  tribeMatesLoaded,
  withdrawRequested,
} from './projectsSlice';
import type { ProjectSubject } from './projectsSlice';
import {
  applyToProject,
  approveApplication,
  createProject,
  declineApplication,
  withdrawApplication,
} from './projectWrites';
import type { CreateProjectResult } from './projectWrites';

// ---------- the list ----------

export function* loadProjects() {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const [result, tribeMateIds]: [ProjectListResult, string[]] = yield all([
    call(listProjects, backend.db),
    uid ? call(listTribeMateIds, backend.db, uid) : [],
  ]);
  yield put(tribeMatesLoaded({ tribeMateIds }));
  if (result.success) yield put(listLoaded({ projects: result.projects }));
  else yield put(listFailed({ code: 'unknown', message: result.message }));
}

export function* createWorker(action: ReturnType<typeof createSubmitted>) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const result: CreateProjectResult = yield call(createProject, backend.db, uid ?? '', action.payload);
  if (result.success && result.projectId) {
    yield put(projectCreated({ projectId: result.projectId, message: result.message }));
    // The new project joins the ranked list.
    yield put(listOpened());
  } else {
    yield put(createFailed({ message: result.message, fieldErrors: result.fieldErrors ?? {} }));
  }
}

// ---------- the details page: the project and its requests, live ----------

export function projectChannel(db: DocumentStore, projectId: string): EventChannel<Live<Project | null>> {
  return subscriptionChannel<Project | null>((onValue, onError) =>
    db.subscribeDoc(
      projectRef(projectId),
      (snapshot) => onValue(snapshot.data ? toProject(projectId, snapshot.data) : null),
      onError,
    ),
  );
}

/** The owner follows every request to the project; anyone else follows their own request. */
export function applicationsChannel(
  db: DocumentStore,
  projectId: string,
  uid: string,
  isOwner: boolean,
): EventChannel<Live<ProjectApplication[]>> {
  const toList = (snapshots: { ref: { id: string }; data: Parameters<typeof toApplication>[1] | null }[]) =>
    snapshots.flatMap((s) => {
      const application = s.data ? toApplication(s.ref.id, s.data) : null;
      return application ? [application] : [];
    });
  return subscriptionChannel<ProjectApplication[]>((onValue, onError) =>
    isOwner
      ? db.subscribeQuery(applicationsQuery(projectId, uid), (snapshots) => onValue(toList(snapshots)), onError)
      : db.subscribeDoc(applicationRef(projectId, uid), (snapshot) => onValue(toList([snapshot])), onError),
  );
}

export function* watchApplications(projectId: string, uid: string, isOwner: boolean) {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<Live<ProjectApplication[]>> = yield call(
    applicationsChannel,
    backend.db,
    projectId,
    uid,
    isOwner,
  );
  yield* followChannel(channel, {
    *value(applications) {
      if (isOwner) yield put(applicationsReceived({ projectId, applications }));
      else yield put(ownApplicationReceived({ projectId, application: applications[0] ?? null }));
    },
    *error(error) {
      yield call(reportError, error.message, { description: 'Live project requests stopped:' });
    },
  });
}

/** Follows the project; (re)starts the requests watch whenever who owns it is first known. */
export function* watchProject(projectId: string) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const channel: EventChannel<Live<Project | null>> = yield call(projectChannel, backend.db, projectId);
  let requestsWatchStarted = false;
  yield* followChannel(channel, {
    *value(project) {
      if (!project) {
        yield put(projectNotFound({ projectId }));
        return;
      }
      yield put(projectReceived({ project }));
      if (!requestsWatchStarted && uid) {
        requestsWatchStarted = true;
        // fork: the requests watch lives and is cancelled with this one.
        yield fork(watchApplications, projectId, uid, project.ownerId === uid);
      }
    },
    *error(error) {
      yield put(detailsFailed({ projectId, error }));
    },
  });
}

function* followDetails(action: ReturnType<typeof detailsOpened>) {
  const { projectId } = action.payload;
  yield* whileOpen(detailsClosed, call(watchProject, projectId), (closed) => closed.payload.projectId === projectId);
}

// ---------- requests to join ----------

/** Each operation ends in operationFinished: the details page shows its message. */
const lifecycle: OperationLifecycle<ProjectOperation, ProjectSubject> = {
  finished: operationFinished,
  signedOut: fail(PROJECT_MESSAGES.signedOut),
};

export const joinWorker = operationWorker(lifecycle, function* apply(action: ReturnType<typeof joinRequested>) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  if (!uid) return null;
  const { projectId, note } = action.payload;
  const result: ProjectOperationResult = yield call(applyToProject, backend.db, uid, projectId, note);
  return result;
});

export const withdrawWorker = operationWorker(
  lifecycle,
  function* withdraw(action: ReturnType<typeof withdrawRequested>) {
    const backend: Backend = yield* getBackend();
    const uid: string | null = yield* ownUid();
    if (!uid) return null;
    const result: ProjectOperationResult = yield call(withdrawApplication, backend.db, uid, action.payload.projectId);
    return result;
  },
);

export const approveWorker = operationWorker(lifecycle, function* approve(action: ReturnType<typeof approveRequested>) {
  const clock: Clock = yield* getClock();
  const { projectId, applicantId } = action.payload;
  return yield* callAsUser(approveApplication, projectId, applicantId, clock);
});

export const declineWorker = operationWorker(lifecycle, function* decline(action: ReturnType<typeof declineRequested>) {
  const clock: Clock = yield* getClock();
  const { projectId, applicantId } = action.payload;
  return yield* callAsUser(declineApplication, projectId, applicantId, clock);
});

export function* projectsSaga() {
  // takeLatest: only the newest list read matters (Retry, or a refresh after creating one).
  yield takeLatest(listOpened.type, untilSignedOut(loadProjects));
  // A double-clicked Create must not create two projects; a changed draft submitted meanwhile waits its turn.
  yield takeEachDistinct(createSubmitted, createWorker);
  // takeLatest: opening another project cancels the previous one's live subscriptions.
  yield takeLatest(detailsOpened.type, followDetails);
  // The operations, queued by the slice's operationKey; an identical repeat (a double click) is
  // dropped. One's own request to a project: apply and withdraw one at a time, in the order asked
  // (a withdraw right after an apply waits for it). The owner's answer to one applicant: approve
  // and decline once each, in order; other applicants and other projects are not held up.
  yield takeOperations(
    answer(joinRequested, joinWorker),
    answer(withdrawRequested, withdrawWorker),
    answer(approveRequested, approveWorker),
    answer(declineRequested, declineWorker),
  );
}
