// The spec's defaults for a new users/{uid} document (section 3), for every place that makes one:
// first sign-in (profileMapper.newProfileDocument), the demo community (backend/local/seed.ts) and
// the test fixtures.

/** What a new profile takes from its account; joinDate is a write-time server timestamp in the app, a time in the seed. */
interface NewProfileIdentity<JoinDate> {
  displayName: string;
  photoURL: string | null;
  joinDate: JoinDate;
}

/**
 * A new profile: no posts, an empty bio, no skills, no friends. Without
 * the email, which every signed-in user could read here: it is kept in the owner-only accounts/{uid}.
 * Fresh lists on every call (the seed fills them in); empty, they type as never[], so the result
 * fits both the entity types and a stored document.
 */
export function newProfileFields<JoinDate>({ displayName, photoURL, joinDate }: NewProfileIdentity<JoinDate>) {
  return {
    displayName,
    photoURL,
    joinDate,
    postCount: 0,
    bio: '',
    skills: [],
    // a map keyed by friend id (docs/friends-model.md); requests and notifications live in the
    // owner-only inboxes/{uid}, made by the first write that needs it
    friends: {} as Record<string, never>,
    friendCount: 0,
  };
}
