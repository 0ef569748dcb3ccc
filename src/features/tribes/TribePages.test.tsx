// The tribes pages over the real store, root saga and local backend (fake-indexeddb).
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';

import type { AppStore } from '../../app/store';
import type { LocalBackend } from '../../backend/local/createLocalBackend';
import { BackendError } from '../../backend/port';
import type { WriteOp } from '../../backend/port';
import type { TribeInput } from '../../domain/tribeTypes';
import { tribeInput } from '../../test/fixtures';
import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { setupTestStore } from '../../test/setupTestStore';
import { signedInRootState } from '../../test/signedInState';
import { actorOf } from '../../test/tabHelpers';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import CreateTribePage from './CreateTribePage';
import TribeDetailsPage from './TribeDetailsPage';
import { createPost, createTribe, joinTribe } from './tribesApi';
import TribesPage from './TribesPage';
import { tribeOpened } from './tribesSlice';

let env: TwoUsers;
let store: AppStore;

const input = (overrides: Partial<TribeInput> = {}): TribeInput =>
  tribeInput({
    tagline: 'Fearless concurrency',
    description: 'All things Rust.',
    topics: ['Rust', 'WebAssembly'],
    ...overrides,
  });

async function tribeBy(tab: TestTab, overrides: Partial<TribeInput> = {}) {
  const result = await createTribe(tab.backend.db, actorOf(tab), input(overrides));
  return result.tribeId!;
}

/** Bob's browser tab renders the page; Alice acts from her own tab on the same database. */
async function renderAsBob(route: string, backend: LocalBackend = env.bob.backend, header: ReactNode = null) {
  const testStore = await setupTestStore({ backend, clock: env.clock });
  store = testStore.store;
  await testStore.waitFor((state) => state.session.user?.uid === env.bob.uid);
  const { user } = renderWithProviders(
    <>
      {header}
      <Routes>
        <Route path="/tribes" element={<TribesPage />} />
        <Route path="/tribes/create" element={<CreateTribePage />} />
        <Route path="/tribes/:tribeId/*" element={<TribeDetailsPage />} />
        <Route path="/profile/:userId" element={<p>Profile page</p>} />
      </Routes>
    </>,
    { store, route },
  );
  return user;
}

beforeEach(async () => {
  env = await setupTwoUsers();
});
afterEach(async () => {
  store?.sagaTask.cancel();
  await env.close();
});

describe('CreateTribePage', () => {
  it('shows field errors and keeps focus on the first invalid field', async () => {
    const user = await renderAsBob('/tribes/create');
    await user.type(screen.getByLabelText('Name'), 'ab');
    await user.click(screen.getByLabelText('Tagline'));
    await user.paste('x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Create tribe' }));

    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('The name needs at least 3 characters.'));
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Tagline')).toHaveAccessibleDescription(
      expect.stringContaining('at most 120 characters (it has 121)'),
    );
    expect(screen.getByText('Pick at least one topic.')).toBeInTheDocument();
    expect(await env.admin.db.query({ collection: 'tribes' })).toEqual([]);
  });

  it('refuses a taken name on the name field, then creates the tribe and opens its page', async () => {
    await tribeBy(env.alice);
    const user = await renderAsBob('/tribes/create');
    await user.type(screen.getByLabelText('Name'), 'rustaceans');
    await user.type(screen.getByLabelText('Add a topic'), 'Rust{Enter}');
    expect(within(screen.getByRole('list', { name: 'Chosen topics' })).getByText('Rust')).toBeInTheDocument();
    await user.click(screen.getByLabelText('By request: you approve each member'));
    await user.click(screen.getByRole('button', { name: 'Create tribe' }));
    expect(await screen.findByText('A tribe with this name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Crabs in Prod');
    await user.click(screen.getByRole('button', { name: 'Create tribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crabs in Prod' })).toBeInTheDocument();
    expect(screen.getByText('Join by request', { selector: 'li' })).toBeInTheDocument();
    expect(await screen.findByText('You own this tribe')).toBeInTheDocument();
  });
});

