// The notifications someone else (the caller C) adds to uid's inboxes/{uid}.notifications, each
// under its own key and in one sentence the rules can check (firestore.rules: noticeOk and the
// helpers of the same names): the accepted notice of a friend request, a project owner's decision,
// and a comment's notice (docs/conversations-model.md). inboxPolicy.ts says which writes may
// carry them.
import { acceptedMessageFor, NOTIFICATIONS_MAX } from '../../domain/friendsLimits';
import type { DocData, DocValue } from '../port';
import { asMap, capOk, changedKeys, exactKeys, hasOnly, mapChange, mapField } from './policyHelpers';
import type { DocMap, WriteContext } from './policyHelpers';
import { applicationRef, commentRef, inboxRef, me, postRef, projectRef, tribeRef, userRef } from './policyRefs';
import { isId, isRequestTime } from './policyValues';

export const NOTIFICATION_KEYS = [
  'id',
  'type',
  'message',
  'senderId',
  'senderName',
  'senderPhoto',
  'read',
  'createdAt',
];
/** A conversation notice: the friends notification's fields and where it links to. */
export const CONVERSATION_NOTICE_KEYS = [...NOTIFICATION_KEYS, 'postId', 'tribeId', 'commentId'];

/** The caller's profile as it is after this write (rules: getAfter(users/me)). */
export const callerProfile = (ctx: WriteContext): DocData => ctx.getAfter(userRef(me(ctx))) ?? {};

/** Sent by the caller, in their profile's name and photo, unread, at the server's time. */
function fromCaller(ctx: WriteContext, n: DocMap, mine: DocData): boolean {
  return (
    n.senderId === me(ctx) &&
    typeof mine.displayName === 'string' &&
    n.senderName === mine.displayName &&
    n.senderPhoto === (mine.photoURL ?? null) &&
    n.read === false &&
    isRequestTime(n.createdAt, ctx)
  );
}

/**
 * The one notification this write adds, alone: only notifications and hasNewNotification (true)
 * change, exactly one key added, none removed or changed, at most 100 after; null otherwise.
 */
function noticeAddedAlone(ctx: WriteContext): { key: string; n: DocMap } | null {
  const notifications = mapChange(ctx, 'notifications');
  if (notifications === null || !hasOnly(changedKeys(ctx), ['notifications', 'hasNewNotification'])) return null;
  const { added, removed, changed } = notifications.diff;
  if (ctx.after?.hasNewNotification !== true || added.length !== 1 || removed.length > 0 || changed.length > 0)
    return null;
  const key = added[0]!;
  const n = asMap(notifications.after[key]);
  return n !== null && capOk(ctx, 'notifications', NOTIFICATIONS_MAX) ? { key, n } : null;
}

// ---------- friend requests ----------

/**
 * The accepted notice C adds to uid's inbox: key == id == `accepted_{requestId}_{ms}` where
 * requestId is the request C held from uid before this write, type friendRequestAccepted, the
 * spec's sentence for C's own name, C's name and photo, unread, createdAt == request.time; and
 * uid gains C in this very batch (get(users/uid).friends has no key C, getAfter has it);
 * rules: acceptedNoticeOk().
 */
export function acceptedNoticeOk(ctx: WriteContext, key: string, value: DocValue | undefined): boolean {
  const n = asMap(value);
  const mine = callerProfile(ctx);
  const held = asMap(mapField(ctx.get(inboxRef(me(ctx))), 'friendRequests')?.[ctx.ref.id]);
  const requestId = held?.requestId;
  const prefix = `accepted_${typeof requestId === 'string' ? requestId : ''}_`;
  const friendsBefore = mapField(ctx.get(userRef(ctx.ref.id)), 'friends') ?? {};
  const friendsAfter = mapField(ctx.getAfter(userRef(ctx.ref.id)), 'friends') ?? {};
  return (
    n !== null &&
    typeof requestId === 'string' &&
    exactKeys(n, NOTIFICATION_KEYS) &&
    n.id === key &&
    isId(key, 300) &&
    key.startsWith(prefix) &&
    /^[0-9]{1,16}$/.test(key.slice(prefix.length)) &&
    n.type === 'friendRequestAccepted' &&
    fromCaller(ctx, n, mine) &&
    n.message === acceptedMessageFor(mine.displayName as string) &&
    !Object.hasOwn(friendsBefore, me(ctx)) &&
    Object.hasOwn(friendsAfter, me(ctx))
  );
}

// ---------- project decisions ----------

