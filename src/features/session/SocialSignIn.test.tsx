import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { AuthProviderId } from '../../backend/port';
import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import LoginPage from './LoginPage';
import { authProvidersDetected, providerSignInRequested } from './sessionSlice';

function renderLogin(providers: AuthProviderId[]) {
  const store = createStoreWithoutSagas();
  store.dispatch(authProvidersDetected({ providers }));
  renderWithProviders(<LoginPage />, { store });
  return { actions: store.actions };
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
