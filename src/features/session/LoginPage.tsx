import { Link, useLocation } from 'react-router-dom';

import { useAppDispatch } from '../../app/hooks';
import { TextField } from '../../ui/TextField';
import { AuthFormLayout, useAuthForm } from './AuthForm';
import type { LoginForm } from './authValidation';
import { validateLogin } from './authValidation';
import type { ReturnToState } from './RouteGuards';
import { signInRequested } from './sessionSlice';

const EMPTY_FORM: LoginForm = { email: '', password: '' };

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { formRef, field, submit } = useAuthForm(EMPTY_FORM, validateLogin, ({ email, password }) =>
    dispatch(signInRequested({ email: email.trim(), password })),
  );

  return (
    <AuthFormLayout
      form="login"
      formRef={formRef}
      onSubmit={submit}
      footer={
        <>
          <Link to="/forgot-password">Forgot your password?</Link>
          <span>
            New here?{' '}
            <Link to="/signup" state={location.state as ReturnToState | null}>
              Sign up
            </Link>
          </span>
        </>
      }
    >
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
    </AuthFormLayout>
  );
}
