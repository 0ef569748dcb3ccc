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

/** A block or a mute: the fields naming who made it, about whom, and the name shown in their list. */
const RECORDS = {
  block: { collection: BLOCKS, by: 'blockerId', about: 'blockedId', name: 'blockedName' },
  mute: { collection: MUTES, by: 'muterId', about: 'mutedId', name: 'mutedName' },
} as const;

type RecordKind = keyof typeof RECORDS;

const recordRef = (kind: RecordKind, uid: string, personId: string) =>
  docRef(RECORDS[kind].collection, `${uid}_${personId}`);

/** Writes `uid`'s block or mute of `person`: null when written, the failure otherwise. */
async function writeRecord(
  db: DocumentStore,
  kind: RecordKind,
  uid: string,
  person: ListedPerson,
  name: string,
): Promise<SafetyResult | null> {
  const fields = RECORDS[kind];
  try {
    await db.set(recordRef(kind, uid, person.id), {
      [fields.by]: uid,
      [fields.about]: person.id,
      [fields.name]: name,
      createdAt: fieldValue.serverTimestamp(),
    });
    return null;
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`${kind} ${name}`, detailOf(error)));
  }
}

/** Takes back `uid`'s block or mute of `person`, answering `done(name)`. */
async function deleteRecord(
  db: DocumentStore,
  kind: RecordKind,
  uid: string,
  person: ListedPerson,
  done: (name: string) => string,
): Promise<SafetyResult> {
  const name = personName(person.name);
  try {
    await db.delete(recordRef(kind, uid, person.id));
    return ok(done(name));
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`un${kind} ${name}`, detailOf(error)));
  }
}

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
  const refused = await writeRecord(db, 'block', uid, person, name);
  if (refused) return refused;
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

export const unblockPerson = (db: DocumentStore, uid: string, person: ListedPerson): Promise<SafetyResult> =>
  deleteRecord(db, 'block', uid, person, SAFETY_MESSAGES.unblocked);

// ---------- mute ----------

export async function mutePerson(db: DocumentStore, uid: string, person: ListedPerson): Promise<SafetyResult> {
  if (!uid || !person.id || uid === person.id) return fail(SAFETY_MESSAGES.self);
  const name = personName(person.name);
  return (await writeRecord(db, 'mute', uid, person, name)) ?? ok(SAFETY_MESSAGES.muted(name));
}

export const unmutePerson = (db: DocumentStore, uid: string, person: ListedPerson): Promise<SafetyResult> =>
  deleteRecord(db, 'mute', uid, person, SAFETY_MESSAGES.unmuted);
