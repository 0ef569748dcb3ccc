import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { throwError } from 'redux-saga-test-plan/providers';

import type { LoadedState } from '../../app/rootReducer';
import type { DocSnapshot } from '../../backend/port';
import { BackendError } from '../../backend/port';
import { rootReducer } from '../../test/allFeatures';
import { testProject, testTribe } from '../../test/fixtures';
import { FAKE_DB, sagaContext } from '../../test/sagaProviders';
import { signedInRootState } from '../../test/signedInState';
import { DIRECTORY_QUERY } from '../explore';
import { listMemberProjects, listProjects, listTribeMateIds } from '../projects';
import { listMemberTribes, listTribes } from '../tribes';
import { dashboardSaga, loadDashboard } from './dashboardSagas';
import { initialDashboardState } from './dashboardSlice';
import * as dashboardEvents from './dashboardSlice';

const db = FAKE_DB;
const context = sagaContext();

const signedInState = (): LoadedState =>
  signedInRootState({ uid: 'ann', email: null, displayName: 'Ann' }, { skills: ['Rust'] });

const tribe = testTribe();
const project = testProject({ id: 'ann', displayName: 'Ann', skills: ['Rust'] }, { requiredSkills: ['Rust'] });
const bobDoc: DocSnapshot = { ref: { collection: 'users', id: 'bob' }, data: { displayName: 'Bob', skills: ['Rust'] } };

const everyRead: StaticProvider[] = [
  [matchers.call.fn(listMemberTribes), [tribe]],
  [matchers.call.fn(listMemberProjects), { projects: [project], pendingRequests: { p1: 2 } }],
  [matchers.call([db, db.query], DIRECTORY_QUERY), [bobDoc]],
  [matchers.call.fn(listProjects), { success: true, message: '1 projects', projects: [project] }],
  [matchers.call.fn(listTribeMateIds), ['bob']],
  [matchers.call.fn(listTribes), { success: true, message: '', tribes: [tribe] }],
];

describe('dashboard sagas', () => {
  it('reads every panel for the signed-in user and keeps what it read', async () => {
    const { storeState } = await expectSaga(dashboardSaga)
      .withReducer(rootReducer, signedInState())
      .provide([...context, ...everyRead])
      .dispatch(dashboardEvents.dashboardOpened())
      .call(listMemberTribes, db, 'ann')
      .call(listMemberProjects, db, 'ann')
      .call(listTribeMateIds, db, 'ann')
      .put(dashboardEvents.myTribesLoaded({ tribes: [tribe] }))
      .put(dashboardEvents.myProjectsLoaded({ projects: [project], pendingRequests: { p1: 2 } }))
      .put(dashboardEvents.projectCandidatesLoaded({ projects: [project], tribeMateIds: ['bob'] }))
      .put(dashboardEvents.tribeCandidatesLoaded({ tribes: [tribe] }))
      .silentRun(50);
    const dashboard = (storeState as LoadedState).dashboard;
    expect(Object.values(dashboard.sections).map((section) => section.status)).toEqual([
      'ready',
      'ready',
      'ready',
      'ready',
      'ready',
    ]);
    expect(dashboard.people).toEqual([expect.objectContaining({ id: 'bob', displayName: 'Bob', skills: ['Rust'] })]);
  });

  it('a failing read fails only its own panel', async () => {
    const denied = new BackendError('permission-denied', 'Missing or insufficient permissions.');
    const { storeState } = await expectSaga(loadDashboard)
      .withReducer(rootReducer, signedInState())
      .provide([
        ...context,
        [matchers.call.fn(listMemberTribes), throwError(denied)],
        [matchers.call.fn(listTribes), { success: false, message: 'Something went wrong: offline' }],
        ...everyRead,
      ])
      .put(
        dashboardEvents.sectionFailed({
          section: 'myTribes',
          error: { code: 'permission-denied', message: 'Missing or insufficient permissions.' },
        }),
      )
      .put(
        dashboardEvents.sectionFailed({
          section: 'tribes',
          error: { code: 'unknown', message: 'Something went wrong: offline' },
        }),
      )
      .put(dashboardEvents.myProjectsLoaded({ projects: [project], pendingRequests: { p1: 2 } }))
      .put.like({ action: { type: dashboardEvents.peopleLoaded.type } })
      .run();
    const { sections } = (storeState as LoadedState).dashboard;
    expect(sections.myTribes.status).toBe('failed');
    expect(sections.tribes.status).toBe('failed');
    expect(sections.myProjects.status).toBe('ready');
    expect(sections.people.status).toBe('ready');
  });

  it('reads nothing when nobody is signed in', async () => {
    const signedOut = rootReducer(undefined, { type: '@@INIT' });
    await expectSaga(loadDashboard)
      .withReducer(rootReducer, signedOut)
      .provide([...context, ...everyRead])
      .not.call.fn(listMemberTribes)
      .not.call.fn(listProjects)
      .hasFinalState(signedOut)
      .run();
    expect(signedOut.dashboard).toEqual(initialDashboardState);
  });
});
