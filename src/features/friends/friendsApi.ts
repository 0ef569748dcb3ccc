// The friends operations over the backend port, written once for both adapters. Every
// operation answers { success, message } with the spec's messages (section 8). Operations
// that change two users read both documents and write both in one transaction; the new
// fields come from the pure functions in friendsLogic.ts.
import type { BackendErrorCode, Clock, DocumentStore, Transaction } from '../../backend/port';
import { docRef, fieldValue, toSerializedError } from '../../backend/port';
import { safeId } from '../../domain/coerce';
import { reportError } from '../../platform/errorReporting';
import { userRef } from '../profile/profileApi';
import { toFriendEntry, toStoredUserProfile } from '../profile/profileMapper';
import type { FriendEntry, UserProfile } from '../profile/profileTypes';
import { PENDING_REMOVAL_MAX_ATTEMPTS } from './friendsLimits';
import {
  acceptMovesCounts,
  applyAccept,
  applyCancel,
  applyDecline,
  applyRemove,
  applySend,
  checkSend,
  findSentRequest,
  isValidFriendEntry,
  listsFriend,
  INBOX_FULL_MESSAGE,
  newPendingRemoval,
  nextSendWindow,
  RATE_LIMITED_MESSAGE,
  sendWindowOf,
  pendingRemovalIdFor,
  planStaleCleanup,
  removalFields,
  removalOfListed,
  SELF_REQUEST_MESSAGE,
  sortFriendsByName,
  toIso,
  toPendingRemoval,
  toWriteData,
} from './friendsLogic';
import type { CleanupAction, PendingFriendRemoval } from './friendsLogic';
import type { OperationResult } from './friendsTypes';

export const PENDING_FRIEND_REMOVALS = 'pendingFriendRemovals';
export const pendingRemovalRef = (initiatorId: string, targetId: string) =>
  docRef(PENDING_FRIEND_REMOVALS, pendingRemovalIdFor(initiatorId, targetId));

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

const ok = (message: string): OperationResult => ({ success: true, message });
const fail = (message: string): OperationResult => ({ success: false, message });
const detailOf = (error: unknown) => toSerializedError(error).message;

// Lists as stored: the operations write them back with one entry more or less (see toStoredUserProfile);
// what leaves this module for the screen goes through the profile's entry mappers.
async function readUser(tx: Transaction, uid: string): Promise<UserProfile | null> {
  const snapshot = await tx.get(userRef(uid));
  return snapshot.data ? toStoredUserProfile(snapshot.data) : null;
}

async function readUserOutside(db: DocumentStore, uid: string): Promise<UserProfile | null> {
  const snapshot = await db.get(userRef(uid));
  return snapshot.data ? toStoredUserProfile(snapshot.data) : null;
}

const present = <T>(item: T | null): item is T => item !== null;

// ---------- send ----------

export interface SendResult extends OperationResult {
  requestId: string | null;
}

export async function sendFriendRequest(
  db: DocumentStore,
  senderId: string,
  receiverId: string,
  clock: Clock,
): Promise<SendResult> {
  if (!senderId || !receiverId) return { ...fail(MESSAGES.missingSenderOrReceiver), requestId: null };
  if (senderId === receiverId) return { ...fail(MESSAGES.self), requestId: null };
  try {
    return await db.runTransaction(async (tx): Promise<SendResult> => {
      const senderData = (await tx.get(userRef(senderId))).data;
      const sender = senderData ? toStoredUserProfile(senderData) : null;
      const receiver = await readUser(tx, receiverId);
      if (!sender) return { ...fail(MESSAGES.senderProfileNotFound), requestId: null };
      if (!receiver) return { ...fail(MESSAGES.userNotFound), requestId: null };
      const now = clock.now();
      const window = sendWindowOf(senderData);
      const check = checkSend(senderId, sender, receiverId, receiver, window, now);
      if (!check.ok) return { ...fail(check.message), requestId: null };
      const windowFields = nextSendWindow(window, now);
      if (!windowFields) return { ...fail(RATE_LIMITED_MESSAGE), requestId: null };
      const plan = applySend(senderId, sender, receiverId, receiver, now);
      // The rules count every request in the sender's rate window, in the same write.
      tx.update(userRef(senderId), { ...toWriteData(plan.sender), ...windowFields });
      tx.update(userRef(receiverId), toWriteData(plan.receiver));
      return { ...ok(MESSAGES.sent), requestId: plan.requestId };
    });
  } catch (error) {
    return { ...fail(MESSAGES.failedToCreate(detailOf(error))), requestId: null };
  }
}

// ---------- accept ----------

