import type { SerializedError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';

/** The sign-in account combined with its profile (spec, section 3). */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  profile: UserProfile;
}

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export type AuthRequestKind = 'signIn' | 'signUp' | 'passwordReset' | 'signOut' | 'provider';

export interface AuthRequestState {
  kind: AuthRequestKind | null;
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  error: SerializedError | null;
}
