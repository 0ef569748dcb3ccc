import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch } from '../../app/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { authErrorMessage } from './authErrorMessage';
import { validateEmail } from './authValidation';
import { passwordResetRequested } from './sessionSlice';
import { useAuthRequest } from './useAuthRequest';
import { useFormEngagement } from './useFormEngagement';

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const request = useAuthRequest(['passwordReset']);
  const engagement = useFormEngagement();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEmail(email);
    setError(found);
    if (found) return;
    setSentTo(email.trim());
    dispatch(passwordResetRequested({ email: email.trim() }));
  };

  return (
    <section className="auth card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Reset your password</h1>
      <p className="muted">Enter the email you signed up with and we will send you a link to choose a new password.</p>
      <form className="form" onSubmit={submit} noValidate {...engagement}>
        {request.error && <Alert tone="error">{authErrorMessage(request.error)}</Alert>}
        {request.succeeded && sentTo && (
          <Alert tone="success">
            If an account exists for {sentTo}, a reset link is on its way. Check your inbox and spam folder.
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" busy={request.pending}>
          {request.pending ? 'Sending…' : 'Send reset link'}
        </Button>
        <div className="form__footer">
          <Link to="/login">Back to log in</Link>
        </div>
      </form>
    </section>
  );
}
