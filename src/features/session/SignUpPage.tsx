import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { useAppDispatch } from '../../app/hooks';
import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { authErrorMessage } from './authErrorMessage';
import type { FormErrors, SignUpForm } from './authValidation';
import { PASSWORD_MIN, validateSignUp } from './authValidation';
import type { ReturnToState } from './RouteGuards';
import { signUpRequested } from './sessionSlice';
import { SocialSignIn } from './SocialSignIn';
import { useAuthRequest } from './useAuthRequest';

const EMPTY_FORM: SignUpForm = { displayName: '', email: '', password: '', confirmPassword: '' };

export default function SignUpPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const request = useAuthRequest(['signUp', 'provider']);
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors<SignUpForm>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: keyof SignUpForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignUp(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    dispatch(
      signUpRequested({ displayName: form.displayName.trim(), email: form.email.trim(), password: form.password }),
    );
  };

  return (
    <section className="auth card" aria-labelledby="signup-title">
      <h1 id="signup-title">Create your account</h1>
      <p className="muted">Join DevTribe to find collaborators, tribes and projects that fit your skills.</p>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        {request.error && <Alert tone="error">{authErrorMessage(request.error)}</Alert>}
        <TextField
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX + 20}
          value={form.displayName}
          onChange={update('displayName')}
          error={errors.displayName}
          hint={`How other developers see you, up to ${DISPLAY_NAME_MAX} characters.`}
        />
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
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" busy={request.pending}>
          {request.pending ? 'Creating your account…' : 'Sign up'}
        </Button>
        <SocialSignIn busy={request.pending} />
        <div className="form__footer">
          <span>
            Already have an account?{' '}
            <Link to="/login" state={location.state as ReturnToState | null}>
              Log in
            </Link>
          </span>
        </div>
      </form>
    </section>
  );
}
