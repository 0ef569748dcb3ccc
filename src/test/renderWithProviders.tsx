// The one way component tests render: the element inside the store's Provider and a MemoryRouter,
// with a userEvent session. The store is either the real one with the root saga over a local
// backend on fake-indexeddb (setupTestStore), or, for screens checked by the actions they
// dispatch from a given state, the real reducers without sagas (createStoreWithoutSagas).
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Saga, Task } from 'redux-saga';
import createSagaMiddleware from 'redux-saga';

import type { LoadedState } from '../app/rootReducer';
import { rootReducer } from './allFeatures';
import { createActionRecorder } from './setupTestStore';
import type { TestStore } from './setupTestStore';

/** The real reducers (every route feature injected), no sagas: a preloaded state stays as given. */
export function createStoreWithoutSagas(preloadedState: Partial<LoadedState> = {}) {
  const recorder = createActionRecorder();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as LoadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(recorder.middleware),
  });
  return Object.assign(store, { actions: recorder.actions });
}

export type StoreWithoutSagas = ReturnType<typeof createStoreWithoutSagas>;

/**
 * The real reducers with one feature's saga alone, for a screen whose behaviour is that saga's
 * (e.g. the install card's timer and dismissal) without the session and backend around it.
 * Cancel `task` after the test.
 */
export function createStoreWithSaga(saga: Saga, preloadedState: Partial<LoadedState> = {}) {
  const recorder = createActionRecorder();
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as LoadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware, recorder.middleware),
  });
  const task: Task = sagaMiddleware.run(saga);
  return Object.assign(store, { actions: recorder.actions, task });
}

type ProviderStore = Parameters<typeof Provider>[0]['store'];

export interface RenderOptions {
  /** A TestStore (real store and root saga), a store without sagas, or any store. */
  store: TestStore | ProviderStore;
  /** The location to start at; default '/'. */
  route?: string;
  /** Route patterns the element is mounted at (e.g. '/profile/:userId'); other paths show "Elsewhere". */
  path?: string | string[];
}

const isTestStore = (store: RenderOptions['store']): store is TestStore => 'backend' in store && 'waitFor' in store;

export function renderWithProviders(ui: ReactElement, { store, route = '/', path }: RenderOptions) {
  const reduxStore = isTestStore(store) ? store.store : store;
  const routed = path ? (
    <Routes>
      {[path].flat().map((pattern) => (
        <Route key={pattern} path={pattern} element={ui} />
      ))}
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <Provider store={reduxStore}>
      <MemoryRouter initialEntries={[route]}>{routed}</MemoryRouter>
    </Provider>,
  );
  return { ...result, user: userEvent.setup() };
}
