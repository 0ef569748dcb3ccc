import type { SerializedError } from '../../backend/port';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export type AuthRequestKind = 'signIn' | 'signUp' | 'passwordReset' | 'signOut' | 'provider';

export interface AuthRequestState {
  kind: AuthRequestKind | null;
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  error: SerializedError | null;
}
