// The dashboard on the real store (reducers + root saga) over the local adapter: Bob runs a tribe
// and a project, Alice joins both, and each sees on their dashboard what the other's actions made.
import { act, screen, within } from '@testing-library/react';

import { applyToProject, approveApplication, createProject, createTribe, joinTribe } from '../../test/featureInternals';
import { projectDraft, tribeInput } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { TestStore } from '../../test/setupTestStore';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import { userRef } from '../profile';
import DashboardPage from './DashboardPage';
import { dashboardOpened } from './dashboardSlice';

let env: TwoUsers;
const storeFor = (tab: TestTab): Promise<TestStore> => env.storeFor(tab);

const actorOf = (tab: TestTab) => ({ uid: tab.uid, displayName: tab.user.displayName ?? '', photoURL: null });
const tribe = tribeInput;
const project = projectDraft;

async function created<T extends { success: boolean; message: string }>(result: Promise<T>): Promise<T> {
  const answer = await result;
  if (!answer.success) throw new Error(answer.message);
  return answer;
}

beforeEach(async () => {
  env = await setupTwoUsers();
  await env.alice.backend.db.update(userRef(env.alice.uid), {
    skills: ['React', 'TypeScript', 'Rust'],
    bio: 'Frontend dev',
  });
  await env.bob.backend.db.update(userRef(env.bob.uid), { skills: ['React', 'Go'] });
});
afterEach(async () => {
  await env.close();
});

function renderDashboard(testStore: TestStore) {
  renderWithProviders(<DashboardPage />, { store: testStore });
}

const panel = (name: string | RegExp) => screen.getByRole('region', { name });

it('shows the tribes and projects a user joined, the requests waiting for an owner, and recommendations with reasons', async () => {
  const { tribeId } = await created(
    createTribe(env.bob.backend.db, actorOf(env.bob), tribe({ name: 'Gophers', topics: ['Go'] })),
  );
  const { tribeId: rustTribeId } = await created(
    createTribe(env.bob.backend.db, actorOf(env.bob), tribe({ name: 'Rustaceans', topics: ['Rust', 'TypeScript'] })),
  );
  const { projectId } = await created(createProject(env.bob.backend.db, env.bob.uid, project({ title: 'Trail map' })));
  const { projectId: otherProjectId } = await created(
    createProject(
      env.bob.backend.db,
      env.bob.uid,
      project({ title: 'Type checker', requiredSkills: ['TypeScript', 'Go'] }),
    ),
  );
  await created(joinTribe(env.alice.backend.db, actorOf(env.alice), tribeId!));
  await created(applyToProject(env.alice.backend.db, env.alice.uid, projectId!, 'I know React'));

  // Bob, the owner, sees Alice's request counted on his project.
  const bob = await storeFor(env.bob);
  bob.store.dispatch(dashboardOpened());
  await bob.waitFor((s) => s.dashboard.sections.myProjects.status === 'ready');
  expect(bob.store.getState().dashboard.pendingRequests).toEqual({ [projectId!]: 1 });

  await created(approveApplication(env.bob.backend.db, env.bob.uid, projectId!, env.alice.uid, env.clock));

  const alice = await storeFor(env.alice);
  renderDashboard(alice);
  await act(() =>
    alice.waitFor((s) => Object.values(s.dashboard.sections).every((section) => section.status === 'ready')),
  );

  const myTribes = panel(/^My tribes/);
  expect(within(myTribes).getByRole('link', { name: 'Gophers' })).toHaveAttribute('href', `/tribes/${tribeId}`);
  expect(within(myTribes).queryByRole('link', { name: 'Rustaceans' })).not.toBeInTheDocument();

  const myProjects = panel(/^My projects/);
  expect(within(myProjects).getByRole('link', { name: 'Trail map' })).toHaveAttribute(
    'href',
    `/project-matchmaking/${projectId}`,
  );
  expect(within(myProjects).getByText(/Member/)).toBeInTheDocument();

  // Recommended: what Alice is not in yet, each saying why.
  const tribes = panel('Recommended tribes');
  expect(within(tribes).getByRole('link', { name: 'Rustaceans' })).toHaveAttribute('href', `/tribes/${rustTribeId}`);
  expect(within(tribes).getByText('Matches your Rust and TypeScript')).toBeInTheDocument();
  const projects = panel('Recommended projects');
  expect(within(projects).getByRole('link', { name: 'Type checker' })).toHaveAttribute(
    'href',
    `/project-matchmaking/${otherProjectId}`,
  );
  expect(within(projects).getByText(/^\d+% match: you have TypeScript$/)).toBeInTheDocument();
  expect(within(projects).queryByRole('link', { name: 'Trail map' })).not.toBeInTheDocument();
  const people = panel('Recommended people');
  expect(within(people).getByRole('link', { name: 'Bob' })).toHaveAttribute('href', `/profile/${env.bob.uid}`);
  expect(within(people).getByText('Shares React')).toBeInTheDocument();

  // Alice has a bio and 3 skills; only the photo is missing.
  expect(screen.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('value', '2');
  expect(screen.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile');
});

it('shows empty states that say where to go next', async () => {
  const alice = await storeFor(env.alice);
  renderDashboard(alice);
  await act(() =>
    alice.waitFor((s) => Object.values(s.dashboard.sections).every((section) => section.status === 'ready')),
  );
  expect(within(panel(/^My tribes/)).getByRole('link', { name: 'Browse tribes' })).toHaveAttribute('href', '/tribes');
  expect(within(panel(/^My projects/)).getByRole('link', { name: 'Find a project' })).toHaveAttribute(
    'href',
    '/project-matchmaking',
  );
  // Bob shares React with Alice: a suggestion even on an empty community.
  expect(within(panel('Recommended people')).getByText('Shares React')).toBeInTheDocument();
  expect(within(panel('Recommended projects')).getByRole('link', { name: 'Browse all projects' })).toBeInTheDocument();
});