export async function acceptFriendRequest(
  db: DocumentStore,
  receiverId: string,
  requestId: string,
  clock: Clock,
): Promise<OperationResult> {
  if (!receiverId || !requestId) return fail(MESSAGES.missingUserIds);
  // Two reads and two writes, like the other two-user operations: the counts are checked against
  // the lists read in the transaction (a stale stored count is repaired, never reported), not by
  // reading both documents again after the commit.
  try {
    return await db.runTransaction(async (tx): Promise<OperationResult> => {
      const receiver = await readUser(tx, receiverId);
      if (!receiver) return fail(MESSAGES.yourProfileNotFound);
      const request = receiver.friendRequests.find((r) => r.requestId === requestId);
      if (!request || !request.senderId || request.senderId === receiverId) return fail(MESSAGES.requestNotFound);
      const sender = await readUser(tx, request.senderId);
      if (!sender) return fail(MESSAGES.userNotFound);
      const plan = applyAccept(receiverId, receiver, sender, request, clock.now());
      if (!acceptMovesCounts({ receiver, sender }, plan)) return fail(MESSAGES.countDidNotChange);
      tx.update(userRef(receiverId), toWriteData(plan.receiver));
      tx.update(userRef(request.senderId), toWriteData(plan.sender));
      return ok(MESSAGES.accepted);
    });
  } catch (error) {
    return fail(MESSAGES.failedToAccept(detailOf(error)));
  }
}

// ---------- decline ----------

export async function declineFriendRequest(
  db: DocumentStore,
  receiverId: string,
  requestId: string,
): Promise<OperationResult> {
  if (!receiverId || !requestId) return fail(MESSAGES.missingUserIds);
  try {
    return await db.runTransaction(async (tx) => {
      const receiver = await readUser(tx, receiverId);
      if (!receiver) return fail(MESSAGES.yourProfileNotFound);
      const request = receiver.friendRequests.find((r) => r.requestId === requestId);
      if (!request) return fail(MESSAGES.requestNotFound);
      // A sender whose document is gone leaves only the receiver's copy to remove.
      const sender = request.senderId && request.senderId !== receiverId ? await readUser(tx, request.senderId) : null;
      const plan = applyDecline(receiverId, receiver, sender, request);
      tx.update(userRef(receiverId), toWriteData(plan.receiver));
      if (plan.sender) tx.update(userRef(request.senderId), toWriteData(plan.sender));
      return ok(MESSAGES.declined);
    });
  } catch (error) {
    return fail(MESSAGES.failedToDecline(detailOf(error)));
  }
}

// ---------- cancel ----------

/** Found by requestId or, failing that, by receiver id with pending status (spec section 4). */
export async function cancelFriendRequest(
  db: DocumentStore,
  senderId: string,
  receiverId: string,
  requestId: string | null,
): Promise<OperationResult> {
  if (!senderId || !receiverId) return fail(MESSAGES.missingUserIds);
  try {
    return await db.runTransaction(async (tx) => {
      const sender = await readUser(tx, senderId);
      const receiver = receiverId === senderId ? null : await readUser(tx, receiverId);
      if (!sender) return fail(MESSAGES.yourProfileNotFound);
      if (!receiver) return fail(MESSAGES.receiverProfileNotFound);
      const sent = findSentRequest(sender, receiverId, requestId);
      if (!sent) return fail(MESSAGES.requestNotFound);
      const plan = applyCancel(senderId, sender, receiver, sent);
      tx.update(userRef(senderId), toWriteData(plan.sender));
      if (plan.receiver) tx.update(userRef(receiverId), toWriteData(plan.receiver));
      return ok(MESSAGES.canceled);
    });
  } catch (error) {
    return fail(MESSAGES.failedToCancel(detailOf(error)));
  }
}

// ---------- remove ----------

async function removeOwnSide(db: DocumentStore, userId: string, friendId: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const user = await readUser(tx, userId);
    const fields = user ? removalFields(user, friendId) : null;
    if (fields) tx.update(userRef(userId), toWriteData(fields));
  });
}

/**
 * Ends a friendship on both sides in one transaction. When that transaction fails, the user's
 * own side is removed alone and a pending-removal record is left for later:
 *
 * - failed with 'permission-denied' (the rules refuse the write to their document, so retrying
 *   it as this user would be refused again): the spec's "simplified one-sided removal" ->
 *   'Friend removed from your list, but could not update their list due to permissions'.
 *   The record is still left so that the other user drops the friendship from their own
 *   list when they next sign in (processing as target).
 * - failed any other way (their document could not be written: unavailable, aborted,
 *   missing...): 'Friend removed from your list and pending removal from their list', the
 *   record being retried at every sign-in of either user. If even the record cannot be
 *   written, nothing is scheduled: the permissions message above when the record was refused
 *   for permissions, otherwise 'Friend removed from your list, but could not update their
 *   list: {detail}' (never a permissions message for what was not a permission error).
 * - when the user's own side cannot be written either, nothing changed:
 *   'Failed to remove friend: {detail}'.
 */
