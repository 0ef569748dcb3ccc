import type { FormEvent, ReactNode, RefObject } from 'react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { authErrorMessage } from './authErrorMessage';
import type { FormErrors } from './authValidation';
import type { AuthRequestKind } from './sessionTypes';
import { SocialSignIn } from './SocialSignIn';
import { useAuthRequest } from './useAuthRequest';
import { useFormEngagement } from './useFormEngagement';

/**
 * The state of an email form: each field's value and message (cleared as the user types), and a
 * submit that checks everything first, moving focus to the first field in error.
 */
export function useAuthForm<F extends Record<keyof F, string>>(
  initial: F,
  validate: (form: F) => FormErrors<F>,
  send: (form: F) => void,
) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const field = (name: keyof F & string) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    if (Object.keys(found).length > 0) {
      // Rendered at once, so the field is marked invalid and described by its error when it gets the focus.
      flushSync(() => setErrors(found));
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors(found);
    send(form);
  };

  return { formRef, field, submit };
}

/** What each form says, and which requests' outcome it shows. */
const FORMS = {
  login: {
    kinds: ['signIn', 'provider'],
    title: 'Log in',
    intro: 'Welcome back. Log in to see your friends, tribes and projects.',
    submit: 'Log in',
    busy: 'Logging in…',
  },
  signUp: {
    kinds: ['signUp', 'provider'],
    title: 'Create your account',
    intro: 'Join DevTribe to find collaborators, tribes and projects that fit your skills.',
    submit: 'Sign up',
    busy: 'Creating your account…',
  },
} satisfies Record<string, { kinds: AuthRequestKind[]; title: string; intro: string; submit: string; busy: string }>;

interface AuthFormLayoutProps {
  form: keyof typeof FORMS;
  formRef: RefObject<HTMLFormElement>;
  onSubmit: (event: FormEvent) => void;
  /** The form's fields. */
  children: ReactNode;
  /** Links to the other ways in. */
  footer: ReactNode;
}

/** Log in and sign up: the card, the request's error, the fields, submit, social sign-in, the links. */
export function AuthFormLayout({ form, formRef, onSubmit, children, footer }: AuthFormLayoutProps) {
  const { kinds, title, intro, submit, busy } = FORMS[form];
  const request = useAuthRequest(kinds);
  const engagement = useFormEngagement();
  const titleId = `${form.toLowerCase()}-title`;
  return (
    <section className="auth card" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p className="muted">{intro}</p>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate {...engagement}>
        {request.error && <Alert tone="error">{authErrorMessage(request.error)}</Alert>}
        {children}
        <Button type="submit" busy={request.pending}>
          {request.pending ? busy : submit}
        </Button>
        <SocialSignIn busy={request.pending} />
        <div className="form__footer">{footer}</div>
      </form>
    </section>
  );
}
