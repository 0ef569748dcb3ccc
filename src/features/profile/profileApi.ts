// Reads and creates users/{uid} over the backend port.
import type { AuthUser, DocumentStore } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { ACCOUNTS, INBOXES, USERS } from '../../domain/collections';
import type { UserProfile } from '../../domain/profileTypes';
import { newProfileDocument, toUserProfile, withInbox } from './profileMapper';

export const userRef = (uid: string) => docRef(USERS, uid);
export const accountRef = (uid: string) => docRef(ACCOUNTS, uid);

export const inboxRef = (uid: string) => docRef(INBOXES, uid);

/** Anyone's public profile (their inbox is private to them: its lists read empty). */
export async function readProfile(db: DocumentStore, uid: string): Promise<UserProfile | null> {
  const snapshot = await db.get(userRef(uid));
  return snapshot.data ? toUserProfile(withInbox(snapshot.data, null)) : null;
}

/** The signed-in user's own profile, with their private inbox (requests and notifications). */
export async function readOwnProfile(db: DocumentStore, uid: string): Promise<UserProfile | null> {
  const [snapshot, inbox] = await Promise.all([db.get(userRef(uid)), db.get(inboxRef(uid))]);
  return snapshot.data ? toUserProfile(withInbox(snapshot.data, inbox.data)) : null;
}

/**
 * Returns the user's profile, creating it with the spec's defaults when it does not exist. The
 * account's email goes to the owner-only accounts/{uid}; a legacy profile's public copy moves there.
 */
export async function ensureProfile(db: DocumentStore, account: AuthUser): Promise<UserProfile> {
  const ref = userRef(account.uid);
  // A transaction, so two tabs signing in at once cannot both create (and reset) the document.
  const existing = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const accountDoc = await tx.get(accountRef(account.uid));
    // Reads before writes: a transaction takes no read after its first write.
    const inbox = snapshot.data ? await tx.get(inboxRef(account.uid)) : null;
    if ((accountDoc.data?.email ?? null) !== account.email || !accountDoc.data) {
      tx.set(accountRef(account.uid), { email: account.email });
    }
    if (snapshot.data) {
      if ('email' in snapshot.data) tx.update(ref, { email: fieldValue.deleteField() });
      return toUserProfile(withInbox(snapshot.data, inbox?.data ?? null));
    }
    tx.set(ref, newProfileDocument(account));
    return null;
  });
  if (existing) return existing;
  // Read back so joinDate holds the resolved server timestamp.
  const created = await readOwnProfile(db, account.uid);
  if (!created) throw new Error('Profile was created but could not be read back');
  return created;
}
