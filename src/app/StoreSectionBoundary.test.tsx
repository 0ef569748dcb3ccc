// Redux DevTools replaces the whole state when it jumps. A piece that one state broke must be back
// when the developer jumps to a state it can show, and the layout's pieces that read feature state
// (the moderation link, the bell) must not take the page down on a state without that feature.
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import DashboardPage from '../features/dashboard/DashboardPage';
import { setErrorReporter } from '../platform/errorReporting';
import { rootReducer } from '../test/allFeatures';
import { testProfile } from '../test/fixtures';
import { signedInRootState, signedInSession } from '../test/signedInState';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppSelector } from './hooks';
import { Layout } from './Layout';
import type { RootState } from './rootReducer';
import { StoreSectionBoundary } from './StoreSectionBoundary';

const JUMP = 'test/devtoolsJump';

/** A store whose state a `test/devtoolsJump` action replaces, as a DevTools jump does; the real reducers otherwise. */
function jumpingStore(initial: RootState) {
  const reducer: Reducer<RootState> = (state, action: UnknownAction) =>
    action.type === JUMP ? (action as unknown as { state: RootState }).state : rootReducer(state as never, action);
  const store = configureStore({
    reducer,
    preloadedState: initial,
    middleware: (getDefault) => getDefault({ thunk: false }),
  });
  const jumpTo = (state: RootState) => act(() => void store.dispatch({ type: JUMP, state }));
  return { store, jumpTo };
}

let reported: unknown[] = [];
beforeEach(() => {
  reported = [];
  setErrorReporter((error) => reported.push(error));
  // React logs each error a boundary catches; what matters here is what the screen shows.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => setErrorReporter((error, context) => console.error(error, context ?? '')));

/** A piece that reads the dashboard slice without a guard, as the dashboard panels once did. */
function UnguardedPanel() {
  const people = useAppSelector((state) => (state.dashboard as NonNullable<RootState['dashboard']>).people);
  return <p>{people.length} people</p>;
}

const signedIn = () => signedInRootState({ uid: 'me', email: null, displayName: 'Mia' });
const withoutDashboard = (): RootState => {
  const { dashboard: _dashboard, ...state } = signedIn();
  return state;
};

test('a piece broken by one state is back after a jump to a state it can show', () => {
  const { store, jumpTo } = jumpingStore(signedIn());
  render(
    <Provider store={store}>
      <StoreSectionBoundary section="test panel" message="This panel could not be loaded." slices={['dashboard']}>
        <UnguardedPanel />
      </StoreSectionBoundary>
    </Provider>,
  );
  expect(screen.getByText('0 people')).toBeInTheDocument();
  jumpTo(withoutDashboard());
  expect(screen.getByRole('alert')).toHaveTextContent('This panel could not be loaded.');
  jumpTo(signedIn());
  expect(screen.getByText('0 people')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(reported).toHaveLength(1);
});

test('the layout and the dashboard show every state, with or without the features loaded, and back', async () => {
  const full = signedIn();
  const coreOnly: RootState = {
    session: signedInSession('me', testProfile({ displayName: 'Mia' })),
    updateNotice: full.updateNotice,
    loadedFeatures: [],
  };
  const { store, jumpTo } = jumpingStore(coreOnly);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <ErrorBoundary>
          <Routes>
            <Route element={<Layout />}>
              <Route path="dashboard" element={<DashboardPage />} />
            </Route>
          </Routes>
        </ErrorBoundary>
      </MemoryRouter>
    </Provider>,
  );
  // The bell and the moderation link come in the signed-in chunk (React.lazy).
  expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  for (const state of [full, coreOnly, full]) {
    jumpTo(state);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }
  expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  expect(reported).toEqual([]);
});