export async function removeFriend(
  db: DocumentStore,
  userId: string,
  friendId: string,
  clock: Clock,
): Promise<OperationResult> {
  if (!userId || !friendId) return fail(MESSAGES.missingUserIds);
  let twoSidedError: unknown;
  try {
    return await db.runTransaction(async (tx) => {
      const user = await readUser(tx, userId);
      const friend = friendId === userId ? null : await readUser(tx, friendId);
      if (!user) return fail(MESSAGES.userProfileNotFound);
      if (friendId === userId || !user.friends.some((entry) => entry?.id === friendId)) return fail(MESSAGES.friendNotInList);
      const plan = applyRemove(userId, user, friendId, friend);
      if (plan.user) tx.update(userRef(userId), toWriteData(plan.user));
      if (plan.friend) tx.update(userRef(friendId), toWriteData(plan.friend));
      return ok(MESSAGES.removed);
    });
  } catch (error) {
    twoSidedError = error;
  }
  try {
    await removeOwnSide(db, userId, friendId);
  } catch (error) {
    return fail(MESSAGES.failedToRemove(detailOf(error)));
  }
  const permissionDenied = toSerializedError(twoSidedError).code === 'permission-denied';
  const scheduled = await createPendingFriendRemoval(db, userId, friendId, clock);
  if (permissionDenied || scheduled.code === 'permission-denied') return ok(MESSAGES.removedButPermissions);
  if (!scheduled.success) return ok(MESSAGES.removedTheirsFailed(scheduled.message));
  return ok(MESSAGES.removedPendingTheirs);
}

// ---------- pending friend removals ----------

export interface PendingRemovalResult extends OperationResult {
  /** Why the record could not be written. */
  code?: BackendErrorCode;
}

export async function createPendingFriendRemoval(
  db: DocumentStore,
  initiatorId: string,
  targetId: string,
  clock: Clock,
): Promise<PendingRemovalResult> {
  if (!initiatorId || !targetId) return fail(MESSAGES.missingUserIds);
  try {
    const record = newPendingRemoval(initiatorId, targetId, clock.now());
    // timestamp: the server's time (the rules accept no client number there)
    await db.set(pendingRemovalRef(initiatorId, targetId), { ...record, timestamp: fieldValue.serverTimestamp() });
    return ok('Pending friend removal recorded');
  } catch (error) {
    reportError(error, { description: 'Could not record the pending friend removal:' });
    return { ...fail(detailOf(error)), code: toSerializedError(error).code };
  }
}

/** A removal the user started that failed PENDING_REMOVAL_MAX_ATTEMPTS times: the user is told. */
export interface StuckRemoval {
  targetId: string;
  /** The other user's name when their profile could be read */
  targetName: string | null;
  /** This run made it the tenth failure (reported to error monitoring once) */
  newlyStuck: boolean;
}

export interface ProcessedRemovals {
  processed: number;
  failed: number;
  /** The user's own removals that have failed PENDING_REMOVAL_MAX_ATTEMPTS times and failed again now */
  stuck: StuckRemoval[];
}

/**
 * Finishes the removals the user started (initiator: drop the user from the target's list) and
 * those started against them (target: drop the initiator from the user's own list). A record
 * that succeeds is deleted in the same transaction; a failed one gets attempts + 1 and lastAttempt,
 * up to PENDING_REMOVAL_MAX_ATTEMPTS (the rules refuse more). It is still tried at every sign-in
 * after that, and the initiator is told it is stuck.
 */
