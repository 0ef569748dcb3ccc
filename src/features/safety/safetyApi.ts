// Blocks, mutes, reports and moderation over the backend port, written once for both adapters.
// Every operation answers { success, message } and changes nothing when it fails, except a
// block whose follow-up (ending the friendship and requests) fails: the block stays and says so.
import { fail, ok } from '../../app/sagas';
import type { Clock, DocData, DocumentStore, QuerySpec } from '../../backend/port';
import { docRef, fieldValue, toSerializedError } from '../../backend/port';
import { BLOCKS, MUTES, POSTS, PROJECTS, REPORTS, TRIBES, TRIBE_MEMBERS, USERS } from '../../domain/collections';
import { COMMENTS, REMOVED_COMMENTS, REMOVED_POSTS } from '../../domain/conversationTypes';
import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import type {
  ListedPerson,
  ModerationItem,
  Report,
  ReportedContent,
  ReportResolution,
  ReportStatus,
  ReportTarget,
  ReportTargetKind,
  SafetyResult,
} from '../../domain/safetyTypes';
import {
  isReportReason,
  PERSON_NAME_MAX,
  REPORT_DETAILS_MAX,
  REPORT_LABEL_MAX,
  REPORT_QUEUE_LIMIT,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
} from '../../domain/safetyTypes';
import { postConversationPath } from '../conversations';
import { cancelFriendRequest, declineFriendRequest, removeFriend } from '../friends';
import { readOwnProfile } from '../profile';

const detailOf = (error: unknown) => toSerializedError(error).message;

export const blockRef = (blockerId: string, blockedId: string) => docRef(BLOCKS, `${blockerId}_${blockedId}`);
export const muteRef = (muterId: string, mutedId: string) => docRef(MUTES, `${muterId}_${mutedId}`);
export const reportId = (reporterId: string, target: Pick<ReportTarget, 'kind' | 'id'>) =>
  `${reporterId}_${target.kind}_${target.id}`;
const postRef = (postId: string) => docRef(POSTS, postId);
const tribeRef = (tribeId: string) => docRef(TRIBES, tribeId);
const membershipRef = (tribeId: string, uid: string) => docRef(TRIBE_MEMBERS, `${tribeId}_${uid}`);

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const ms = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) || 0 : 0;
/** Names as the rules take them: 1-50 characters. */
const personName = (name: string) => (name.trim() || 'Someone').slice(0, PERSON_NAME_MAX);

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

// ---------- report ----------

export interface ReportInput {
  target: ReportTarget;
  reason: string;
  details: string;
}

/** A message for bad input, or null. */
export function checkReport(input: ReportInput): string | null {
  if (!isReportReason(input.reason)) return SAFETY_MESSAGES.chooseReason;
  if (input.details.trim().length > REPORT_DETAILS_MAX) return SAFETY_MESSAGES.detailsTooLong;
  return null;
}

/** One report per reporter and target: the id says so, and the rules refuse a second one. */
export async function submitReport(db: DocumentStore, uid: string, input: ReportInput): Promise<SafetyResult> {
  const problem = checkReport(input);
  if (problem) return fail(problem);
  const ref = docRef(REPORTS, reportId(uid, input.target));
  try {
    if ((await db.get(ref)).data) return fail(SAFETY_MESSAGES.alreadyReported);
    await db.set(ref, {
      reporterId: uid,
      targetKind: input.target.kind,
      targetId: input.target.id,
      targetLabel: input.target.label.trim().slice(0, REPORT_LABEL_MAX),
      reason: input.reason,
      details: input.details.trim(),
      status: 'open',
      createdAt: fieldValue.serverTimestamp(),
    });
    return ok(SAFETY_MESSAGES.reportSent);
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed('send your report', detailOf(error)));
  }
}

// ---------- tribe owners and moderators ----------

/** What a delete leaves, so the post's or comment's id is never used again (docs/conversations-model.md). */
const removalMark = (collection: string, id: string) => docRef(collection, id);

/**
 * Deletes someone's post as the tribe's owner or a moderator; the tribe's postCount goes down with
 * it, naming the post (countedPostId). The author's users/{uid}.postCount stays as it was: only
 * its owner writes a profile, so a removed post still counts there (a known limitation).
 */
