import type { AuthUser } from '../../backend/port';
import { safeNullableText, safePhotoURL } from '../../domain/coerce';
import type { UserProfile } from '../../domain/profileTypes';
import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import type { SessionUser } from '../../domain/sessionTypes';

/**
 * The public users/{uid} no longer holds the email (it is in the owner-only accounts/{uid}): the
 * session's profile carries the account's own email, as the spec's profile fields say.
 */
export function toSessionUser(account: AuthUser, profile: UserProfile): SessionUser {
  return {
    uid: account.uid,
    email: account.email,
    displayName: safeNullableText(account.displayName, DISPLAY_NAME_MAX),
    photoURL: safePhotoURL(account.photoURL),
    profile: { ...profile, email: account.email },
  };
}

/** A refresh merges the re-read profile; the profile's photoURL overrides the account's (spec, section 3). */
export function mergeRefreshedProfile(user: SessionUser, profile: UserProfile): SessionUser {
  return { ...user, photoURL: profile.photoURL ?? user.photoURL, profile: { ...profile, email: user.email } };
}
