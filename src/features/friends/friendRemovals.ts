// Ending a friendship, and the pending-removal records left when the other side could not be
// written (retried by friendRemovalsSagas.ts at every sign-in of either user).
import { fail, ok } from '../../app/sagas';
import type { OperationResult } from '../../app/sagas';
import type { BackendErrorCode, Clock, DocumentStore } from '../../backend/port';
import { docRef, fieldValue, toSerializedError } from '../../backend/port';
import { PENDING_FRIEND_REMOVALS } from '../../domain/collections';
import { listsFriend, pendingRemovalIdFor } from '../../domain/friendsPlan';
import {
  dropFriendWrites,
  newPendingRemoval,
  otherRemovalWrites,
  ownRemovalWrites,
  toPendingRemoval,
} from '../../domain/friendsRemoval';
import type { PendingFriendRemoval } from '../../domain/friendsRemoval';
import { reportError } from '../../platform/errorReporting';
import {
  detailOf,
  MESSAGES,
  queueWrites,
  readOwnUser,
  readUser,
  readUserOutside,
  withStaleRetry,
} from './friendsDocuments';

const pendingRemovalRef = (initiatorId: string, targetId: string) =>
  docRef(PENDING_FRIEND_REMOVALS, pendingRemovalIdFor(initiatorId, targetId));

// ---------- remove ----------

async function removeOwnSide(db: DocumentStore, userId: string, friendId: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const own = await readOwnUser(tx, userId);
    if (own) queueWrites(tx, ownRemovalWrites(userId, own.profile, friendId));
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
    return await withStaleRetry(() =>
      db.runTransaction(async (tx) => {
        const own = await readOwnUser(tx, userId);
        const friend = friendId === userId ? null : await readUser(tx, friendId);
        if (!own) return fail(MESSAGES.userProfileNotFound);
        if (friendId === userId || !listsFriend(own.profile, friendId)) return fail(MESSAGES.friendNotInList);
        queueWrites(tx, [
          ...ownRemovalWrites(userId, own.profile, friendId),
          ...otherRemovalWrites(userId, own.profile, friendId, friend),
        ]);
        return ok(MESSAGES.removed);
      }),
    );
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

interface PendingRemovalResult extends OperationResult {
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
    // timestamp and createdAt: the server's time (the rules accept no client time there)
    await db.set(pendingRemovalRef(initiatorId, targetId), {
      ...record,
      timestamp: fieldValue.serverTimestamp(),
      createdAt: fieldValue.serverTimestamp(),
    });
    return ok('Pending friend removal recorded');
  } catch (error) {
    reportError(error, { description: 'Could not record the pending friend removal:' });
    return fail(detailOf(error), { code: toSerializedError(error).code });
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

export interface PendingRemoval {
  id: string;
  record: PendingFriendRemoval;
}

/** The removals the user started (as initiator) and those started against them (as target). */
export async function listPendingFriendRemovals(db: DocumentStore, uid: string): Promise<PendingRemoval[]> {
  const [asInitiator, asTarget] = await Promise.all([
    db.query({
      collection: PENDING_FRIEND_REMOVALS,
      where: [{ field: 'initiatorId', op: '==', value: uid }],
      limit: 50,
    }),
    db.query({ collection: PENDING_FRIEND_REMOVALS, where: [{ field: 'targetId', op: '==', value: uid }], limit: 50 }),
  ]);
  const records = new Map<string, PendingFriendRemoval>();
  for (const snapshot of [...asInitiator, ...asTarget]) {
    const record = toPendingRemoval(snapshot.data);
    if (record) records.set(snapshot.ref.id, record);
  }
  return [...records].map(([id, record]) => ({ id, record }));
}

/**
 * One attempt at a pending removal: initiator drops the target and target drops the initiator,
 * each side only where it still lists the other, and the record is deleted in the same
 * transaction. Throws when the transaction fails.
 */
export async function attemptPendingFriendRemoval(db: DocumentStore, { id, record }: PendingRemoval): Promise<void> {
  const ref = docRef(PENDING_FRIEND_REMOVALS, id);
  await db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    const initiator = await readUser(tx, record.initiatorId);
    const target = await readUser(tx, record.targetId);
    if (!current.data) return;
    // On the other user's document, removing oneself from their friends is the one change the policy allows.
    queueWrites(tx, [
      ...dropFriendWrites(record.initiatorId, initiator, record.targetId),
      ...dropFriendWrites(record.targetId, target, record.initiatorId),
    ]);
    tx.delete(ref);
  });
}

/** The bookkeeping of a failed attempt: attempts and lastAttempt (the rules accept at most PENDING_REMOVAL_MAX_ATTEMPTS). */
export async function recordFailedRemovalAttempt(
  db: DocumentStore,
  id: string,
  attempts: number,
  _clock: Clock,
): Promise<void> {
  // lastAttempt: the server's time (the rules accept no client time there)
  await db.update(docRef(PENDING_FRIEND_REMOVALS, id), { attempts, lastAttempt: fieldValue.serverTimestamp() });
}

/** The other user's name for the stuck-removal notice; null when their profile cannot be read. */
export async function readDisplayName(db: DocumentStore, uid: string): Promise<string | null> {
  try {
    return (await readUserOutside(db, uid))?.displayName ?? null;
  } catch {
    return null;
  }
}