export async function removePost(db: DocumentStore, postId: string): Promise<SafetyResult> {
  try {
    return await db.runTransaction(async (tx) => {
      const post = (await tx.get(postRef(postId))).data;
      if (!post) return fail(SAFETY_MESSAGES.postNotFound);
      const tribeId = str(post.tribeId);
      const tribe = tribeId ? (await tx.get(tribeRef(tribeId))).data : null;
      tx.delete(postRef(postId));
      tx.set(removalMark(REMOVED_POSTS, postId), { removedAt: fieldValue.serverTimestamp() });
      if (tribe) tx.update(tribeRef(tribeId), { postCount: fieldValue.increment(-1), countedPostId: postId });
      return ok(SAFETY_MESSAGES.postRemoved);
    });
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed('remove the post', detailOf(error)));
  }
}

/** The owner removes a member (memberCount - 1 for an active one); the owner themself stays. */
export async function removeMember(db: DocumentStore, tribeId: string, member: ListedPerson): Promise<SafetyResult> {
  try {
    return await db.runTransaction(async (tx) => {
      const membership = (await tx.get(membershipRef(tribeId, member.id))).data;
      if (!membership) return fail(SAFETY_MESSAGES.memberNotFound);
      if (membership.role === 'owner') return fail(SAFETY_MESSAGES.ownerStays);
      tx.delete(membershipRef(tribeId, member.id));
      if (membership.status !== 'pending')
        tx.update(tribeRef(tribeId), { memberCount: fieldValue.increment(-1), countedMemberId: member.id });
      return ok(SAFETY_MESSAGES.memberRemoved(personName(member.name)));
    });
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed(`remove ${personName(member.name)}`, detailOf(error)));
  }
}

// ---------- the moderation queue ----------

