import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { EffectProviders } from 'redux-saga-test-plan/providers';

import type { LoadedState } from '../../app/rootReducer';
import { rootReducer } from '../../test/allFeatures';
import { projectDraft } from '../../test/fixtures';
import { FAKE_DB, SAGA_CLOCK, sagaContext } from '../../test/sagaProviders';
import type { TestStore } from '../../test/setupTestStore';
import { signedInRootState } from '../../test/signedInState';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { listProjects, listTribeMateIds } from './projectQueries';
import { PROJECT_MESSAGES } from './projectRecords';
import { projectsSaga } from './projectsSagas';
import {
  approveRequested,
  createFailed,
  createSubmitted,
  detailsOpened,
  joinRequested,
  listLoaded,
  listOpened,
  operationFinished,
  projectCreated,
  tribeMatesLoaded,
  withdrawRequested,
} from './projectsSlice';
import { applyToProject, approveApplication, createProject, withdrawApplication } from './projectWrites';

const db = FAKE_DB;
const clock = SAGA_CLOCK;
const context = sagaContext();

const signedInState = (): LoadedState =>
  signedInRootState({ uid: 'bob', email: 'bob@example.test', displayName: 'Bob' });

const draft = projectDraft();

describe('projects sagas (providers)', () => {
  it('create: a created project is announced and the list is read again', async () => {
    const result = await expectSaga(projectsSaga)
      .withReducer(rootReducer, signedInState())
      .provide([
        ...context,
        [matchers.call.fn(createProject), { success: true, message: 'Project created', projectId: 'p1' }],
        [matchers.call.fn(listProjects), { success: true, message: '0 projects', projects: [] }],
        [matchers.call.fn(listTribeMateIds), ['carol']],
      ])
      .dispatch(createSubmitted(draft))
      .call(createProject, db, 'bob', draft)
      .put(projectCreated({ projectId: 'p1', message: 'Project created' }))
      .put(listOpened())
      .put(tribeMatesLoaded({ tribeMateIds: ['carol'] }))
      .put(listLoaded({ projects: [] }))
      .silentRun(50);
    expect(result.storeState.projects.create).toEqual({
      status: 'succeeded',
      message: 'Project created',
      fieldErrors: {},
      projectId: 'p1',
    });
  });

  it('create: field errors reach the form', async () => {
    const fieldErrors = { title: 'Title must be 3-80 characters.' };
    await expectSaga(projectsSaga)
      .withReducer(rootReducer, signedInState())
      .provide([
        ...context,
        [matchers.call.fn(createProject), { success: false, message: PROJECT_MESSAGES.fixFields, fieldErrors }],
      ])
      .dispatch(createSubmitted({ ...draft, title: 'x' }))
      .put(createFailed({ message: PROJECT_MESSAGES.fixFields, fieldErrors }))
      .hasFinalState({
        ...signedInState(),
        projects: {
          ...signedInState().projects,
          create: { status: 'failed', message: PROJECT_MESSAGES.fixFields, fieldErrors, projectId: null },
        },
      })
      .silentRun(50);
  });

  it("one's own request, one queue: a withdraw asked while the apply runs waits for it", async () => {
    const calls: string[] = [];
    const slow: EffectProviders = {
      call(effect, next) {
        if (effect.fn === applyToProject) {
          calls.push(`apply ${effect.args[2] as string}`);
          return new Promise((resolve) =>
            setTimeout(() => {
              calls.push(`applied ${effect.args[2] as string}`);
              resolve({ success: true, message: 'Request sent' });
            }, 50),
          );
        }
        if (effect.fn === withdrawApplication) {
          calls.push(`withdraw ${effect.args[2] as string}`);
          return { success: true, message: 'Request withdrawn' };
        }
        return next();
      },
    };
    const { storeState } = await expectSaga(projectsSaga)
      .withReducer(rootReducer, signedInState())
      .provide([...context, slow] as never)
      .dispatch(joinRequested({ projectId: 'p1', note: '' }))
      .dispatch(withdrawRequested({ projectId: 'p1' }))
      .dispatch(withdrawRequested({ projectId: 'p2' }))
      .put(
        operationFinished({
          operation: 'withdraw',
          projectId: 'p1',
          applicantId: null,
          success: true,
          message: 'Request withdrawn',
        }),
      )
      .silentRun(300);
    expect(calls).toEqual(['apply p1', 'withdraw p2', 'applied p1', 'withdraw p1']);
    expect((storeState as LoadedState).projects.inFlight).toEqual({});
  });

  it('approve: the outcome carries the applicant, for the button that asked', async () => {
    await expectSaga(projectsSaga)
      .withState(signedInState())
      .provide([
        ...context,
        [matchers.call.fn(approveApplication), { success: false, message: 'This request was withdrawn' }],
      ])
      .dispatch(approveRequested({ projectId: 'p1', applicantId: 'carol' }))
      .call(approveApplication, db, 'bob', 'p1', 'carol', clock)
      .put(
        operationFinished({
          operation: 'approve',
          projectId: 'p1',
          applicantId: 'carol',
          success: false,
          message: 'This request was withdrawn',
        }),
      )
      .silentRun(50);
  });
});

