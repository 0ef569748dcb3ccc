// The signed-in user, as the whole app sees them: the session keeps one, the saga toolkit reads
// its uid, features read its live profile. A plain entity, so it lives on the bottom floor.
import type { UserProfile } from './profileTypes';

/** The sign-in account combined with its profile (spec, section 3). */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  profile: UserProfile;
}
