// What every friends operation shares: the spec's messages (section 8) and the reads of a
// user's document as stored. The lists come back as stored so the operations can write them
// back with one entry more or less (see toStoredUserProfile); what leaves the friends API for
// the screen goes through the profile's entry mappers.
import type { DocData, DocumentStore, Transaction } from '../../backend/port';
import { docRef, toSerializedError } from '../../backend/port';
import { INBOXES } from '../../domain/collections';
import type { FriendsWrite } from '../../domain/friendsPlan';
import {
  INBOX_FULL_MESSAGE,
  RATE_LIMITED_MESSAGE,
  SELF_REQUEST_MESSAGE,
  SEND_REFUSED_MESSAGE,
  SENT_FULL_MESSAGE,
} from '../../domain/friendsSend';
import type { UserProfile } from '../../domain/profileTypes';
import { toUserProfile, userRef, withInbox } from '../profile';

export const MESSAGES = {
  missingSenderOrReceiver: 'Missing sender or receiver ID',
  senderProfileNotFound: 'Sender profile not found',
  userNotFound: 'User not found',
  alreadySent: 'Friend request already sent',
  failedToCreate: (detail: string) => `Failed to create friend request: ${detail}`,
  yourProfileNotFound: 'Your profile not found',
  requestNotFound: 'Friend request not found',
  accepted: 'Friend request accepted',
  declined: 'Friend request declined',
  canceled: 'Friend request canceled',
  receiverProfileNotFound: 'Receiver profile not found',
  friendNotInList: 'Friend not found in your list',
  missingUserIds: 'Missing user IDs',
  userProfileNotFound: 'User profile not found',
  missingUserId: 'Missing user ID',
  errorGettingFriends: (detail: string) => `Error getting friends: ${detail}`,
  countDidNotChange: 'Database operation completed but friend count did not change',
  removedButPermissions: 'Friend removed from your list, but could not update their list due to permissions',
  removedPendingTheirs: 'Friend removed from your list and pending removal from their list',
  // Not in the spec's catalogue (it does not show these outcomes); worded like its messages.
  inboxFull: INBOX_FULL_MESSAGE,
  sentFull: SENT_FULL_MESSAGE,
  rateLimited: RATE_LIMITED_MESSAGE,
  sent: 'Friend request sent',
  // The receiver's inbox is private: the rules refuse a duplicate or a full inbox there (and a
  // block, which the blocked person is not told about), so the sender hears the likely reasons.
  sendRefused: SEND_REFUSED_MESSAGE,
  removed: 'Friend removed',
  self: SELF_REQUEST_MESSAGE,
  failedToAccept: (detail: string) => `Failed to accept friend request: ${detail}`,
  failedToDecline: (detail: string) => `Failed to decline friend request: ${detail}`,
  failedToCancel: (detail: string) => `Failed to cancel friend request: ${detail}`,
  failedToRemove: (detail: string) => `Failed to remove friend: ${detail}`,
  removedTheirsFailed: (detail: string) => `Friend removed from your list, but could not update their list: ${detail}`,
} as const;

export const detailOf = (error: unknown) => toSerializedError(error).message;

export const isPermissionDenied = (error: unknown) => toSerializedError(error).code === 'permission-denied';

/**
 * Runs a transaction again, once, when it was refused: its reads may have gone stale between
 * reading and committing (another operation on the same person landed first), and a refusal
 * judged against stale reads says nothing about the same operation on fresh ones. A second
 * refusal is final and its message shown. Operations that answer (success false) are not retried.
 */
export async function withStaleRetry<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = toSerializedError(error).code;
    if (code !== 'permission-denied' && code !== 'aborted' && code !== 'failed-precondition') throw error;
    return run();
  }
}

export const inboxRef = (uid: string) => docRef(INBOXES, uid);

/** Someone's public profile and friends (their inbox is private: its lists read empty). */
export async function readUser(tx: Transaction, uid: string): Promise<UserProfile | null> {
  const snapshot = await tx.get(userRef(uid));
  return snapshot.data ? toUserProfile(withInbox(snapshot.data, null)) : null;
}

/** The signed-in user's own profile with their inbox (requests, notifications, the rate window). */
export async function readOwnUser(
  tx: Transaction,
  uid: string,
): Promise<{ profile: UserProfile; inbox: DocData | null } | null> {
  const [user, inbox] = await Promise.all([tx.get(userRef(uid)), tx.get(inboxRef(uid))]);
  return user.data ? { profile: toUserProfile(withInbox(user.data, inbox.data)), inbox: inbox.data } : null;
}

export async function readUserOutside(db: DocumentStore, uid: string): Promise<UserProfile | null> {
  const snapshot = await db.get(userRef(uid));
  return snapshot.data ? toUserProfile(withInbox(snapshot.data, null)) : null;
}

export async function readOwnUserOutside(db: DocumentStore, uid: string): Promise<UserProfile | null> {
  const [user, inbox] = await Promise.all([db.get(userRef(uid)), db.get(inboxRef(uid))]);
  return user.data ? toUserProfile(withInbox(user.data, inbox.data)) : null;
}

/** Queues a friends operation's writes in a transaction or batch. */
export function queueWrites(target: Pick<Transaction, 'update' | 'set'>, writes: readonly FriendsWrite[]): void {
  for (const write of writes) {
    const ref = docRef(write.collection, write.uid);
    if (write.merge) target.set(ref, write.data, { merge: true });
    else target.update(ref, write.data);
  }
}

export const present = <T>(item: T | null): item is T => item !== null;
