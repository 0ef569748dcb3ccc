import {
  validateDisplayName,
  validateEmail,
  validateLogin,
  validatePassword,
  validatePasswordConfirmation,
  validateSignUp,
} from './authValidation';

describe('sign-up and log-in validation', () => {
  test.each([
    ['', 'Enter your email address.'],
    ['   ', 'Enter your email address.'],
    ['ada', 'Enter a valid email address, like ada@example.com.'],
    ['ada@example', 'Enter a valid email address, like ada@example.com.'],
    ['ada @example.com', 'Enter a valid email address, like ada@example.com.'],
    ['ada@example.com', null],
    [' ada@example.com ', null],
  ])('email %j -> %j', (email, message) => {
    expect(validateEmail(email)).toBe(message);
  });

  test.each([
    ['', 'Enter a password.'],
    ['1234567', 'Use at least 8 characters.'],
    ['12345678', null],
  ])('password %j -> %j', (password, message) => {
    expect(validatePassword(password)).toBe(message);
  });

  test('the confirmation must match', () => {
    expect(validatePasswordConfirmation('secret-pass', '')).toBe('Confirm your password.');
    expect(validatePasswordConfirmation('secret-pass', 'secret-pasS')).toBe('The passwords do not match.');
    expect(validatePasswordConfirmation('secret-pass', 'secret-pass')).toBeNull();
  });

  test.each([
    ['', 'Enter a display name.'],
    ['   ', 'Enter a display name.'],
    ['A', null],
    ['x'.repeat(50), null],
    ['x'.repeat(51), 'Use at most 50 characters.'],
  ])('display name of length %#', (name, message) => {
    expect(validateDisplayName(name)).toBe(message);
  });

  test('a sign-up form reports every invalid field at once', () => {
    expect(validateSignUp({ displayName: '', email: 'nope', password: 'short', confirmPassword: 'other' })).toEqual({
      displayName: 'Enter a display name.',
      email: 'Enter a valid email address, like ada@example.com.',
      password: 'Use at least 8 characters.',
      confirmPassword: 'The passwords do not match.',
    });
    expect(
      validateSignUp({
        displayName: 'Ada',
        email: 'ada@example.com',
        password: 'long-enough',
        confirmPassword: 'long-enough',
      }),
    ).toEqual({});
  });

  test('a log-in form needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
  });
});
