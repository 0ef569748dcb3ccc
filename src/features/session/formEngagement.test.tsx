import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import { authFormEngaged, authProvidersDetected } from './sessionSlice';
import SignUpPage from './SignUpPage';

function render(page: ReactElement) {
  const store = createStoreWithoutSagas();
  store.dispatch(authProvidersDetected({ providers: ['google', 'github'] }));
  renderWithProviders(page, { store });
  return () => store.actions.filter((action) => action.type === authFormEngaged.type);
}

describe('the sign-in forms warm the backend up when first touched', () => {
  test.each([
    ['log in', <LoginPage key="login" />, 'Email'],
    ['sign up', <SignUpPage key="signup" />, 'Email'],
    ['password reset', <ForgotPasswordPage key="forgot" />, 'Email'],
  ])('%s: the first focus dispatches authFormEngaged, once', async (_name, page, label) => {
    const engaged = render(page);
    expect(engaged()).toEqual([]);
    await userEvent.click(screen.getByLabelText(label));
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    expect(engaged()).toEqual([authFormEngaged()]);
  });

  test('a pointerdown on a social sign-in button (before any focus) engages too', () => {
    const engaged = render(<LoginPage />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(engaged()).toEqual([authFormEngaged()]);
  });
});
