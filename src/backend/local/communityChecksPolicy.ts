// What the community rules (tribesPolicy.ts, tribeMembersPolicy.ts, postsPolicy.ts) and the
// comments' share: a name and photo copied from the writer's profile, an active membership.
import type { DocData, DocValue } from '../port';
import { isAllowedPhotoURL } from './photoURLs';
import type { WriteContext } from './policyHelpers';
import { userRef } from './policyRefs';

/** A name and photo copied into a shared document equal the profile's (rules: getAfter(users/{uid})). */
export function copiedFromProfile(
  ctx: WriteContext,
  uid: string,
  name: DocValue | undefined,
  photo: DocValue | undefined,
): boolean {
  const profile = ctx.getAfter(userRef(uid));
  return (
    profile !== null &&
    name === profile.displayName &&
    (photo ?? null) === (profile.photoURL ?? null) &&
    isAllowedPhotoURL(photo)
  );
}

export const isActive = (doc: DocData | null) => doc !== null && doc.status === 'active';
