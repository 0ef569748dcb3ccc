import { Link, useLocation } from 'react-router-dom';

import { useAppDispatch } from '../../app/hooks';
import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import { TextField } from '../../ui/TextField';
import { AuthFormLayout, useAuthForm } from './AuthForm';
import type { SignUpForm } from './authValidation';
import { PASSWORD_MIN, validateSignUp } from './authValidation';
import type { ReturnToState } from './RouteGuards';
import { signUpRequested } from './sessionSlice';

const EMPTY_FORM: SignUpForm = { displayName: '', email: '', password: '', confirmPassword: '' };

export default function SignUpPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { formRef, field, submit } = useAuthForm(EMPTY_FORM, validateSignUp, ({ displayName, email, password }) =>
    dispatch(signUpRequested({ displayName: displayName.trim(), email: email.trim(), password })),
  );

  return (
    <AuthFormLayout
      form="signUp"
      formRef={formRef}
      onSubmit={submit}
      footer={
        <span>
          Already have an account?{' '}
          <Link to="/login" state={location.state as ReturnToState | null}>
            Log in
          </Link>
        </span>
      }
    >
      <TextField
        label="Display name"
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX + 20}
        hint={`How other developers see you, up to ${DISPLAY_NAME_MAX} characters.`}
        {...field('displayName')}
      />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...field('password')}
      />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
    </AuthFormLayout>
  );
}
