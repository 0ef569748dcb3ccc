// inboxes/{uid}: the owner's private friends data (docs/friends-model.md). Only the owner reads
// it (policy.ts checkRead); writes are the owner's own, or exactly one of the four shapes another
// user's friends operation or project decision produces (firestore.rules: match /inboxes/{uid},
// the helpers of the same names). Every map is keyed by id, so every check is O(1) per write:
// rules use Map.diff() (addedKeys, removedKeys, changedKeys) and look entries up by key.
// An inbox not yet written (a set-merge creating it) is judged as an update of an empty one
// (rules: `resource == null ? {} : resource.data`).
import { INBOXES } from '../../domain/collections';
import {
  FRIEND_REQUESTS_MAX,
  INBOX_CHANGES_PER_WRITE_MAX,
  NOTIFICATIONS_MAX,
  SEND_RATE_LIMIT,
  SEND_RATE_WINDOW_MS,
} from '../../domain/friendsLimits';
import { INBOX_FIELDS } from '../../domain/friendsPlan';
import type { DocData, DocRef, DocValue } from '../port';
import { docValuesEqual } from './docValues';
import {
  acceptedNoticeOk,
  callerProfile,
  conversationNoticeOk,
  parseProjectNoticeId,
  projectDecisionNoticeOk,
} from './inboxNoticesPolicy';
import { isAllowedPhotoURL } from './photoURLs';
import {
  asMap,
  capOk,
  changedKeys,
  decide,
  deny,
  differsOnlyIn,
  exactKeys,
  hasOnly,
  mapChange,
  mapField,
} from './policyHelpers';
import type { MapDiff, PolicyDecision, WriteContext } from './policyHelpers';
import { applicationRef, blockRef, inboxRef, me, projectRef, userRef } from './policyRefs';
import { isId, isNonNegativeInteger, isRequestTime } from './policyValues';
import { blockedEitherWay } from './safetyPolicy';
import { displayNameOk, REQUEST_KEYS, requestIdOk, SENT_FRIEND_REQUESTS_MAX, SENT_REQUEST_KEYS } from './usersPolicy';

export { INBOX_FIELDS };
const INBOX_MAPS = ['friendRequests', 'sentFriendRequests', 'notifications'] as const;
const WINDOW_FIELDS = ['requestWindowStart', 'requestWindowCount'];
export { INBOX_CHANGES_PER_WRITE_MAX };

/** A diff that only removes keys, and only those listed. */
const onlyRemoves = (diff: MapDiff, keys: readonly string[]) =>
  diff.added.length === 0 && diff.changed.length === 0 && hasOnly(diff.removed, keys);

// ---------- the rate window (moved here from users/{uid}) ----------

/**
 * The friend-request rate window: each request sent adds one to requestWindowCount (at most
 * SEND_RATE_LIMIT), or starts a new window at the server's time once the last one is over.
 */
export function sendWindowOk(ctx: WriteContext): boolean {
  const b = ctx.before ?? {};
  const a = ctx.after ?? {};
  const count = a.requestWindowCount;
  if (!isNonNegativeInteger(count)) return false;
  const continued =
    b.requestWindowStart !== undefined &&
    docValuesEqual(a.requestWindowStart, b.requestWindowStart) &&
    typeof b.requestWindowCount === 'number' &&
    count === b.requestWindowCount + 1 &&
    count <= SEND_RATE_LIMIT;
  const restarted =
    isRequestTime(a.requestWindowStart, ctx) &&
    count === 1 &&
    (b.requestWindowStart === undefined ||
      (typeof b.requestWindowStart === 'number' && ctx.requestTime >= b.requestWindowStart + SEND_RATE_WINDOW_MS));
  return continued || restarted;
}

/** The window fields of `uid`'s inbox moved in this write (a request was counted). */
export function windowMoved(ctx: WriteContext, uid: string): boolean {
  const before = ctx.get(inboxRef(uid)) ?? {};
  const after = ctx.getAfter(inboxRef(uid)) ?? {};
  return WINDOW_FIELDS.some((key) => !docValuesEqual(before[key] ?? null, after[key] ?? null));
}

