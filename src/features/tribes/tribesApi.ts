// Tribes operations over the backend port. Every operation answers { success, message } and
// changes nothing when it fails. Counters move with increment transforms in the same atomic
// write as the documents they count, so they stay exact under concurrent joins and posts; the
// tribe write names what it counts (countedMemberId, countedPostId), so the rules can check it.
// The reads and queries are in tribeQueries.ts.
import { fail, ok } from '../../app/sagas';
import { BackendError, docRef, fieldValue, toSerializedError } from '../../backend/port';
import type { DocumentStore, WriteData, WriteOp } from '../../backend/port';
import { BLOCKS, POSTS, TRIBES, USERS } from '../../domain/collections';
import { REMOVED_POSTS } from '../../domain/conversationTypes';
import { failedMessage, TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { TribeActor, TribeInput, TribeResult } from '../../domain/tribeTypes';
import {
  checkPostBody,
  hasErrors,
  normalizeTribeInput,
  tribeNameKey,
  validateTribeInput,
} from '../../domain/tribeValidation';
import type { TribeInputErrors } from '../../domain/tribeValidation';
import { toTribe, toTribeMember } from './tribeMapper';
import { isDocId, membershipRef, postRef, readMembership, readTribe, tribeNameRef, tribeRef } from './tribeQueries';

const userRef = (uid: string) => docRef(USERS, uid);

const detail = (error: unknown) => toSerializedError(error).message;

// ---------- create ----------

export type CreateTribeResult = TribeResult & { tribeId?: string; fieldErrors?: TribeInputErrors };

async function nameTaken(db: DocumentStore, name: string): Promise<boolean> {
  const found = await db.query({
    collection: TRIBES,
    where: [{ field: 'nameKey', op: '==', value: tribeNameKey(name) }],
    limit: 1,
  });
  return found.length > 0;
}

/**
 * The tribe, its name claim tribeNames/{lowercased name} and the owner's membership, in one
 * atomic write. The claim can only be created, never overwritten, so of two people creating
 * the same name at once exactly one succeeds.
 */
export async function createTribe(db: DocumentStore, owner: TribeActor, raw: TribeInput): Promise<CreateTribeResult> {
  const input = normalizeTribeInput(raw);
  const fieldErrors = validateTribeInput(input);
  if (hasErrors(fieldErrors)) return { ...fail(Object.values(fieldErrors).join(' ')), fieldErrors };
  const taken = { ...fail(TRIBE_MESSAGES.nameTaken), fieldErrors: { name: TRIBE_MESSAGES.nameTaken } };
  try {
    if (await nameTaken(db, input.name)) return taken;
  } catch (error) {
    return fail(failedMessage('create the tribe', detail(error)));
  }
  const tribeId = db.newId(TRIBES);
  const now = fieldValue.serverTimestamp();
  const ops: WriteOp[] = [
    {
      type: 'set',
      ref: tribeRef(tribeId),
      data: {
        ...input,
        nameKey: tribeNameKey(input.name),
        ownerId: owner.uid,
        memberCount: 1,
        postCount: 0,
        createdAt: now,
        lastActivityAt: now,
        countedMemberId: owner.uid,
      },
    },
    { type: 'set', ref: tribeNameRef(input.name), data: { tribeId, ownerId: owner.uid } },
    {
      type: 'set',
      ref: membershipRef(tribeId, owner.uid),
      data: { ...memberFields(tribeId, owner), role: 'owner', status: 'active', joinedAt: now },
    },
  ];
  try {
    await db.commit(ops);
  } catch (error) {
    // The claim existed after all (someone created the name since the check): the write was refused whole.
    if (
      error instanceof BackendError &&
      error.code === 'permission-denied' &&
      (await nameTaken(db, input.name).catch(() => false))
    ) {
      return taken;
    }
    return fail(failedMessage('create the tribe', detail(error)));
  }
  return { ...ok(TRIBE_MESSAGES.created), tribeId };
}

function memberFields(tribeId: string, actor: TribeActor): WriteData {
  return {
    tribeId,
    uid: actor.uid,
    displayName: actor.displayName,
    photoURL: actor.photoURL,
    requestedAt: fieldValue.serverTimestamp(),
  };
}

// ---------- membership ----------

/** Open tribes: an active member at once (memberCount + 1). Request tribes: a pending request. */
export async function joinTribe(db: DocumentStore, actor: TribeActor, tribeId: string): Promise<TribeResult> {
  try {
    const tribe = await readTribe(db, tribeId);
    if (!tribe) return fail(TRIBE_MESSAGES.tribeNotFound);
    const ref = membershipRef(tribeId, actor.uid);
    // Only the membership is read: concurrent joins of other people do not make this retry.
    return await db.runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data;
      const member = existing ? toTribeMember(existing) : null;
      if (member?.status === 'active') return fail(TRIBE_MESSAGES.alreadyMember);
      if (member?.status === 'pending') return fail(TRIBE_MESSAGES.alreadyRequested);
      const isOwner = tribe.ownerId === actor.uid;
      if (tribe.joinPolicy === 'request' && !isOwner) {
        tx.set(ref, { ...memberFields(tribeId, actor), role: 'member', status: 'pending', joinedAt: null });
        return ok(TRIBE_MESSAGES.requestSent);
      }
      tx.set(ref, {
        ...memberFields(tribeId, actor),
        role: isOwner ? 'owner' : 'member',
        status: 'active',
        joinedAt: fieldValue.serverTimestamp(),
      });
      tx.update(tribeRef(tribeId), { memberCount: fieldValue.increment(1), countedMemberId: actor.uid });
      return ok(TRIBE_MESSAGES.joined);
    });
  } catch (error) {
    return fail(failedMessage('join the tribe', detail(error)));
  }
}

