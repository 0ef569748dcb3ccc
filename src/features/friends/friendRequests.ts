// Friend requests between two users: send, accept, decline, cancel, and the cleanup of the
// sender's stale copies. Each reads what the user may read (their own documents and the other
// user's public profile) and writes both sides in one transaction, with field paths and merges
// (docs/friends-model.md); the writes come from the pure functions in src/domain (friendsSend.ts,
// friendsAnswer.ts, friendsCleanup.ts). Every operation answers { success, message } with the
// spec's messages (section 8).
import { fail, ok } from '../../app/sagas';
import type { OperationResult } from '../../app/sagas';
import type { Clock, DocumentStore } from '../../backend/port';
import { safeId } from '../../domain/coerce';
import { applyAccept, applyCancel, applyDecline, findSentRequest } from '../../domain/friendsAnswer';
import { planStaleCleanup, reAddFriendWrite } from '../../domain/friendsCleanup';
import type { CleanupAction } from '../../domain/friendsCleanup';
import { listsFriend } from '../../domain/friendsPlan';
import { applySend, checkSend, nextSendWindow, RATE_LIMITED_MESSAGE, sendWindowOf } from '../../domain/friendsSend';
import {
  detailOf,
  inboxRef,
  isPermissionDenied,
  MESSAGES,
  queueWrites,
  readOwnUser,
  readOwnUserOutside,
  readUser,
  readUserOutside,
  withStaleRetry,
} from './friendsDocuments';

// ---------- send ----------

interface SendResult extends OperationResult {
  requestId: string | null;
}

/**
 * The receiver's inbox is private, so a duplicate or a full inbox there is found by the access
 * rules, which refuse the write: the sender is told what that most likely means.
 */
function sendFailure(error: unknown): SendResult {
  if (isPermissionDenied(error)) return fail(MESSAGES.sendRefused, { requestId: null });
  return fail(MESSAGES.failedToCreate(detailOf(error)), { requestId: null });
}

export async function sendFriendRequest(
  db: DocumentStore,
  senderId: string,
  receiverId: string,
  clock: Clock,
): Promise<SendResult> {
  if (!senderId || !receiverId) return fail(MESSAGES.missingSenderOrReceiver, { requestId: null });
  if (senderId === receiverId) return fail(MESSAGES.self, { requestId: null });
  try {
    return await withStaleRetry(() =>
      db.runTransaction(async (tx): Promise<SendResult> => {
        const own = await readOwnUser(tx, senderId);
        const receiver = await readUser(tx, receiverId);
        if (!own) return fail(MESSAGES.senderProfileNotFound, { requestId: null });
        if (!receiver) return fail(MESSAGES.userNotFound, { requestId: null });
        const now = clock.now();
        const window = sendWindowOf(own.inbox);
        const check = checkSend(senderId, own.profile, receiverId, receiver, window, now);
        if (!check.ok) return fail(check.message, { requestId: null });
        const windowFields = nextSendWindow(window, now);
        if (!windowFields) return fail(RATE_LIMITED_MESSAGE, { requestId: null });
        // The rules count every request in the sender's rate window, in the same write.
        const plan = applySend(senderId, own.profile, receiverId, receiver, now, windowFields);
        queueWrites(tx, plan.writes);
        return ok(MESSAGES.sent, { requestId: plan.requestId });
      }),
    );
  } catch (error) {
    return sendFailure(error);
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
  // Two documents read (the receiver's own, with their inbox, and the sender's public one) and
  // written; the counts on the sender's side move by one, so concurrent accepts merge.
  try {
    return await withStaleRetry(() =>
      db.runTransaction(async (tx): Promise<OperationResult> => {
        const own = await readOwnUser(tx, receiverId);
        if (!own) return fail(MESSAGES.yourProfileNotFound);
        const request = own.profile.friendRequests.find((r) => r.requestId === requestId);
        if (!request || !request.senderId || request.senderId === receiverId) return fail(MESSAGES.requestNotFound);
        const sender = await readUser(tx, request.senderId);
        if (!sender) return fail(MESSAGES.userNotFound);
        const plan = applyAccept(receiverId, own.profile, sender, request, clock.now());
        queueWrites(tx, plan.writes);
        return ok(MESSAGES.accepted);
      }),
    );
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
    return await withStaleRetry(() =>
      db.runTransaction(async (tx) => {
        const own = await readOwnUser(tx, receiverId);
        if (!own) return fail(MESSAGES.yourProfileNotFound);
        const request = own.profile.friendRequests.find((r) => r.requestId === requestId);
        if (!request || !request.senderId) return fail(MESSAGES.requestNotFound);
        queueWrites(tx, applyDecline(receiverId, request.senderId));
        return ok(MESSAGES.declined);
      }),
    );
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
    return await withStaleRetry(() =>
      db.runTransaction(async (tx) => {
        const own = await readOwnUser(tx, senderId);
        const receiver = receiverId === senderId ? null : await readUser(tx, receiverId);
        if (!own) return fail(MESSAGES.yourProfileNotFound);
        if (!receiver) return fail(MESSAGES.receiverProfileNotFound);
        const sent = findSentRequest(own.profile, receiverId, requestId);
        if (!sent) return fail(MESSAGES.requestNotFound);
        queueWrites(tx, applyCancel(senderId, receiverId));
        return ok(MESSAGES.canceled);
      }),
    );
  } catch (error) {
    return fail(MESSAGES.failedToCancel(detailOf(error)));
  }
}

// ---------- cleanup of stale sent requests ----------

export interface CleanupResult extends OperationResult {
  actions: Record<string, CleanupAction[]>;
}

/** Brings the user's sent requests in line with the receivers' documents, then saves (spec section 4). */
export async function cleanupStaleSentRequests(db: DocumentStore, uid: string, clock: Clock): Promise<CleanupResult> {
  if (!uid) return fail(MESSAGES.missingUserId, { actions: {} });
  try {
    const user = await readOwnUserOutside(db, uid);
    if (!user) return fail(MESSAGES.userProfileNotFound, { actions: {} });
    const receiverIds = [
      ...new Set(user.sentFriendRequests.map((s) => safeId(s.receiverId)).filter((id): id is string => id !== null)),
    ];
    const receivers = Object.fromEntries(
      await Promise.all(
        receiverIds.map(async (id) => [id, id === uid ? null : await readUserOutside(db, id)] as const),
      ),
    );
    const plan = planStaleCleanup(uid, user, receivers, clock.now());
    if (!plan.changed) return ok('Sent requests are up to date', { actions: plan.actions });
    // Field paths: a request sent or answered meanwhile is not overwritten by this snapshot.
    if (plan.inbox) await db.update(inboxRef(uid), plan.inbox);
    // The rules let a user's friends grow by one entry per write.
    for (const friend of plan.friendsToAdd) {
      await db.runTransaction(async (tx) => {
        const fresh = await readUser(tx, uid);
        if (!fresh || listsFriend(fresh, friend.id)) return;
        queueWrites(tx, [reAddFriendWrite(uid, fresh, friend)]);
      });
    }
    return ok('Sent requests cleaned up', { actions: plan.actions });
  } catch (error) {
    return fail(detailOf(error), { actions: {} });
  }
}