// ---------- the owner ----------

/**
 * The one sent entry a send adds to the owner's map, under the receiver's id: the request shape,
 * requestId `{me}_{ms}`, the receiver's own name and photo (getAfter(users/receiver)), pending,
 * createdAt == request.time, and the receiver's inbox after this write holding the mirror
 * friendRequests[me] with the same requestId; rules: sentEntryOk().
 */
function sentEntryOk(ctx: WriteContext, receiverId: string, value: DocValue | undefined): boolean {
  const entry = asMap(value);
  const receiver = isId(receiverId) ? ctx.getAfter(userRef(receiverId)) : null;
  if (entry === null || receiver === null || receiverId === me(ctx)) return false;
  const mirror = asMap(mapField(ctx.getAfter(inboxRef(receiverId)), 'friendRequests')?.[me(ctx)]);
  return (
    exactKeys(entry, SENT_REQUEST_KEYS) &&
    entry.receiverId === receiverId &&
    requestIdOk(me(ctx), entry.requestId) &&
    displayNameOk(entry.receiverName) &&
    entry.receiverName === receiver.displayName &&
    entry.receiverPhoto === (receiver.photoURL ?? null) &&
    isAllowedPhotoURL(entry.receiverPhoto) &&
    entry.status === 'pending' &&
    isRequestTime(entry.createdAt, ctx) &&
    mirror?.requestId === entry.requestId
  );
}

const CLEANUP_STATUSES: readonly (DocValue | undefined)[] = ['pending', 'accepted'];
/** The cleanup: a sent entry changes only its status, between pending and accepted. */
const sentStatusChangeOk = (before: DocValue | undefined, after: DocValue | undefined) =>
  differsOnlyIn(before, after, ['status']) &&
  CLEANUP_STATUSES.includes(asMap(before)?.status) &&
  CLEANUP_STATUSES.includes(asMap(after)?.status);

/** Marking read: an unread notification turns read, nothing else changes. */
const readChangeOk = (before: DocValue | undefined, after: DocValue | undefined) =>
  differsOnlyIn(before, after, ['read']) && asMap(before)?.read === false && asMap(after)?.read === true;

/**
 * The owner's own inbox: incoming requests only lose keys; sent requests gain at most one (the
 * send, counted in the window), change status only (cleanup) or lose keys; notifications only
 * lose keys or turn read; the window as before; rules: ownerInboxOk().
 */
export function ownerInboxOk(ctx: WriteContext): PolicyDecision {
  const c = changedKeys(ctx);
  const requests = mapChange(ctx, 'friendRequests')!;
  const sent = mapChange(ctx, 'sentFriendRequests')!;
  const notifications = mapChange(ctx, 'notifications')!;
  if (requests.diff.added.length > 0 || requests.diff.changed.length > 0) {
    return deny('inboxes: incoming requests are written only by their senders; the owner only removes them');
  }
  const { added, changed } = sent.diff;
  if (added.length > 1 || (added.length === 1 && changed.length > 0))
    return deny('inboxes: one sent request at a time');
  if (added.length === 1) {
    const receiverId = added[0]!;
    if (!sentEntryOk(ctx, receiverId, sent.after[receiverId])) {
      return deny(
        "inboxes: a sent request is well-formed, in the receiver's name, at the server time, mirrored in their inbox",
      );
    }
    if (!WINDOW_FIELDS.some((key) => c.has(key))) return deny('inboxes: a sent request is counted in the rate window');
    if (!capOk(ctx, 'sentFriendRequests', SENT_FRIEND_REQUESTS_MAX))
      return deny(`inboxes: at most ${SENT_FRIEND_REQUESTS_MAX} sent requests`);
  }
  if (
    changed.length > INBOX_CHANGES_PER_WRITE_MAX ||
    !changed.every((key) => sentStatusChangeOk(sent.before[key], sent.after[key]))
  ) {
    return deny('inboxes: a sent request changes only its status, pending <-> accepted, at most 10 per write');
  }
  const n = notifications.diff;
  if (n.added.length > 0) return deny('inboxes: notifications are written by the users they come from');
  if (
    n.changed.length > INBOX_CHANGES_PER_WRITE_MAX ||
    !n.changed.every((key) => readChangeOk(notifications.before[key], notifications.after[key]))
  ) {
    return deny(`inboxes: the owner only marks notifications read, at most ${INBOX_CHANGES_PER_WRITE_MAX} per write`);
  }
  if (WINDOW_FIELDS.some((key) => c.has(key)) && !sendWindowOk(ctx)) {
    return deny(`inboxes: at most ${SEND_RATE_LIMIT} friend requests per minute`);
  }
  return { allowed: true };
}

