import { all, call, put, select, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import type { Backend, DocSnapshot, DocumentStore } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { Tribe } from '../../domain/tribeTypes';
import type { DirectoryPerson } from '../explore';
import { DIRECTORY_QUERY, toDirectoryPerson } from '../explore';
import { toUserProfile } from '../profile';
import type { MemberProjects, ProjectListResult } from '../projects';
import { listMemberProjects, listProjects, listTribeMateIds } from '../projects';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import type { ListTribesResult } from '../tribes';
import { listMemberTribes, listTribes } from '../tribes';
import type { DashboardSection } from './dashboardSlice';
import {
  dashboardOpened,
  myProjectsLoaded,
  myTribesLoaded,
  peopleLoaded,
  projectCandidatesLoaded,
  sectionFailed,
  tribeCandidatesLoaded,
} from './dashboardSlice';

const failed = (section: DashboardSection, error: unknown) =>
  sectionFailed({ section, error: toSerializedError(error) });
/** The api functions that answer { success, message } instead of throwing. */
const failedWith = (section: DashboardSection, message: string) =>
  sectionFailed({ section, error: { code: 'unknown', message } });

function* loadMyTribes(db: DocumentStore, uid: string) {
  try {
    const tribes: Tribe[] = yield call(listMemberTribes, db, uid);
    yield put(myTribesLoaded({ tribes }));
  } catch (error) {
    yield put(failed('myTribes', error));
  }
}

function* loadMyProjects(db: DocumentStore, uid: string) {
  try {
    const { projects, pendingRequests }: MemberProjects = yield call(listMemberProjects, db, uid);
    yield put(myProjectsLoaded({ projects, pendingRequests }));
  } catch (error) {
    yield put(failed('myProjects', error));
  }
}

const toDirectory = (snapshots: readonly DocSnapshot[]): DirectoryPerson[] =>
  snapshots.flatMap((snapshot) =>
    snapshot.data ? [toDirectoryPerson(snapshot.ref.id, toUserProfile(snapshot.data))] : [],
  );

/** The same directory explore reads; ranking and reasons are worked out by selectors over the live own profile. */
function* loadPeople(db: DocumentStore) {
  try {
    const snapshots: DocSnapshot[] = yield call([db, db.query], DIRECTORY_QUERY);
    yield put(peopleLoaded({ people: toDirectory(snapshots) }));
  } catch (error) {
    yield put(failed('people', error));
  }
}

function* loadProjectCandidates(db: DocumentStore, uid: string) {
  // listTribeMateIds answers [] when tribes cannot be read: tribe-mates only add points.
  const [result, tribeMateIds]: [ProjectListResult, string[]] = yield all([
    call(listProjects, db),
    call(listTribeMateIds, db, uid),
  ]);
  if (result.success) yield put(projectCandidatesLoaded({ projects: result.projects, tribeMateIds }));
  else yield put(failedWith('projects', result.message));
}

function* loadTribeCandidates(db: DocumentStore) {
  const result: ListTribesResult = yield call(listTribes, db);
  if (result.success) yield put(tribeCandidatesLoaded({ tribes: result.tribes }));
  else yield put(failedWith('tribes', result.message));
}

/** Every panel's reads side by side; each worker reports its own failure, so `all` never aborts the others. */
export function* loadDashboard() {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) return;
  const backend: Backend = yield* getBackend();
  yield all([
    call(loadMyTribes, backend.db, user.uid),
    call(loadMyProjects, backend.db, user.uid),
    call(loadPeople, backend.db),
    call(loadProjectCandidates, backend.db, user.uid),
    call(loadTribeCandidates, backend.db),
  ]);
}

export function* dashboardSaga() {
  // takeLatest: opening the dashboard again (or Retry) replaces a read still running with a fresh one.
  yield takeLatest(dashboardOpened.type, loadDashboard);
}
