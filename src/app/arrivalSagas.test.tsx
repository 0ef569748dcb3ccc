// A signed-in arrival on /dashboard or /explore: the page's reads start when the session is
// restored, before the page has mounted, and the page mounting does not read again. The real
// store and root saga over the local adapter on fake-indexeddb, the features loaded lazily as in
// the app (no src/test/allFeatures here: it would inject every feature before the arrival does).
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import type { LocalBackend } from '../backend/local/createLocalBackend';
import DashboardPage from '../features/dashboard/DashboardPage';
import ExplorePeoplePage from '../features/explore/ExplorePeoplePage';
import { createTestBackend, createTestClock, eventually, settle, signUpWithProfile } from '../test/testBackend';
import { locationChanged } from './routerEvents';
import type { AppStore } from './store';
import { setupStore } from './store';

const clock = createTestClock();
let backend: LocalBackend;
let store: AppStore | null = null;
let actions: UnknownAction[];

beforeEach(async () => {
  backend = await createTestBackend({ clock });
});

afterEach(async () => {
  store?.sagaTask.cancel();
  store = null;
  await backend.local.close();
});

/** Starts the app's store as the boot does: the store, then where the visit starts. */
function arriveAt(pathname: string): AppStore {
  actions = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  store = setupStore({ backend, clock, middleware: [record], caches: null });
  store.dispatch(locationChanged({ pathname }));
  return store;
}

/** The first arrival in this file also compiles the page's lazily imported code. */
const LOAD_TIMEOUT_MS = 15_000;

const count = (type: string) => actions.filter((action) => action.type === type).length;
const indexOf = (type: string) => actions.findIndex((action) => action.type === type);

function renderPage(appStore: AppStore, page: ReactElement) {
  return render(
    <Provider store={appStore}>
      <MemoryRouter>{page}</MemoryRouter>
    </Provider>,
  );
}

/** What the page showed in its first commit: a parent's layout effect runs in the same commit as its children's. */
let firstCommit: Record<string, boolean> | null = null;
function FirstCommitProbe({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    firstCommit = {
      people: screen.queryByRole('heading', { name: 'All developers' }) !== null,
      spinner: screen.queryByText('Loading people...') !== null,
      tribesLoading: screen.queryByText('Loading your tribes…') !== null,
    };
  }, []);
  return children;
}

/** A restored session: Ada signed in on this browser before the app started; Grace is someone to find. */
async function adaSignedIn() {
  await signUpWithProfile(backend, 'Grace');
  // Each sign-up signs in: the last one is the session this browser restores.
  await signUpWithProfile(backend, 'Ada');
}

describe('a signed-in arrival on /dashboard', () => {
  test('reads the panels once, from the restored session, before the page mounts; mounting reads nothing more', async () => {
    await adaSignedIn();
    const appStore = arriveAt('/dashboard');
    await eventually(
      () => expect(appStore.getState().dashboard?.sections.people.status).toBe('ready'),
      LOAD_TIMEOUT_MS,
    );
    // No page has mounted: the read started from the session's restore, after it.
    expect(count('dashboard/opened')).toBe(1);
    expect(indexOf('session/authStateChanged')).toBeLessThan(indexOf('dashboard/opened'));

    const view = renderPage(
      appStore,
      <FirstCommitProbe>
        <DashboardPage />
      </FirstCommitProbe>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    // Read already, the panels' lists still come after the app's first commit, not in it.
    expect(firstCommit).toMatchObject({ tribesLoading: true });
    expect(await screen.findByText('You are not in a tribe yet.', { exact: false })).toBeInTheDocument();
    await act(settle);
    expect(count('dashboard/opened')).toBe(1);
    expect(count('dashboard/peopleLoaded')).toBe(1);
    expect(appStore.getState().dashboard?.open).toBe(true);

    // The next visit reads again.
    act(() => view.unmount());
    expect(appStore.getState().dashboard?.open).toBe(false);
    renderPage(appStore, <DashboardPage />);
    await waitFor(() => expect(count('dashboard/peopleLoaded')).toBe(2));
    expect(count('dashboard/opened')).toBe(2);
  });

  test('a page that mounts while the reads are still running does not start them again', async () => {
    await adaSignedIn();
    const appStore = arriveAt('/dashboard');
    await eventually(() => expect(count('dashboard/opened')).toBe(1), LOAD_TIMEOUT_MS);
    renderPage(appStore, <DashboardPage />);
    await waitFor(() => expect(count('dashboard/peopleLoaded')).toBe(1));
    await act(settle);
    expect(count('dashboard/opened')).toBe(1);
    expect(count('dashboard/peopleLoaded')).toBe(1);
  });
});

describe('a signed-in arrival on /explore', () => {
  test('follows the directory from the restored session; the page mounting does not open it again, leaving closes it', async () => {
    await adaSignedIn();
    const appStore = arriveAt('/Explore/');
    await eventually(() => expect(appStore.getState().explore?.status).toBe('ready'), LOAD_TIMEOUT_MS);
    expect(count('explore/opened')).toBe(1);
    expect(indexOf('session/authStateChanged')).toBeLessThan(indexOf('explore/opened'));

    // Read already, the first cards are in the page's first commit, with no spinner before them:
    // a screenful (PeopleGrid sizes its first rows for the screen), not the whole directory.
    const view = renderPage(
      appStore,
      <FirstCommitProbe>
        <ExplorePeoplePage />
      </FirstCommitProbe>,
    );
    expect(await screen.findByText('Grace')).toBeInTheDocument();
    expect(firstCommit).toMatchObject({ people: true, spinner: false });
    await act(settle);
    expect(count('explore/opened')).toBe(1);
    expect(count('explore/peopleLoaded')).toBe(1);

    act(() => view.unmount());
    expect(count('explore/closed')).toBe(1);
    expect(appStore.getState().explore?.open).toBe(false);
  });
});

describe('not an arrival', () => {
  test('signed out on /dashboard: no read, and the page code is not loaded', async () => {
    const appStore = arriveAt('/dashboard');
    await eventually(() => expect(appStore.getState().session.status).toBe('signedOut'));
    await settle();
    expect(count('dashboard/opened')).toBe(0);
    expect(appStore.getState().loadedFeatures).not.toContain('dashboard');
  });

  test('a restored session on another page opens neither page', async () => {
    await adaSignedIn();
    const appStore = arriveAt('/tribes');
    await eventually(() => expect(appStore.getState().session.status).toBe('signedIn'));
    await settle();
    expect(count('dashboard/opened') + count('explore/opened')).toBe(0);
  });

  test('a location reported after the first auth check is a navigation: the page opens itself', async () => {
    await adaSignedIn();
    const appStore = arriveAt('/tribes');
    await eventually(() => expect(appStore.getState().session.status).toBe('signedIn'));
    appStore.dispatch(locationChanged({ pathname: '/dashboard' }));
    await settle();
    expect(count('dashboard/opened')).toBe(0);
  });
});