// ---------- someone else (the caller C) ----------

/**
 * Send C -> uid: only friendRequests and hasNewNotification (true) change; friendRequests gains
 * exactly key C (no key C before: the duplicate check), at most 50 keys after; the entry is the
 * request shape in C's own name and photo, pending, createdAt == request.time; C's own inbox after
 * the write holds sentFriendRequests[uid] with the same requestId and C's window moved; neither
 * blocked the other; users/uid exists; rules: inboxSendOk().
 */
export function inboxSendOk(ctx: WriteContext): boolean {
  const requests = mapChange(ctx, 'friendRequests');
  if (requests === null || !hasOnly(changedKeys(ctx), ['friendRequests', 'hasNewNotification'])) return false;
  const { added, removed, changed } = requests.diff;
  const r = asMap(requests.after[me(ctx)]);
  const mine = callerProfile(ctx);
  const mirror = asMap(mapField(ctx.getAfter(inboxRef(me(ctx))), 'sentFriendRequests')?.[ctx.ref.id]);
  return (
    ctx.after?.hasNewNotification === true &&
    added.length === 1 &&
    added[0] === me(ctx) &&
    removed.length === 0 &&
    changed.length === 0 &&
    capOk(ctx, 'friendRequests', FRIEND_REQUESTS_MAX) &&
    r !== null &&
    exactKeys(r, REQUEST_KEYS) &&
    r.senderId === me(ctx) &&
    requestIdOk(me(ctx), r.requestId) &&
    r.senderName === mine.displayName &&
    displayNameOk(r.senderName) &&
    r.senderPhoto === (mine.photoURL ?? null) &&
    isAllowedPhotoURL(r.senderPhoto) &&
    r.status === 'pending' &&
    isRequestTime(r.createdAt, ctx) &&
    mirror?.requestId === r.requestId &&
    windowMoved(ctx, me(ctx)) &&
    !blockedEitherWay(ctx, me(ctx), ctx.ref.id) &&
    ctx.get(userRef(ctx.ref.id)) !== null
  );
}

/**
 * Answer (accept or decline) by C: only sentFriendRequests, notifications, hasNewNotification
 * change; the sent map loses key C or nothing; no notification is added, or exactly the accepted
 * notice (then hasNewNotification == true); a flag that changes is set, never cleared;
 * rules: inboxAnswerOk().
 */
export function inboxAnswerOk(ctx: WriteContext): boolean {
  const sent = mapChange(ctx, 'sentFriendRequests');
  const notifications = mapChange(ctx, 'notifications');
  if (sent === null || notifications === null) return false;
  if (!hasOnly(changedKeys(ctx), ['sentFriendRequests', 'notifications', 'hasNewNotification'])) return false;
  if (changedKeys(ctx).has('hasNewNotification') && ctx.after?.hasNewNotification !== true) return false;
  const n = notifications.diff;
  if (!onlyRemoves(sent.diff, [me(ctx)]) || n.removed.length > 0 || n.changed.length > 0 || n.added.length > 1)
    return false;
  if (n.added.length === 0) return true;
  const key = n.added[0]!;
  return (
    ctx.after?.hasNewNotification === true &&
    capOk(ctx, 'notifications', NOTIFICATIONS_MAX) &&
    acceptedNoticeOk(ctx, key, notifications.after[key])
  );
}

