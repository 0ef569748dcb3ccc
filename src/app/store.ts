import type { Middleware } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import createSagaMiddleware from 'redux-saga';

import type { Backend, Clock } from '../backend/port';
import { systemClock } from '../backend/port';
import { config } from '../config';
import type { RootState } from './rootReducer';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';
import type { SagaContext } from './sagaContext';

export interface StoreDependencies {
  backend: Backend;
  clock?: Clock;
  preloadedState?: Partial<RootState>;
  /** Extra middleware before the saga middleware, e.g. an action recorder in tests. */
  middleware?: Middleware[];
}

export function setupStore({ backend, clock = systemClock, preloadedState, middleware = [] }: StoreDependencies) {
  const context: SagaContext = { backend, clock };
  const sagaMiddleware = createSagaMiddleware({
    context: { ...context },
    onError: (error) => console.error('Uncaught saga error:', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Both checks stay on with no ignored paths: state and actions are plain data, replayable in DevTools.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false }).concat(...middleware, sagaMiddleware),
    devTools: !config.production,
  });
  const sagaTask: Task = sagaMiddleware.run(rootSaga);
  return Object.assign(store, { sagaTask });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