describe('CreateTribePage, opened again', () => {
  it('shows an empty form, not the tribe created on the previous visit', async () => {
    const header = <Link to="/tribes/create">New tribe</Link>;
    const user = await renderAsBob('/tribes/create', env.bob.backend, header);
    await user.type(screen.getByLabelText('Name'), 'First Tribe');
    await user.type(screen.getByLabelText('Add a topic'), 'Rust{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create tribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'First Tribe' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'New tribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a tribe' })).toBeInTheDocument();
    // Given a moment to (wrongly) follow the old outcome, the form is still there, empty.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { level: 1, name: 'Create a tribe' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});

describe('TribeDetailsPage', () => {
  it('says so when the tribe does not exist', async () => {
    await renderAsBob('/tribes/does-not-exist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading tribe...');
    expect(await screen.findByRole('heading', { level: 1, name: 'This tribe does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore tribes' })).toHaveAttribute('href', '/tribes');
  });

  it('lets a visitor join, write a post, see it, and delete it after confirming', async () => {
    const tribeId = await tribeBy(env.alice);
    await createPost(env.alice.backend.db, actorOf(env.alice), tribeId, 'Welcome, everyone!');
    const user = await renderAsBob(`/tribes/${tribeId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rustaceans' })).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(await screen.findByText('Welcome, everyone!')).toBeInTheDocument();
    // A post in Arabic or Hebrew reads from the right: each post takes its direction from its text.
    expect(screen.getByText('Welcome, everyone!')).toHaveAttribute('dir', 'auto');
    expect(screen.queryByLabelText('Write a post')).not.toBeInTheDocument();
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'Alice' })).toHaveAttribute('href', `/profile/${env.alice.uid}`);

    await user.click(screen.getByRole('button', { name: 'Join tribe' }));
    expect(await screen.findByRole('button', { name: 'Leave tribe' })).toBeInTheDocument();
    expect(await screen.findByText('2 members')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByText('Write something before posting')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Write a post'), 'Hi from Bob');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Hi from Bob')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Write a post')).toHaveValue(''));
    expect(screen.getByText('2 posts')).toBeInTheDocument();
    // Only the author's own post has Delete.
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByText('Hi from Bob')).not.toBeInTheDocument());
    expect(await screen.findByText('1 post')).toBeInTheDocument();
  });

  it('publishes a post written while another is on its way, keeps what was typed meanwhile, and keeps a refused text', async () => {
    const tribeId = await tribeBy(env.alice);
    await joinTribe(env.bob.backend.db, actorOf(env.bob), tribeId);
    // Bob's batch writes wait until the test lets each one through (or fails it).
    const held: { ops: readonly WriteOp[]; release: (fail?: Error) => void }[] = [];
    const base = env.bob.backend;
    const gated: LocalBackend = {
      ...base,
      db: {
        ...base.db,
        commit: (ops) =>
          new Promise<void>((resolve, reject) => {
            held.push({ ops, release: (fail) => (fail ? reject(fail) : resolve(base.db.commit(ops))) });
          }),
      },
    };
    const user = await renderAsBob(`/tribes/${tribeId}`, gated);
    const composer = await screen.findByLabelText('Write a post');
    const postButton = screen.getByRole('button', { name: 'Post' });

    await user.type(composer, 'First post');
    await user.click(postButton);
    await waitFor(() => expect(held).toHaveLength(1));
    // A double click on the same text while it is on its way publishes it once.
    await user.click(postButton);
    // The text stays until it is published; Bob replaces it with the next post and sends that too.
    expect(composer).toHaveValue('First post');
    await user.clear(composer);
    await user.type(composer, 'Second post');
    await user.click(postButton);
    // And starts a third, after the second's text, while both are still on their way.
    await user.type(composer, ' Third thoughts');

    act(() => held[0]!.release());
    await waitFor(() => expect(held).toHaveLength(2));
    expect(await screen.findByText('First post')).toBeInTheDocument();
    expect(composer).toHaveValue('Second post Third thoughts');
    act(() => held[1]!.release());
    expect(await screen.findByText('Second post')).toBeInTheDocument();
    // Only the published text left the composer; what was typed since stays.
    await waitFor(() => expect(composer).toHaveValue('Third thoughts'));
    expect(screen.getByText('2 posts')).toBeInTheDocument();
    expect(held).toHaveLength(2);

    // A refused post says why and keeps its text, even when Bob has cleared the composer meanwhile.
    await user.click(postButton);
    await waitFor(() => expect(held).toHaveLength(3));
    await user.clear(composer);
    act(() => held[2]!.release(new BackendError('unavailable', 'The network is down.')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not publish your post: The network is down.');
    expect(composer).toHaveValue('Third thoughts');
    const stored = await env.admin.db.query({
      collection: 'posts',
      where: [{ field: 'tribeId', op: '==', value: tribeId }],
    });
    expect(stored.map((post) => post.data?.body).sort()).toEqual(['First post', 'Second post']);
  });

  it('shows a sent request as pending, with a way to withdraw it', async () => {
    const aliceTribe = await tribeBy(env.alice, { name: 'Gophers', joinPolicy: 'request' });
    const user = await renderAsBob(`/tribes/${aliceTribe}`);
    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByRole('button', { name: 'Request to join' })).toBeInTheDocument();
  });

  it('lists join requests for the owner, live', async () => {
    const bobsTribe = await tribeBy(env.bob, { name: 'Bob Builders', joinPolicy: 'request' });
    const user = await renderAsBob(`/tribes/${bobsTribe}`);
    expect(await screen.findByText('No one is waiting. Requests to join show up here.')).toBeInTheDocument();
    await act(async () => {
      await joinTribe(env.alice.backend.db, actorOf(env.alice), bobsTribe);
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Alice' }));
    const members = await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(members).getByRole('link', { name: 'Alice' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Decline Alice' })).not.toBeInTheDocument();
  });

  it('offers no Join while the viewer’s membership is still being read, and tells the owner at once', () => {
    // The tribe can arrive before the membership (a cold cache after a reload on Firebase).
    const tribe = {
      id: 't1',
      name: 'Bob Builders',
      tagline: '',
      description: '',
      topics: ['Rust'],
      joinPolicy: 'open' as const,
      ownerId: 'bob',
      memberCount: 2,
      postCount: 0,
      createdAt: 1,
      lastActivityAt: 1,
    };
    for (const [viewer, expected] of [
      ['bob', 'You own this tribe'],
      ['carol', 'Checking your membership…'],
    ] as const) {
      const state = signedInRootState({ uid: viewer, email: `${viewer}@example.com`, displayName: viewer });
      const loading = createStoreWithoutSagas(state);
      loading.dispatch(tribeOpened({ tribeId: 't1' }));
      const details = loading.getState().tribes.details;
      expect(details.membershipStatus).toBe('loading');
      const withTribe = createStoreWithoutSagas({
        ...state,
        tribes: { ...state.tribes, details: { ...details, status: 'ready', tribe } },
      });
      const view = renderWithProviders(<TribeDetailsPage />, {
        store: withTribe,
        route: '/tribes/t1',
        path: '/tribes/:tribeId/*',
      });
      const membership = screen.getByRole('group', { name: 'Your membership' });
      expect(within(membership).getByText(expected)).toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: /^(Join tribe|Leave tribe|Request to join)$/ }),
      ).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('offers the owner Leave only while no one else is a member', async () => {
    const bobsTribe = await tribeBy(env.bob, { name: 'Bob Builders' });
    await renderAsBob(`/tribes/${bobsTribe}`);
    expect(await screen.findByText('You own this tribe')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Leave tribe' })).toBeInTheDocument();

    await act(async () => {
      await joinTribe(env.alice.backend.db, actorOf(env.alice), bobsTribe);
    });
    const membership = await screen.findByRole('group', { name: 'Your membership' });
    expect(await within(membership).findByText('You can leave once you are its only member.')).toBeInTheDocument();
    expect(within(membership).getByText('You own this tribe')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave tribe' })).not.toBeInTheDocument();
  });
});

describe('TribesPage', () => {
  it('searches by name or topic and says when nothing matches', async () => {
    await tribeBy(env.alice);
    await tribeBy(env.alice, { name: 'Gophers', topics: ['Go', 'Kubernetes'] });
    const user = await renderAsBob('/tribes');
    const list = await screen.findByRole('list', { name: 'Tribes' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent)
        .sort(),
    ).toEqual(['Gophers', 'Rustaceans']);
    expect(screen.getByRole('link', { name: 'Create tribe' })).toHaveAttribute('href', '/tribes/create');

    await user.type(screen.getByLabelText('Search tribes'), 'kubernetes');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Tribes' })).getAllByRole('heading')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Gophers' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search tribes'));
    await user.type(screen.getByLabelText('Search tribes'), 'cobol');
    expect(await screen.findByText(/No tribes match/)).toBeInTheDocument();
  });
});