export async function processPendingFriendRemovals(db: DocumentStore, uid: string, clock: Clock): Promise<ProcessedRemovals> {
  if (!uid) return { processed: 0, failed: 0, stuck: [] };
  const [asInitiator, asTarget] = await Promise.all([
    db.query({ collection: PENDING_FRIEND_REMOVALS, where: [{ field: 'initiatorId', op: '==', value: uid }], limit: 50 }),
    db.query({ collection: PENDING_FRIEND_REMOVALS, where: [{ field: 'targetId', op: '==', value: uid }], limit: 50 }),
  ]);
  const records = new Map<string, PendingFriendRemoval>();
  for (const snapshot of [...asInitiator, ...asTarget]) {
    const record = toPendingRemoval(snapshot.data);
    if (record) records.set(snapshot.ref.id, record);
  }
  let processed = 0;
  let failed = 0;
  const stuck: StuckRemoval[] = [];
  for (const [id, record] of records) {
    const ref = docRef(PENDING_FRIEND_REMOVALS, id);
    try {
      await db.runTransaction(async (tx) => {
        const current = await tx.get(ref);
        const initiator = await readUser(tx, record.initiatorId);
        const target = await readUser(tx, record.targetId);
        if (!current.data) return;
        // Each side is written only where it still lists the other: on the other user's document
        // that is the one change the policy allows there (removing oneself from their friends).
        const initiatorFields = initiator ? removalOfListed(initiator, record.targetId) : null;
        const targetFields = target ? removalOfListed(target, record.initiatorId) : null;
        if (initiatorFields) tx.update(userRef(record.initiatorId), toWriteData(initiatorFields));
        if (targetFields) tx.update(userRef(record.targetId), toWriteData(targetFields));
        tx.delete(ref);
      });
      processed += 1;
    } catch (error) {
      failed += 1;
      reportError(error, { description: `Pending friend removal ${id} failed:` });
      const attempts = Math.min(record.attempts + 1, PENDING_REMOVAL_MAX_ATTEMPTS);
      if (record.attempts < PENDING_REMOVAL_MAX_ATTEMPTS) {
        try {
          await db.update(ref, { attempts, lastAttempt: toIso(clock.now()) });
        } catch (updateError) {
          reportError(updateError, { description: `Could not record the failed attempt of ${id}:` });
        }
      }
      if (record.initiatorId === uid && attempts >= PENDING_REMOVAL_MAX_ATTEMPTS) {
        const target = await readUserOutside(db, record.targetId).catch(() => null);
        stuck.push({
          targetId: record.targetId,
          targetName: target?.displayName ?? null,
          newlyStuck: record.attempts + 1 === PENDING_REMOVAL_MAX_ATTEMPTS,
        });
      }
    }
  }
  return { processed, failed, stuck };
}

// ---------- lists ----------

export interface FriendsListResult extends OperationResult {
  friends: FriendEntry[];
}

/** Valid entries (id and displayName) of users that still exist, sorted by displayName; [] on failure. */
export async function getFriends(db: DocumentStore, uid: string): Promise<FriendsListResult> {
  if (!uid) return { ...fail(MESSAGES.missingUserId), friends: [] };
  try {
    const user = await readUserOutside(db, uid);
    if (!user) return { ...fail(MESSAGES.userProfileNotFound), friends: [] };
    const valid = user.friends.filter(isValidFriendEntry).map(toFriendEntry).filter(present);
    const unique = [...new Map(valid.map((friend) => [friend.id, friend])).values()];
    const snapshots = await db.getMany(unique.map((friend) => userRef(friend.id)));
    const friends = sortFriendsByName(unique.filter((_, index) => snapshots[index]?.data != null));
    return { ...ok(`${friends.length} friends`), friends };
  } catch (error) {
    return { ...fail(MESSAGES.errorGettingFriends(detailOf(error))), friends: [] };
  }
}

// ---------- cleanup of stale sent requests ----------

export interface CleanupResult extends OperationResult {
  actions: Record<string, CleanupAction[]>;
}

/** Brings the user's sent requests in line with the receivers' documents, then saves (spec section 4). */
export async function cleanupStaleSentRequests(db: DocumentStore, uid: string, clock: Clock): Promise<CleanupResult> {
  if (!uid) return { ...fail(MESSAGES.missingUserId), actions: {} };
  try {
    const user = await readUserOutside(db, uid);
    if (!user) return { ...fail(MESSAGES.userProfileNotFound), actions: {} };
    const receiverIds = [...new Set(user.sentFriendRequests.map((s) => safeId(s.receiverId)).filter((id): id is string => id !== null))];
    const receivers = Object.fromEntries(
      await Promise.all(receiverIds.map(async (id) => [id, id === uid ? null : await readUserOutside(db, id)] as const)),
    );
    const plan = planStaleCleanup(uid, user, receivers, clock.now());
    if (!plan.changed) return { ...ok('Sent requests are up to date'), actions: plan.actions };
    // A transaction so a request sent or accepted meanwhile is not overwritten by this snapshot.
    const friendsToAdd = await db.runTransaction(async (tx) => {
      const fresh = await readUser(tx, uid);
      if (!fresh) return [];
      const freshPlan = planStaleCleanup(uid, fresh, receivers, clock.now());
      const [first, ...rest] = freshPlan.friendsToAdd;
      const friends = first ? [...fresh.friends, first] : fresh.friends;
      tx.update(
        userRef(uid),
        toWriteData({ sentFriendRequests: freshPlan.sentFriendRequests, ...(first ? { friends, friendCount: friends.length } : {}) }),
      );
      return rest;
    });
    // The policy lets a user's friends grow by one entry per write.
    for (const friend of friendsToAdd) {
      await db.runTransaction(async (tx) => {
        const fresh = await readUser(tx, uid);
        if (!fresh || listsFriend(fresh, friend.id)) return;
        const friends = [...fresh.friends, friend];
        tx.update(userRef(uid), toWriteData({ friends, friendCount: friends.length }));
      });
    }
    return { ...ok('Sent requests cleaned up'), actions: plan.actions };
  } catch (error) {
    return { ...fail(detailOf(error)), actions: {} };
  }
}