export const PROJECT_DECISION_TYPES: Record<string, 'approved' | 'declined'> = {
  projectApplicationApproved: 'approved',
  projectApplicationDeclined: 'declined',
};
/** `{owner name} approved|declined your request to join {project title}`: names <= 50, titles <= 80, so <= 200 (projectWrites.ts writes the same). */
export const projectDecisionMessageFor = (ownerName: string, decision: 'approved' | 'declined', title: string) =>
  `${ownerName} ${decision} your request to join ${title}`;

/** `project_{projectId}_{applicantId}_{ms}` addressed to `applicantId`. */
export function parseProjectNoticeId(
  id: string,
  applicantId: string,
): { projectId: string; applicationId: string } | null {
  const suffix = new RegExp(`_${applicantId.replace(/[^A-Za-z0-9]/g, '\\$&')}_[0-9]{1,16}$`);
  if (!id.startsWith('project_') || !suffix.test(id)) return null;
  const projectId = id.slice('project_'.length).replace(suffix, '');
  return isId(projectId) ? { projectId, applicationId: `${projectId}_${applicantId}` } : null;
}

/**
 * Project decision by the project's owner C: the one notice added alone, under
 * `project_{projectId}_{uid}_{ms}` == its id; the application `{projectId}_{uid}` was pending
 * before and is approved/declined after this write (the type matching); the exact sentence with
 * C's name and the project's title; C's name and photo, unread, createdAt == request.time;
 * rules: projectDecisionNoticeOk().
 */
export function projectDecisionNoticeOk(ctx: WriteContext): boolean {
  const added = noticeAddedAlone(ctx);
  if (added === null) return false;
  const { key, n } = added;
  const parsed = parseProjectNoticeId(key, ctx.ref.id);
  const decision = typeof n.type === 'string' ? PROJECT_DECISION_TYPES[n.type] : undefined;
  if (parsed === null || decision === undefined) return false;
  const mine = callerProfile(ctx);
  const project = ctx.getAfter(projectRef(parsed.projectId));
  const application = ctx.getAfter(applicationRef(parsed.applicationId));
  return (
    exactKeys(n, NOTIFICATION_KEYS) &&
    n.id === key &&
    isId(key, 300) &&
    project !== null &&
    project.ownerId === me(ctx) &&
    ctx.get(applicationRef(parsed.applicationId))?.status === 'pending' &&
    application?.status === decision &&
    fromCaller(ctx, n, mine) &&
    typeof project.title === 'string' &&
    n.message === projectDecisionMessageFor(mine.displayName as string, decision, project.title)
  );
}

// ---------- comments ----------

/**
 * Someone's comment C tells the receiver (ctx.ref.id, not the caller) about it: the one notice
 * added alone, `comment_{id}` (type postComment: the receiver wrote the post; "{name} commented
 * on your post in {tribe}") or `reply_{id}` (type commentReply: the receiver wrote the comment it
 * answers; "{name} replied to your comment"); the comment is created in this very write by the
 * caller, on the post and tribe the notice names; the caller's own name and photo, unread, at the
 * server's time (rules: commentNoticeOk in noticeOk).
 */
export function conversationNoticeOk(ctx: WriteContext): boolean {
  const uid = ctx.ref.id;
  if (uid === me(ctx)) return false;
  const added = noticeAddedAlone(ctx);
  if (added === null) return false;
  const { key, n } = added;
  if (!isId(n.commentId) || !isId(n.postId) || !isId(n.tribeId)) return false;
  const reply = n.type === 'commentReply';
  if (key !== `${reply ? 'reply' : 'comment'}_${n.commentId}` || (!reply && n.type !== 'postComment')) return false;
  const mine = callerProfile(ctx);
  const comment = ctx.getAfter(commentRef(n.commentId));
  if (
    !exactKeys(n, CONVERSATION_NOTICE_KEYS) ||
    n.id !== key ||
    !isId(key) ||
    !fromCaller(ctx, n, mine) ||
    comment === null ||
    ctx.get(commentRef(n.commentId)) !== null ||
    comment.authorId !== me(ctx) ||
    comment.postId !== n.postId ||
    comment.tribeId !== n.tribeId
  ) {
    return false;
  }
  if (reply) {
    const parent = isId(comment.parentId) ? ctx.get(commentRef(comment.parentId)) : null;
    return parent?.authorId === uid && n.message === `${mine.displayName as string} replied to your comment`;
  }
  const post = ctx.get(postRef(n.postId));
  const tribe = ctx.get(tribeRef(n.tribeId));
  return (
    post?.authorId === uid &&
    typeof tribe?.name === 'string' &&
    n.message === `${mine.displayName as string} commented on your post in ${tribe.name}`
  );
}
