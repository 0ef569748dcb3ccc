import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { useAppDispatch } from '../../app/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { authErrorMessage } from './authErrorMessage';
import type { FormErrors, LoginForm } from './authValidation';
import { validateLogin } from './authValidation';
import type { ReturnToState } from './RouteGuards';
import { signInRequested } from './sessionSlice';
import { SocialSignIn } from './SocialSignIn';
import { useAuthRequest } from './useAuthRequest';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const request = useAuthRequest(['signIn', 'provider']);
  const [form, setForm] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<LoginForm>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: keyof LoginForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    dispatch(signInRequested({ email: form.email.trim(), password: form.password }));
  };

  return (
    <section className="auth card" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <p className="muted">Welcome back. Log in to see your friends, tribes and projects.</p>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        {request.error && <Alert tone="error">{authErrorMessage(request.error)}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={form.password}
          onChange={update('password')}
          error={errors.password}
        />
        <Button type="submit" busy={request.pending}>
          {request.pending ? 'Logging in…' : 'Log in'}
        </Button>
        <SocialSignIn busy={request.pending} />
        <div className="form__footer">
          <Link to="/forgot-password">Forgot your password?</Link>
          <span>
            New here?{' '}
            <Link to="/signup" state={location.state as ReturnToState | null}>
              Sign up
            </Link>
          </span>
        </div>
      </form>
    </section>
  );
}
