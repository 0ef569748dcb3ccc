import type { AuthUser } from '../../backend/port';
import type { UserProfile } from '../profile/profileTypes';
import type { SessionUser } from './sessionTypes';

export function toSessionUser(account: AuthUser, profile: UserProfile): SessionUser {
  return {
    uid: account.uid,
    email: account.email,
    displayName: account.displayName,
    photoURL: account.photoURL,
    profile,
  };
}

/** A refresh merges the re-read profile; the profile's photoURL overrides the account's (spec, section 3). */
export function mergeRefreshedProfile(user: SessionUser, profile: UserProfile): SessionUser {
  return { ...user, photoURL: profile.photoURL ?? user.photoURL, profile };
}