/** Withdraw (cancel) or remove by C: only friendRequests and sentFriendRequests, each losing key C or nothing; rules: inboxWithdrawOk(). */
export function inboxWithdrawOk(ctx: WriteContext): boolean {
  const requests = mapChange(ctx, 'friendRequests');
  const sent = mapChange(ctx, 'sentFriendRequests');
  return (
    requests !== null &&
    sent !== null &&
    hasOnly(changedKeys(ctx), ['friendRequests', 'sentFriendRequests']) &&
    onlyRemoves(requests.diff, [me(ctx)]) &&
    onlyRemoves(sent.diff, [me(ctx)])
  );
}

// ---------- the collection ----------

export function inboxesWriteOk(ctx: WriteContext): PolicyDecision {
  if (ctx.after === null) return deny('inboxes: an inbox is never deleted');
  // An inbox written before it exists is judged as an update of an empty one.
  const c: WriteContext = { ...ctx, before: ctx.before ?? {} };
  const d = ctx.after;
  if (!hasOnly(Object.keys(d), INBOX_FIELDS)) return deny('inboxes: only the inbox fields');
  if (INBOX_MAPS.some((key) => mapField(d, key) === null || mapField(c.before, key) === null)) {
    return deny('inboxes: requests, sent requests and notifications are maps keyed by id');
  }
  if (d.hasNewNotification !== undefined && typeof d.hasNewNotification !== 'boolean')
    return deny('inboxes: hasNewNotification is a boolean');
  if (me(ctx) === ctx.ref.id) return ownerInboxOk(c);
  if (WINDOW_FIELDS.some((key) => changedKeys(c).has(key)))
    return deny("inboxes: nobody writes another user's rate window");
  // A write adding no request and no notice only removes, from an inbox that exists: what lies
  // between two is in it, and an inbox is never deleted (rules: otherInboxOk).
  const adds = (key: string) => (mapChange(c, key)?.diff.added.length ?? 0) > 0;
  if (ctx.before === null && !adds('friendRequests') && !adds('notifications'))
    return deny("inboxes: nobody creates another user's inbox without a request or a notice in it");
  return decide(
    inboxSendOk(c) || inboxAnswerOk(c) || inboxWithdrawOk(c) || projectDecisionNoticeOk(c) || conversationNoticeOk(c),
    "inboxes: another user's inbox changes only by a send, an answer, a withdrawal, a project decision or a comment's notice naming the caller",
  );
}

/** What the inbox checks read: both profiles and inboxes, blocks, the receivers of sent entries, the project a notice names. */
export function inboxDependencies(ctx: {
  actorUid: string | null;
  ref: DocRef;
  before: DocData | null;
  after: DocData | null;
}): DocRef[] {
  const uid = ctx.actorUid;
  if (uid === null || ctx.ref.collection !== INBOXES) return [];
  const owner = ctx.ref.id;
  const refs: DocRef[] = [userRef(uid), inboxRef(uid), userRef(owner), inboxRef(owner)];
  if (owner !== uid) refs.push(blockRef(uid, owner), blockRef(owner, uid));
  const sentBefore = mapField(ctx.before, 'sentFriendRequests') ?? {};
  for (const receiverId of Object.keys(mapField(ctx.after, 'sentFriendRequests') ?? {})) {
    if (!Object.hasOwn(sentBefore, receiverId) && isId(receiverId))
      refs.push(userRef(receiverId), inboxRef(receiverId));
  }
  const noticesBefore = mapField(ctx.before, 'notifications') ?? {};
  for (const key of Object.keys(mapField(ctx.after, 'notifications') ?? {})) {
    if (Object.hasOwn(noticesBefore, key)) continue;
    const parsed = parseProjectNoticeId(key, owner);
    if (parsed) refs.push(projectRef(parsed.projectId), applicationRef(parsed.applicationId));
  }
  return refs;
}