export const openReportsQuery: QuerySpec = {
  collection: REPORTS,
  where: [{ field: 'status', op: '==', value: 'open' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: REPORT_QUEUE_LIMIT,
};

const TARGET_COLLECTION: Record<ReportTargetKind, string> = {
  profile: USERS,
  post: POSTS,
  tribe: TRIBES,
  project: PROJECTS,
  comment: COMMENTS,
};

export function toReport(id: string, data: DocData): Report | null {
  const kind = data.targetKind as ReportTargetKind;
  const targetId = str(data.targetId);
  if (!REPORT_TARGET_KINDS.includes(kind) || !targetId) return null;
  return {
    id,
    reporterId: str(data.reporterId),
    target: { kind, id: targetId, label: str(data.targetLabel) },
    reason: str(data.reason, 'other'),
    details: str(data.details),
    status: REPORT_STATUSES.includes(data.status as ReportStatus) ? (data.status as ReportStatus) : 'open',
    createdAt: ms(data.createdAt),
  };
}

function toContent(kind: ReportTargetKind, id: string, data: DocData | null): ReportedContent | null {
  if (!data) return null;
  const enc = encodeURIComponent(id);
  switch (kind) {
    case 'profile':
      return { title: str(data.displayName, 'Someone'), body: str(data.bio), path: `/profile/${enc}`, hidden: false };
    case 'post':
      return {
        title: `Post by ${str(data.authorName, 'someone')}`,
        body: str(data.body),
        path: `/tribes/${encodeURIComponent(str(data.tribeId))}`,
        hidden: false,
      };
    case 'tribe':
      return {
        title: str(data.name, 'A tribe'),
        body: str(data.description) || str(data.tagline),
        path: `/tribes/${enc}`,
        hidden: data.hidden === true,
      };
    case 'project':
      return {
        title: str(data.title, 'A project'),
        body: str(data.summary) || str(data.description),
        path: `/project-matchmaking/${enc}`,
        hidden: data.hidden === true,
      };
    case 'comment':
      return {
        title: `Comment by ${str(data.authorName, 'someone')}`,
        body: str(data.body),
        path: postConversationPath(str(data.tribeId), str(data.postId)),
        hidden: false,
      };
  }
}

/**
 * The reported thing as it is now, or null when it is gone. A comment under a deleted post reads
 * as gone (its post took it along, and the rules refuse reading it): one such comment must not
 * cost the whole queue, so comments are read one by one.
 */
async function readTargets(db: DocumentStore, reports: readonly Report[]): Promise<(DocData | null)[]> {
  const refOf = (report: Report) => docRef(TARGET_COLLECTION[report.target.kind], report.target.id);
  const others = reports.filter((report) => report.target.kind !== 'comment');
  const read = new Map<Report, DocData | null>();
  (await db.getMany(others.map(refOf))).forEach((snapshot, index) => read.set(others[index]!, snapshot.data));
  await Promise.all(
    reports
      .filter((report) => report.target.kind === 'comment')
      .map(async (report) => read.set(report, (await db.get(refOf(report)).catch(() => null))?.data ?? null)),
  );
  return reports.map((report) => read.get(report) ?? null);
}

/** Open reports, newest first, each with the reported content as it is now. */
export async function listModerationQueue(db: DocumentStore): Promise<ModerationItem[]> {
  const reports = (await db.query(openReportsQuery)).flatMap((snapshot) => {
    const report = snapshot.data ? toReport(snapshot.ref.id, snapshot.data) : null;
    return report ? [report] : [];
  });
  if (reports.length === 0) return [];
  const targets = await readTargets(db, reports);
  return reports.map((report, index) => ({
    report,
    content: toContent(report.target.kind, report.target.id, targets[index] ?? null),
  }));
}

const resolution = (moderatorUid: string, outcome: ReportResolution) => ({
  status: outcome === 'dismissed' ? 'dismissed' : 'actioned',
  resolution: outcome,
  resolvedBy: moderatorUid,
  resolvedAt: fieldValue.serverTimestamp(),
});

export async function dismissReport(db: DocumentStore, moderatorUid: string, id: string): Promise<SafetyResult> {
  try {
    return await db.runTransaction(async (tx) => {
      const report = (await tx.get(docRef(REPORTS, id))).data;
      if (report?.status !== 'open') return fail(SAFETY_MESSAGES.reportNotFound);
      tx.update(docRef(REPORTS, id), resolution(moderatorUid, 'dismissed'));
      return ok(SAFETY_MESSAGES.dismissed);
    });
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed('dismiss the report', detailOf(error)));
  }
}

/**
 * Acts on a report in one transaction with its resolution: a post is removed (the tribe's
 * postCount with it), a comment removed (its post's commentCount with it, naming it), a tribe or
 * project hidden from listings. Profiles have no action here.
 */
export async function actOnReport(db: DocumentStore, moderatorUid: string, id: string): Promise<SafetyResult> {
  try {
    return await db.runTransaction(async (tx) => {
      const data = (await tx.get(docRef(REPORTS, id))).data;
      const report = data ? toReport(id, data) : null;
      if (!report || report.status !== 'open') return fail(SAFETY_MESSAGES.reportNotFound);
      const { kind, id: targetId } = report.target;
      if (kind === 'profile') return fail('Profiles have no action here: dismiss the report, or act on their posts');
      const target = docRef(TARGET_COLLECTION[kind], targetId);
      if (kind === 'comment') {
        // Under a deleted post the comment is gone with it (and unreadable): the report is resolved all the same.
        const comment = await tx.get(target).then(
          (snapshot) => snapshot.data,
          () => null,
        );
        const postId = str(comment?.postId);
        const post = postId ? (await tx.get(postRef(postId))).data : null;
        if (comment && post) {
          tx.delete(target);
          tx.set(removalMark(REMOVED_COMMENTS, targetId), { removedAt: fieldValue.serverTimestamp() });
          tx.update(postRef(postId), { commentCount: fieldValue.increment(-1), countedCommentId: targetId });
        }
        tx.update(docRef(REPORTS, id), resolution(moderatorUid, 'commentRemoved'));
        return ok(comment && post ? SAFETY_MESSAGES.commentRemoved : SAFETY_MESSAGES.actioned);
      }
      const current = (await tx.get(target)).data;
      if (kind === 'post') {
        const tribeId = str(current?.tribeId);
        const tribe = tribeId ? (await tx.get(tribeRef(tribeId))).data : null;
        if (current) {
          tx.delete(target);
          tx.set(removalMark(REMOVED_POSTS, targetId), { removedAt: fieldValue.serverTimestamp() });
        }
        if (current && tribe)
          tx.update(tribeRef(tribeId), { postCount: fieldValue.increment(-1), countedPostId: targetId });
        tx.update(docRef(REPORTS, id), resolution(moderatorUid, 'postRemoved'));
        return ok(current ? SAFETY_MESSAGES.postRemoved : SAFETY_MESSAGES.actioned);
      }
      if (current && current.hidden !== true) tx.update(target, { hidden: true });
      tx.update(docRef(REPORTS, id), resolution(moderatorUid, 'hidden'));
      return ok(kind === 'tribe' ? 'Tribe hidden from listings' : 'Project hidden from listings');
    });
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed('act on the report', detailOf(error)));
  }
}