/** Leaving (memberCount - 1), or withdrawing a pending request. */
export async function leaveTribe(db: DocumentStore, uid: string, tribeId: string): Promise<TribeResult> {
  try {
    const tribe = await readTribe(db, tribeId);
    if (!tribe) return fail(TRIBE_MESSAGES.tribeNotFound);
    const ref = membershipRef(tribeId, uid);
    return await db.runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data;
      const member = existing ? toTribeMember(existing) : null;
      if (!member) return fail(TRIBE_MESSAGES.notMember);
      if (member.status === 'pending') {
        tx.delete(ref);
        return ok(TRIBE_MESSAGES.requestWithdrawn);
      }
      if (member.role === 'owner') {
        // Read in the transaction: a join committed meanwhile makes this retry and see it.
        const current = (await tx.get(tribeRef(tribeId))).data;
        const memberCount = current ? (toTribe(tribeId, current)?.memberCount ?? 0) : 0;
        if (memberCount > 1) return fail(TRIBE_MESSAGES.ownerCannotLeave);
      }
      tx.delete(ref);
      tx.update(tribeRef(tribeId), { memberCount: fieldValue.increment(-1), countedMemberId: uid });
      return ok(TRIBE_MESSAGES.left);
    });
  } catch (error) {
    return fail(failedMessage('leave the tribe', detail(error)));
  }
}

async function answerJoinRequest(
  db: DocumentStore,
  ownerUid: string,
  tribeId: string,
  applicantUid: string,
  approve: boolean,
): Promise<TribeResult> {
  try {
    const tribe = await readTribe(db, tribeId);
    if (!tribe) return fail(TRIBE_MESSAGES.tribeNotFound);
    if (tribe.ownerId !== ownerUid) return fail(TRIBE_MESSAGES.ownerOnly);
    const ref = membershipRef(tribeId, applicantUid);
    return await db.runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data;
      const member = existing ? toTribeMember(existing) : null;
      if (!member || member.status !== 'pending') return fail(TRIBE_MESSAGES.requestNotFound);
      if (!approve) {
        tx.delete(ref);
        return ok(TRIBE_MESSAGES.declined);
      }
      // The rules approve nobody between people either of whom blocked the other: the owner's own
      // block is said plainly (the applicant's, which the owner cannot read, is refused all the same).
      if ((await tx.get(docRef(BLOCKS, `${ownerUid}_${applicantUid}`))).data)
        return fail(TRIBE_MESSAGES.blockedApplicant);
      tx.update(ref, { status: 'active', joinedAt: fieldValue.serverTimestamp() });
      tx.update(tribeRef(tribeId), { memberCount: fieldValue.increment(1), countedMemberId: applicantUid });
      return ok(TRIBE_MESSAGES.approved);
    });
  } catch (error) {
    return fail(failedMessage(approve ? 'approve the request' : 'decline the request', detail(error)));
  }
}