describe('projects end to end over the real store and the local adapter', () => {
  let t: TwoUsers;
  let alice: TestStore;
  let bob: TestStore;

  beforeEach(async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    t = await setupTwoUsers();
    await t.adminWrite('users', t.bob.uid, { skills: ['React', 'Go'] });
    alice = await t.storeFor(t.alice);
    bob = await t.storeFor(t.bob);
    await bob.waitFor((s) => s.session.status === 'signedIn' && s.session.user?.profile.skills.length === 2);
  });

  afterEach(async () => {
    await t.close();
  });

  it('create, rank, request, approve: both sides see the new member live, and the applicant is notified', async () => {
    alice.store.dispatch(createSubmitted({ ...draft, requiredSkills: ['React', 'Docker'] }));
    const created = await alice.waitFor((s) => s.projects.create.status === 'succeeded');
    const projectId = created.projects.create.projectId!;

    bob.store.dispatch(listOpened());
    const listed = await bob.waitFor(
      (s) => s.projects.list.status === 'ready' && s.projects.list.projects.length === 1,
    );
    expect(listed.projects.list.projects[0]?.title).toBe('Trail map');

    alice.store.dispatch(detailsOpened({ projectId }));
    bob.store.dispatch(detailsOpened({ projectId }));
    await bob.waitFor((s) => s.projects.details.status === 'ready');
    await alice.waitFor((s) => s.projects.details.status === 'ready');

    // A double click: takeLeading drops the second request while the first is in flight.
    bob.store.dispatch(joinRequested({ projectId, note: 'Happy to help' }));
    bob.store.dispatch(joinRequested({ projectId, note: 'Happy to help' }));
    await bob.waitFor((s) => s.projects.details.ownApplication?.status === 'pending');
    await bob.waitFor((s) => s.projects.lastOutcome !== null);
    const outcomes = bob.actions.filter((a) => operationFinished.match(a)).map((a) => a.payload.message);
    expect(outcomes).toEqual(['Request sent']);
    const pending = await alice.waitFor((s) => s.projects.details.applications.length === 1);
    expect(pending.projects.details.applications[0]).toMatchObject({
      applicantId: t.bob.uid,
      note: 'Happy to help',
      status: 'pending',
    });

    alice.store.dispatch(approveRequested({ projectId, applicantId: t.bob.uid }));
    await alice.waitFor((s) => s.projects.details.project?.memberIds.includes(t.bob.uid) === true);
    const joined = await bob.waitFor(
      (s) =>
        s.projects.details.project?.memberIds.includes(t.bob.uid) === true &&
        s.projects.details.ownApplication?.status === 'approved',
    );
    expect(joined.projects.details.project?.members.map((m) => m.displayName)).toEqual(['Alice', 'Bob']);
    const notified = await bob.waitFor((s) => s.session.user?.profile.hasNewNotification === true);
    const stored = notified.session.user?.profile.notifications;
    // a map keyed by id, in Bob's private inbox (docs/friends-model.md)
    expect(Object.values(stored ?? {}).map((n) => n.type)).toContain('projectApplicationApproved');
  });

  it('an unknown project id shows the not-found state', async () => {
    bob.store.dispatch(detailsOpened({ projectId: 'nope' }));
    await bob.waitFor((s) => s.projects.details.status === 'notFound');
  });
});
