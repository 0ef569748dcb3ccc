// Blocks and mutes over the backend port. Every operation answers { success, message } and changes
// nothing when it fails, except a block whose follow-up (ending the friendship and requests)
// fails: the block stays and says so.
import { fail, ok } from '../../app/sagas';
import type { Clock, DocumentStore } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { BLOCKS, MUTES } from '../../domain/collections';
import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import type { ListedPerson, SafetyResult } from '../../domain/safetyTypes';
import { cancelFriendRequest, declineFriendRequest, removeFriend } from '../friends';
import { readOwnProfile } from '../profile';
import { detailOf, personName } from './safetyFields';

const blockRef = (blockerId: string, blockedId: string) => docRef(BLOCKS, `${blockerId}_${blockedId}`);
const muteRef = (muterId: string, mutedId: string) => docRef(MUTES, `${muterId}_${mutedId}`);

// ---------- block ----------

/**
 * Blocks first, so the blocked person cannot send a new request meanwhile; then ends the
 * friendship and the pending requests between the two through the friends operations (which
 * keep counts and pending removals right).
 */
export async function blockPerson(
  db: DocumentStore,
  uid: string,
  person: ListedPerson,
  clock: Clock,
): Promise<SafetyResult> {
  if (!uid || !person.id || uid === person.id) return fail(SAFETY_MESSAGES.self);
  const name = personName(person.name);
  try {
    await db.set(blockRef(uid, person.id), {
      blockerId: uid,
      blockedId: person.id,
      blockedName: name,
      createdAt: fieldValue.serverTimestamp(),
    });
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`block ${name}`, detailOf(error)));
  }
  const problems: string[] = [];
  try {
    const me = await readOwnProfile(db, uid);
    if (me?.friends.some((friend) => friend?.id === person.id)) {
      const removed = await removeFriend(db, uid, person.id, clock);
      if (!removed.success) problems.push(removed.message);
    }
    for (const request of me?.friendRequests ?? []) {
      if (request.senderId !== person.id || request.status !== 'pending') continue;
      const declined = await declineFriendRequest(db, uid, request.requestId);
      if (!declined.success) problems.push(declined.message);
    }
    for (const sent of me?.sentFriendRequests ?? []) {
      if (sent.receiverId !== person.id || sent.status !== 'pending') continue;
      const canceled = await cancelFriendRequest(db, uid, person.id, sent.requestId);
      if (!canceled.success) problems.push(canceled.message);
    }
  } catch (error) {
    problems.push(detailOf(error));
  }
  return problems.length > 0
    ? ok(SAFETY_MESSAGES.blockedButRelationship(name, problems.join('; ')))
    : ok(SAFETY_MESSAGES.blocked(name));
}

export async function unblockPerson(db: DocumentStore, uid: string, person: ListedPerson): Promise<SafetyResult> {
  try {
    await db.delete(blockRef(uid, person.id));
    return ok(SAFETY_MESSAGES.unblocked(personName(person.name)));
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`unblock ${personName(person.name)}`, detailOf(error)));
  }
}

// ---------- mute ----------

export async function mutePerson(db: DocumentStore, uid: string, person: ListedPerson): Promise<SafetyResult> {
  if (!uid || !person.id || uid === person.id) return fail(SAFETY_MESSAGES.self);
  const name = personName(person.name);
  try {
    await db.set(muteRef(uid, person.id), {
      muterId: uid,
      mutedId: person.id,
      mutedName: name,
      createdAt: fieldValue.serverTimestamp(),
    });
    return ok(SAFETY_MESSAGES.muted(name));
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`mute ${name}`, detailOf(error)));
  }
}

export async function unmutePerson(db: DocumentStore, uid: string, person: ListedPerson): Promise<SafetyResult> {
  try {
    await db.delete(muteRef(uid, person.id));
    return ok(SAFETY_MESSAGES.unmuted(personName(person.name)));
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`unmute ${personName(person.name)}`, detailOf(error)));
  }
}
