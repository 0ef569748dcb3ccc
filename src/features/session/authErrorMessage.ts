import type { SerializedError } from '../../backend/port';

const MESSAGES: Partial<Record<SerializedError['code'], string>> = {
  'auth/email-already-in-use': 'An account with this email already exists. Log in instead, or use another email.',
  'auth/invalid-email': 'Enter a valid email address, like ada@example.com.',
  'auth/weak-password': 'Choose a stronger password: at least 8 characters.',
  'auth/invalid-credential': 'Wrong email or password. Check both and try again.',
  'auth/too-many-requests': 'Too many attempts. Wait a minute before trying again, or reset your password.',
  'auth/network-request-failed': 'Could not reach DevTribe. Check your connection and try again.',
  unavailable: 'Could not reach DevTribe. Check your connection and try again.',
  'auth/popup-closed': 'The sign-in window was closed before it finished.',
  'auth/provider-unavailable': 'This sign-in method is not available here.',
  'permission-denied': 'DevTribe could not save your profile (permission denied). Please try again.',
};

/** A clear, specific sentence for every failure the backend can give a sign-in form. */
export function authErrorMessage(error: SerializedError): string {
  return MESSAGES[error.code] ?? `Something went wrong: ${error.message}`;
}