export const approveJoinRequest = (db: DocumentStore, ownerUid: string, tribeId: string, applicantUid: string) =>
  answerJoinRequest(db, ownerUid, tribeId, applicantUid, true);

export const declineJoinRequest = (db: DocumentStore, ownerUid: string, tribeId: string, applicantUid: string) =>
  answerJoinRequest(db, ownerUid, tribeId, applicantUid, false);

// ---------- posts ----------

export type CreatePostResult = TribeResult & { postId?: string };

/**
 * One batch: the post, the tribe's postCount and lastActivityAt, the author's users/{uid}.postCount,
 * and the author's membership (lastPostAt), which the access policy checks is active.
 */
export async function createPost(
  db: DocumentStore,
  author: TribeActor,
  tribeId: string,
  rawBody: string,
): Promise<CreatePostResult> {
  const checked = checkPostBody(rawBody);
  if ('error' in checked) return fail(checked.error);
  try {
    const tribe = await readTribe(db, tribeId);
    if (!tribe) return fail(TRIBE_MESSAGES.tribeNotFound);
    const member = await readMembership(db, tribeId, author.uid);
    if (member?.status !== 'active') return fail(TRIBE_MESSAGES.membersOnly);
    const postId = db.newId(POSTS);
    const now = fieldValue.serverTimestamp();
    await db.commit([
      {
        type: 'set',
        ref: postRef(postId),
        data: {
          postId,
          tribeId,
          authorId: author.uid,
          authorName: author.displayName,
          authorPhoto: author.photoURL,
          body: checked.body,
          createdAt: now,
        },
      },
      {
        type: 'update',
        ref: tribeRef(tribeId),
        data: { postCount: fieldValue.increment(1), lastActivityAt: now, countedPostId: postId },
      },
      // lastPostId: the access policy moves postCount only with the post it names
      { type: 'update', ref: userRef(author.uid), data: { postCount: fieldValue.increment(1), lastPostId: postId } },
      { type: 'update', ref: membershipRef(tribeId, author.uid), data: { lastPostAt: now } },
    ]);
    return { ...ok(TRIBE_MESSAGES.posted), postId };
  } catch (error) {
    if (error instanceof BackendError && error.code === 'not-found') return fail(TRIBE_MESSAGES.membersOnly);
    return fail(failedMessage('publish your post', detail(error)));
  }
}

/**
 * The post goes, and both counters go down with it; a transaction so a double delete counts once.
 * It leaves removedPosts/{postId}, so the id is never used again (its comments and reactions stay
 * hidden: docs/conversations-model.md).
 */
export async function deletePost(db: DocumentStore, uid: string, postId: string): Promise<TribeResult> {
  if (!isDocId(postId)) return fail(TRIBE_MESSAGES.postNotFound);
  try {
    return await db.runTransaction(async (tx) => {
      const data = (await tx.get(postRef(postId))).data;
      if (!data) return fail(TRIBE_MESSAGES.postNotFound);
      if (data.authorId !== uid) return fail(TRIBE_MESSAGES.authorOnly);
      const tribeId = typeof data.tribeId === 'string' ? data.tribeId : '';
      tx.delete(postRef(postId));
      tx.set(docRef(REMOVED_POSTS, postId), { removedAt: fieldValue.serverTimestamp() });
      tx.update(tribeRef(tribeId), { postCount: fieldValue.increment(-1), countedPostId: postId });
      tx.update(userRef(uid), { postCount: fieldValue.increment(-1), lastPostId: postId });
      return ok(TRIBE_MESSAGES.postDeleted);
    });
  } catch (error) {
    return fail(failedMessage('delete the post', detail(error)));
  }
}
