// What every friends operation shares: the spec's messages (section 8) and the reads of a
// user's document as stored. The lists come back as stored so the operations can write them
// back with one entry more or less (see toStoredUserProfile); what leaves the friends API for
// the screen goes through the profile's entry mappers.
import type { DocumentStore, Transaction } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { INBOX_FULL_MESSAGE, RATE_LIMITED_MESSAGE, SELF_REQUEST_MESSAGE } from '../../domain/friendsLogic';
import type { UserProfile } from '../../domain/profileTypes';
import { userRef } from '../profile';
import { toStoredUserProfile } from '../profile';

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
  rateLimited: RATE_LIMITED_MESSAGE,
  sent: 'Friend request sent',
  removed: 'Friend removed',
  self: SELF_REQUEST_MESSAGE,
  failedToAccept: (detail: string) => `Failed to accept friend request: ${detail}`,
  failedToDecline: (detail: string) => `Failed to decline friend request: ${detail}`,
  failedToCancel: (detail: string) => `Failed to cancel friend request: ${detail}`,
  failedToRemove: (detail: string) => `Failed to remove friend: ${detail}`,
  removedTheirsFailed: (detail: string) => `Friend removed from your list, but could not update their list: ${detail}`,
} as const;

export const detailOf = (error: unknown) => toSerializedError(error).message;

export async function readUser(tx: Transaction, uid: string): Promise<UserProfile | null> {
  const snapshot = await tx.get(userRef(uid));
  return snapshot.data ? toStoredUserProfile(snapshot.data) : null;
}

export async function readUserOutside(db: DocumentStore, uid: string): Promise<UserProfile | null> {
  const snapshot = await db.get(userRef(uid));
  return snapshot.data ? toStoredUserProfile(snapshot.data) : null;
}

export const present = <T>(item: T | null): item is T => item !== null;
