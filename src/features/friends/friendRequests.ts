// Friend requests between two users: send, accept, decline, cancel, and the cleanup of the
// sender's stale copies. Each reads both documents and writes both in one transaction; the new
// fields come from the pure functions in friendsLogic.ts. Every operation answers
// { success, message } with the spec's messages (section 8).
import { fail, ok } from '../../app/sagas';
import type { OperationResult } from '../../app/sagas';
import type { Clock, DocumentStore } from '../../backend/port';
import { safeId } from '../../domain/coerce';
import {
  acceptMovesCounts,
  applyAccept,
  applyCancel,
  applyDecline,
  applySend,
  checkSend,
  findSentRequest,
  listsFriend,
  nextSendWindow,
  RATE_LIMITED_MESSAGE,
  sendWindowOf,
  planStaleCleanup,
  toWriteData,
} from '../../domain/friendsLogic';
import type { CleanupAction } from '../../domain/friendsLogic';
import { userRef } from '../profile';
import { toStoredUserProfile } from '../profile';
import { detailOf, MESSAGES, readUser, readUserOutside } from './friendsDocuments';

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
  if (!senderId || !receiverId) return fail(MESSAGES.missingSenderOrReceiver, { requestId: null });
  if (senderId === receiverId) return fail(MESSAGES.self, { requestId: null });
  try {
    return await db.runTransaction(async (tx): Promise<SendResult> => {
      const senderData = (await tx.get(userRef(senderId))).data;
      const sender = senderData ? toStoredUserProfile(senderData) : null;
      const receiver = await readUser(tx, receiverId);
      if (!sender) return fail(MESSAGES.senderProfileNotFound, { requestId: null });
      if (!receiver) return fail(MESSAGES.userNotFound, { requestId: null });
      const now = clock.now();
      const window = sendWindowOf(senderData);
      const check = checkSend(senderId, sender, receiverId, receiver, window, now);
      if (!check.ok) return fail(check.message, { requestId: null });
      const windowFields = nextSendWindow(window, now);
      if (!windowFields) return fail(RATE_LIMITED_MESSAGE, { requestId: null });
      const plan = applySend(senderId, sender, receiverId, receiver, now);
      // The rules count every request in the sender's rate window, in the same write.
      tx.update(userRef(senderId), { ...toWriteData(plan.sender), ...windowFields });
      tx.update(userRef(receiverId), toWriteData(plan.receiver));
      return ok(MESSAGES.sent, { requestId: plan.requestId });
    });
  } catch (error) {
    return fail(MESSAGES.failedToCreate(detailOf(error)), { requestId: null });
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
// ---------- cleanup of stale sent requests ----------

export interface CleanupResult extends OperationResult {
  actions: Record<string, CleanupAction[]>;
}

/** Brings the user's sent requests in line with the receivers' documents, then saves (spec section 4). */
export async function cleanupStaleSentRequests(db: DocumentStore, uid: string, clock: Clock): Promise<CleanupResult> {
  if (!uid) return fail(MESSAGES.missingUserId, { actions: {} });
  try {
    const user = await readUserOutside(db, uid);
    if (!user) return fail(MESSAGES.userProfileNotFound, { actions: {} });
    const receiverIds = [...new Set(user.sentFriendRequests.map((s) => safeId(s.receiverId)).filter((id): id is string => id !== null))];
    const receivers = Object.fromEntries(
      await Promise.all(receiverIds.map(async (id) => [id, id === uid ? null : await readUserOutside(db, id)] as const)),
    );
    const plan = planStaleCleanup(uid, user, receivers, clock.now());
    if (!plan.changed) return ok('Sent requests are up to date', { actions: plan.actions });
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
    return ok('Sent requests cleaned up', { actions: plan.actions });
  } catch (error) {
    return fail(detailOf(error), { actions: {} });
  }
}
