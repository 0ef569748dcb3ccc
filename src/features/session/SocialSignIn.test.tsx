import type { UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import type { AuthProviderId } from '../../backend/port';
import { rootReducer } from '../../test/allFeatures';
import LoginPage from './LoginPage';
import { authProvidersDetected, providerSignInRequested } from './sessionSlice';

function renderLogin(providers: AuthProviderId[]) {
  const actions: UnknownAction[] = [];
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: false }).concat(() => (next) => (action) => {
        actions.push(action as UnknownAction);
        return next(action);
      }),
  });
  store.dispatch(authProvidersDetected({ providers }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
  return { actions };
}

describe('social sign-in on the login page', () => {
  test('offers each provider the backend has, and starts that sign-in', async () => {
    const { actions } = renderLogin(['google', 'github']);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(actions).toContainEqual(providerSignInRequested({ provider: 'github' }));
  });

  test('shows nothing when the backend has none (the embedded one)', () => {
    renderLogin([]);
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
