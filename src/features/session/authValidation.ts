import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';

export const PASSWORD_MIN = 8;

// Deliberately simple: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return 'Enter your email address.';
  if (value.length > 254 || !EMAIL_PATTERN.test(value)) return 'Enter a valid email address, like ada@example.com.';
  return null;
}

export function validatePassword(password: string): string | null {
  if (!password) return 'Enter a password.';
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Confirm your password.';
  return password === confirmation ? null : 'The passwords do not match.';
}

export function validateDisplayName(name: string): string | null {
  const value = name.trim();
  if (!value) return 'Enter a display name.';
  if (value.length > DISPLAY_NAME_MAX) return `Use at most ${DISPLAY_NAME_MAX} characters.`;
  return null;
}

export interface SignUpForm {
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type FormErrors<F> = Partial<Record<keyof F, string>>;

function collect<F>(checks: Record<keyof F, string | null>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const key of Object.keys(checks) as (keyof F)[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}

export function validateSignUp(form: SignUpForm): FormErrors<SignUpForm> {
  return collect<SignUpForm>({
    displayName: validateDisplayName(form.displayName),
    email: validateEmail(form.email),
    password: validatePassword(form.password),
    confirmPassword: validatePasswordConfirmation(form.password, form.confirmPassword),
  });
}

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): FormErrors<LoginForm> {
  return collect<LoginForm>({
    email: validateEmail(form.email),
    password: form.password ? null : 'Enter your password.',
  });
}
