import type { Action } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { all, call, fork, put, race, take, takeLatest } from 'redux-saga/effects';

import { getBackend, getClock } from '../../app/sagaContext';
import { untilSignedOut } from '../../app/sagas';
import { callAsUser, fail, followChannel, ownUid, subscriptionChannel, takeEachDistinct } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { Backend, Clock, DocumentStore } from '../../backend/port';
import type { Project, ProjectApplication, ProjectOperationResult } from '../../domain/projectTypes';
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
import type { OperationOutcome } from './projectsSlice';
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
  const isClosed = (candidate: Action) => detailsClosed.match(candidate) && candidate.payload.projectId === projectId;
  // Leaving the page cancels the watches; their finally blocks close the subscriptions.
  yield race({ watch: call(watchProject, projectId), closed: take(isClosed) });
}

// ---------- requests to join ----------

function* finish(outcome: Omit<OperationOutcome, 'success' | 'message'>, result: ProjectOperationResult) {
  yield put(operationFinished({ ...outcome, success: result.success, message: result.message }));
}

const SIGNED_OUT = fail(PROJECT_MESSAGES.signedOut);

export function* joinWorker(action: ReturnType<typeof joinRequested>) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const { projectId, note } = action.payload;
  const result: ProjectOperationResult = uid
    ? yield call(applyToProject, backend.db, uid, projectId, note)
    : SIGNED_OUT;
  yield* finish({ operation: 'apply', projectId, applicantId: uid }, result);
}

export function* withdrawWorker(action: ReturnType<typeof withdrawRequested>) {
  const backend: Backend = yield* getBackend();
  const uid: string | null = yield* ownUid();
  const { projectId } = action.payload;
  const result: ProjectOperationResult = uid ? yield call(withdrawApplication, backend.db, uid, projectId) : SIGNED_OUT;
  yield* finish({ operation: 'withdraw', projectId, applicantId: uid }, result);
}

export function* approveWorker(action: ReturnType<typeof approveRequested>) {
  const clock: Clock = yield* getClock();
  const { projectId, applicantId } = action.payload;
  const result: ProjectOperationResult =
    (yield* callAsUser(approveApplication, projectId, applicantId, clock)) ?? SIGNED_OUT;
  yield* finish({ operation: 'approve', projectId, applicantId }, result);
}

export function* declineWorker(action: ReturnType<typeof declineRequested>) {
  const clock: Clock = yield* getClock();
  const { projectId, applicantId } = action.payload;
  const result: ProjectOperationResult =
    (yield* callAsUser(declineApplication, projectId, applicantId, clock)) ?? SIGNED_OUT;
  yield* finish({ operation: 'decline', projectId, applicantId }, result);
}

const answerKey = (action: ReturnType<typeof approveRequested> | ReturnType<typeof declineRequested>) =>
  `${action.payload.projectId}_${action.payload.applicantId}`;

const projectKey = (action: ReturnType<typeof joinRequested> | ReturnType<typeof withdrawRequested>) =>
  action.payload.projectId;

export function* projectsSaga() {
  // takeLatest: only the newest list read matters (Retry, or a refresh after creating one).
  yield takeLatest(listOpened.type, untilSignedOut(loadProjects));
  // A double-clicked Create must not create two projects; a changed draft submitted meanwhile waits its turn.
  yield takeEachDistinct(createSubmitted.type, createWorker);
  // takeLatest: opening another project cancels the previous one's live subscriptions.
  yield takeLatest(detailsOpened.type, followDetails);
  // One request of one's own per project at a time, in order; a double click must not send two.
  yield takeEachDistinct(joinRequested.type, joinWorker, projectKey);
  yield takeEachDistinct(withdrawRequested.type, withdrawWorker, projectKey);
  // Per request: a double click answers once, other applicants are not held up.
  yield takeEachDistinct(approveRequested.type, approveWorker, answerKey);
  yield takeEachDistinct(declineRequested.type, declineWorker, answerKey);
}
