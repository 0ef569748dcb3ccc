// Tribe owners' and moderators' operations over the backend port: removing a post or a member,
// and the moderation queue (reading it, dismissing a report, acting on one). Every operation
// answers { success, message } and changes nothing when it fails.
import { fail, ok } from '../../app/sagas';
import type { DocData, DocumentStore, QuerySpec } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { POSTS, PROJECTS, REPORTS, TRIBES, TRIBE_MEMBERS, USERS } from '../../domain/collections';
import { COMMENTS, REMOVED_COMMENTS, REMOVED_POSTS } from '../../domain/conversationTypes';
import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import type {
  ListedPerson,
  ModerationItem,
  Report,
  ReportedContent,
  ReportResolution,
  ReportTargetKind,
  SafetyResult,
} from '../../domain/safetyTypes';
import { REPORT_QUEUE_LIMIT } from '../../domain/safetyTypes';
import { postConversationPath } from '../conversations';
import { toReport } from './reportsApi';
import { detailOf, personName, str } from './safetyFields';

const postRef = (postId: string) => docRef(POSTS, postId);
const tribeRef = (tribeId: string) => docRef(TRIBES, tribeId);
const membershipRef = (tribeId: string, uid: string) => docRef(TRIBE_MEMBERS, `${tribeId}_${uid}`);

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

const openReportsQuery: QuerySpec = {
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
