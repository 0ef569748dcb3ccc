// One broken piece of screen shows a small local message and is reported; the rest of the page,
// and the app around it, stay. The broken pieces here are models no mapper would produce (the
// mappers are covered by mappers.property.test.tsx): a render error of any cause is contained.
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import type { Project } from '../domain/projectTypes';
import type { Tribe, TribePost } from '../domain/tribeTypes';
import DashboardPage from '../features/dashboard/DashboardPage';
import { initialDashboardState } from '../features/dashboard/dashboardSlice';
import { PersonCard } from '../features/people/PersonCard';
import { ProjectCard } from '../features/projects/ProjectCard';
import { TribeFeed } from '../features/tribes/TribeFeed';
import { setErrorReporter } from '../platform/errorReporting';
import { rootReducer } from '../test/allFeatures';
import { testProfile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedInSession } from '../test/signedInState';
import { SectionBoundary } from '../ui/SectionBoundary';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import type { RootState } from './rootReducer';

let reported: { error: unknown; context: Record<string, unknown> | undefined }[] = [];
beforeEach(() => {
  reported = [];
  setErrorReporter((error, context) => reported.push({ error, context }));
  // React logs each error a boundary catches; what matters here is what reaches error reporting.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => setErrorReporter((error, context) => console.error(error, context ?? '')));

function Broken(): ReactElement {
  throw new Error('broken on purpose');
}

function storeWith(overrides: Partial<RootState> = {}) {
  const initial = rootReducer(undefined, { type: '@@INIT' });
  const state: RootState = {
    ...initial,
    session: signedInSession('me', testProfile({ displayName: 'Mia' })),
    ...overrides,
  };
  return configureStore({
    reducer: (current: RootState | undefined) => current ?? state,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }),
  });
}

const renderWithStore = (ui: ReactElement, store = storeWith()) => renderWithProviders(ui, { store });

const post = (id: string, overrides: Partial<TribePost> = {}): TribePost => ({
  id,
  tribeId: 't1',
  authorId: 'u1',
  authorName: 'Ada',
  authorPhoto: null,
  body: `Post ${id}`,
  createdAt: Date.UTC(2026, 10, 22),
  ...overrides,
});

describe('SectionBoundary', () => {
  test('shows its message in place of the broken piece, keeps its siblings and reports the error', () => {
    render(
      <ul>
        <li>
          <SectionBoundary section="test item" message="This item could not be shown.">
            <Broken />
          </SectionBoundary>
        </li>
        <li>Still here</li>
      </ul>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This item could not be shown.');
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(reported).toEqual([
      {
        error: expect.objectContaining({ message: 'broken on purpose' }),
        context: expect.objectContaining({ section: 'test item' }),
      },
    ]);
  });

  test('tries again when its reset keys change', () => {
    const Item = ({ fail }: { fail: boolean }) => (fail ? <Broken /> : <p>Fixed</p>);
    const { rerender } = render(
      <SectionBoundary section="test item" message="This item could not be shown." resetKeys={[true]}>
        <Item fail />
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(
      <SectionBoundary section="test item" message="This item could not be shown." resetKeys={[false]}>
        <Item fail={false} />
      </SectionBoundary>,
    );
    expect(screen.getByText('Fixed')).toBeInTheDocument();
  });

  test('"Try again" renders the piece afresh', async () => {
    const data = { broken: true };
    const Piece = () => (data.broken ? <Broken /> : <p>Recovered</p>);
    render(
      <SectionBoundary section="test panel" message="This panel could not be loaded." retry>
        <Piece />
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This panel could not be loaded.');
    data.broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  test('leaves the errors it passes through to the boundary above, unreported by itself', () => {
    render(
      <SectionBoundary section="outer" message="Outer caught it.">
        <SectionBoundary section="inner" message="Inner caught it." passThrough={() => true}>
          <Broken />
        </SectionBoundary>
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Outer caught it.');
    expect(reported.map((report) => report.context?.section)).toEqual(['outer']);
  });
});

describe('a broken piece stays a piece', () => {
  test('a post: the other posts of the feed are shown', () => {
    // An invalid time makes the post's <time> throw (a RangeError from toISOString).
    renderWithStore(
      <TribeFeed
        posts={[post('a'), post('b', { createdAt: Number.NaN }), post('c')]}
        viewerUid={null}
        onDelete={() => undefined}
      />,
    );
    const feed = screen.getByRole('list', { name: 'Posts' });
    expect(within(feed).getByText('Post a')).toBeInTheDocument();
    expect(within(feed).getByText('Post c')).toBeInTheDocument();
    expect(within(feed).getByRole('alert')).toHaveTextContent('This post could not be shown.');
    expect(reported).toHaveLength(1);
  });

  test('a person card and a project card', () => {
    const project = { id: 'p1', title: 'Trail map', members: undefined } as unknown as Project;
    renderWithStore(
      <>
        <PersonCard
          id="u1"
          displayName={undefined as unknown as string}
          photoURL={null}
          skills={[]}
          sharedSkills={[]}
        />
        <PersonCard id="u2" displayName="Grace" photoURL={null} skills={[]} sharedSkills={[]} />
        <ProjectCard project={project} match={{ score: 0 } as never} viewerSkills={[]} isMine={false} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Grace' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'This person could not be shown.',
      'This project could not be shown.',
    ]);
  });

  test('a dashboard panel: the other panels are shown', () => {
    const brokenTribe = { id: 't1', name: { not: 'text' }, memberCount: 3 } as unknown as Tribe;
    const ready = { status: 'ready' as const, error: null };
    const store = storeWith({
      dashboard: {
        ...initialDashboardState,
        sections: { myTribes: ready, myProjects: ready, people: ready, projects: ready, tribes: ready },
        myTribes: [brokenTribe],
      },
    });
    renderWithStore(<DashboardPage />, store);
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^My projects/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Friend requests/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^My tribes/ })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This panel could not be loaded.');
    expect(reported.map((report) => report.context?.section)).toEqual(['dashboard: my tribes']);
  });

  test('a page: the header and navigation stay; a route chunk that failed still gets the full-screen fallback', () => {
    const renderRoute = (page: ReactElement) =>
      render(
        <ErrorBoundary>
          <Provider store={storeWith()}>
            <MemoryRouter initialEntries={['/broken']}>
              <Routes>
                <Route element={<Layout />}>
                  <Route path="broken" element={page} />
                </Route>
              </Routes>
            </MemoryRouter>
          </Provider>
        </ErrorBoundary>,
      );

    const { unmount } = renderRoute(<Broken />);
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    unmount();

    function ChunkMissing(): ReactElement {
      const error = new Error('Loading chunk 42 failed.');
      error.name = 'ChunkLoadError';
      throw error;
    }
    renderRoute(<ChunkMissing />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });
});
