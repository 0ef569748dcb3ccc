// Test helpers for the people, profile and explore screens: the real reducers in a store with
// no sagas (so a preloaded session stays as given), recording every dispatched action.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import type { RootState } from '../../app/rootReducer';
import { rootReducer } from '../../app/rootReducer';
// Injects every lazy feature (friends and notifications included) into that root reducer.
import '../../test/allFeatures';
import type { UserProfile } from '../../domain/profileTypes';
import { initialSessionState } from '../session';
import type { SessionUser } from '../session';

export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    displayName: 'Viewer',
    email: 'viewer@example.com',
    photoURL: null,
    joinDate: Date.UTC(2026, 2, 10),
    postCount: 0,
    bio: '',
    skills: [],
    friends: [],
    friendCount: 0,
    friendRequests: [],
    sentFriendRequests: [],
    notifications: [],
    hasNewNotification: false,
    ...overrides,
  };
}

export function signedInSession(uid: string, profile: UserProfile): RootState['session'] {
  const user: SessionUser = { uid, email: profile.email, displayName: profile.displayName, photoURL: profile.photoURL, profile };
  return { ...initialSessionState, status: 'signedIn', user };
}

export function createTestStore(preloadedState: Partial<RootState>) {
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(recorder),
  });
  return Object.assign(store, { actions });
}

export type TestStore = ReturnType<typeof createTestStore>;

interface RenderOptions {
  route?: string;
  /** The route pattern the element is mounted at, e.g. '/profile/:userId'. */
  path?: string;
}

type AnyStore = Parameters<typeof Provider>[0]['store'];

export function renderWithStore(ui: ReactElement, store: AnyStore, { route = '/', path = '*' }: RenderOptions = {}) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
