// projects/{projectId}, projectApplications/{projectId}_{uid}, and the one write a project owner
// may make on an applicant's users/{uid}: the approved/declined notification. Shaped like
// firestore.rules: field limits on every write, ownership that never moves, and getAfter() to
// prove a new member was approved (and a notification answers a real decision) in the same batch.
import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import * as limits from '../../domain/projectTypes';
import type { DocData, DocRef, DocValue } from '../port';
import { docValuesEqual } from './docValues';
import { isAllowedPhotoURL } from './photoURLs';
import {
  addedTo,
  allow,
  appendedOne,
  asMap,
  capOk,
  changedKeys,
  decide,
  deny,
  hasOnly,
  isId,
  isIsoTime,
  isRequestTime,
  isString,
  listOf,
} from './policyHelpers';
import type { DocMap, PolicyDecision, WriteContext } from './policyHelpers';
import { NOTIFICATIONS_MAX, skillsOk } from './usersPolicy';

const PROJECT_KEYS = [
  'title', 'summary', 'description', 'requiredSkills', 'ownerId', 'ownerName', 'memberIds', 'members',
  'status', 'commitment', 'repositoryUrl', 'createdAt',
];
const MEMBER_KEYS = ['id', 'displayName', 'photoURL', 'skills'];
const APPLICATION_KEYS = [
  'projectId', 'ownerId', 'applicantId', 'applicantName', 'applicantPhoto', 'note', 'status', 'createdAt', 'decidedAt',
];
const NOTIFICATION_KEYS = ['id', 'type', 'message', 'senderId', 'senderName', 'senderPhoto', 'read', 'createdAt'];
const HTTPS_URL = /^https:\/\/[^\s"'<>]+$/;

const me = (ctx: WriteContext) => ctx.actorUid as string;
const projectRef = (id: string): DocRef => ({ collection: 'projects', id });
const applicationRef = (id: string): DocRef => ({ collection: 'projectApplications', id });

/** `{projectId}_{uid}`; the same split as communityPolicy's splitPairId. */
function splitApplicationId(id: string): { projectId: string; uid: string } | null {
  const separator = id.lastIndexOf('_');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { projectId: id.slice(0, separator), uid: id.slice(separator + 1) };
}

const isInteger = (value: DocValue | undefined, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const userRef = (uid: string): DocRef => ({ collection: 'users', id: uid });

/** A team entry equals its member's profile (rules: getAfter(users/{id})): name, photo and skills. */
function entryFromProfile(ctx: WriteContext, value: DocValue | undefined): boolean {
  const entry = asMap(value);
  const id = entry?.id;
  if (!entry || !isId(id)) return false;
  const profile = ctx.getAfter(userRef(id));
  return (
    profile !== null &&
    entry.displayName === profile.displayName &&
    entry.photoURL === (profile.photoURL ?? null) &&
    docValuesEqual(entry.skills, profile.skills ?? [])
  );
}

function membersOk(d: DocData): boolean {
  const ids = d.memberIds;
  const members = d.members;
  if (!Array.isArray(ids) || !Array.isArray(members) || ids.length !== members.length) return false;
  if (ids.length < 1 || ids.length > limits.PROJECT_MEMBERS_MAX || new Set(ids).size !== ids.length) return false;
  return members.every((value, index) => {
    const member = asMap(value);
    return (
      member !== null &&
      hasOnly(Object.keys(member), MEMBER_KEYS) &&
      isId(member.id) &&
      member.id === ids[index] &&
      isString(member.displayName, 1, DISPLAY_NAME_MAX) &&
      isAllowedPhotoURL(member.photoURL) &&
      skillsOk(member.skills)
    );
  });
}

function projectFieldsOk(d: DocData): boolean {
  const skills = d.requiredSkills;
  return (
    hasOnly(Object.keys(d), PROJECT_KEYS) &&
    PROJECT_KEYS.every((key) => key in d) &&
    isString(d.title, limits.TITLE_MIN, limits.TITLE_MAX) &&
    isString(d.summary, 0, limits.SUMMARY_MAX) &&
    isString(d.description, 0, limits.DESCRIPTION_MAX) &&
    Array.isArray(skills) &&
    skills.length >= limits.REQUIRED_SKILLS_MIN &&
    skills.length <= limits.REQUIRED_SKILLS_MAX &&
    skillsOk(skills) &&
    isId(d.ownerId) &&
    isString(d.ownerName, 1, DISPLAY_NAME_MAX) &&
    limits.PROJECT_STATUSES.includes(d.status as (typeof limits.PROJECT_STATUSES)[number]) &&
    isInteger(d.commitment, limits.COMMITMENT_MIN, limits.COMMITMENT_MAX) &&
    (d.repositoryUrl === null || (isString(d.repositoryUrl, 1, limits.REPOSITORY_URL_MAX) && HTTPS_URL.test(d.repositoryUrl))) &&
    typeof d.createdAt === 'number' &&
    membersOk(d) &&
    listOf(d, 'memberIds').includes(d.ownerId)
  );
}

/**
 * Consent: a new member comes one at a time, with their pending request approved in the same
 * batch; every members entry written equals its member's profile (at most one per write, as
 * the rules can check).
 */
function memberGrowthOk(ctx: WriteContext): boolean {
  const added = addedTo(ctx, 'memberIds');
  const entries = addedTo(ctx, 'members');
  if (added.length > 1 || entries.length > 1) return false;
  if (entries.length === 1 && !entryFromProfile(ctx, entries[0])) return false;
  const uid = added[0];
  if (uid === undefined) return true;
  if (!isId(uid)) return false;
  const ref = applicationRef(`${ctx.ref.id}_${uid}`);
  const before = ctx.get(ref);
  const after = ctx.getAfter(ref);
  return before?.status === 'pending' && after?.status === 'approved' && after.applicantId === uid;
}

export function projectsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return decide(before?.ownerId === me(ctx), 'projects: only the owner deletes');
  if (!isId(ctx.ref.id)) return deny('projects: the id is letters, digits, _ and -');
  const mine = ctx.getAfter(userRef(me(ctx)));
  if (before === null) {
    return decide(
      after.ownerId === me(ctx) &&
        projectFieldsOk(after) &&
        isRequestTime(after.createdAt, ctx) &&
        docValuesEqual(after.memberIds, [me(ctx)]) &&
        after.ownerName === mine?.displayName &&
        entryFromProfile(ctx, listOf(after, 'members')[0]),
      "projects: created by its owner, the only member, with valid fields, the server time and the owner's own profile",
    );
  }
  if (before.ownerId !== me(ctx)) return deny('projects: only the owner updates');
  const changed = changedKeys(ctx);
  if (changed.has('ownerId') || changed.has('createdAt')) return deny('projects: ownerId and createdAt never change');
  if (!projectFieldsOk(after)) return deny('projects: invalid fields');
  if (changed.has('ownerName') && after.ownerName !== mine?.displayName) return deny("projects: ownerName is the owner's own profile name");
  return decide(memberGrowthOk(ctx), "projects: a member joins only through their pending request approved in the same write, as their profile says");
}

// ---------- projectApplications/{projectId}_{uid} ----------

function requestOk(ctx: WriteContext, project: DocData | null, d: DocData): boolean {
  const mine = ctx.getAfter(userRef(me(ctx)));
  return (
    (ctx.before === null || ctx.before.status !== 'pending') &&
    project !== null &&
    project.status === 'recruiting' &&
    d.ownerId === project.ownerId &&
    project.ownerId !== me(ctx) &&
    !listOf(project, 'memberIds').includes(me(ctx)) &&
    APPLICATION_KEYS.every((key) => key in d) &&
    d.status === 'pending' &&
    d.decidedAt === null &&
    isString(d.note, 0, limits.NOTE_MAX) &&
    isString(d.applicantName, 1, DISPLAY_NAME_MAX) &&
    mine !== null &&
    d.applicantName === mine.displayName &&
    d.applicantPhoto === (mine.photoURL ?? null) &&
    isAllowedPhotoURL(d.applicantPhoto) &&
    isRequestTime(d.createdAt, ctx)
  );
}

const onlyDecisionChanges = (ctx: WriteContext) =>
  ctx.before?.status === 'pending' && hasOnly(changedKeys(ctx), ['status', 'decidedAt']) && isRequestTime(ctx.after?.decidedAt, ctx);

export function applicationsWriteOk(ctx: WriteContext): PolicyDecision {
  const pair = splitApplicationId(ctx.ref.id);
  if (!pair || !isId(ctx.ref.id)) return deny('projectApplications: id must be {projectId}_{uid}');
  const d = ctx.after;
  if (d === null) return deny('projectApplications: requests are never deleted');
  if (!hasOnly(Object.keys(d), APPLICATION_KEYS) || d.projectId !== pair.projectId || d.applicantId !== pair.uid) {
    return deny('projectApplications: projectId and applicantId must match the id');
  }
  const project = ctx.getAfter(projectRef(pair.projectId));
  if (pair.uid === me(ctx)) {
    if (onlyDecisionChanges(ctx) && d.status === 'withdrawn') return allow;
    return decide(
      requestOk(ctx, project, d),
      "projectApplications: a pending request to a recruiting project of someone else, in the applicant's own name, at the server time",
    );
  }
  if (project?.ownerId !== me(ctx)) return deny('projectApplications: only the applicant or the project owner');
  return decide(
    onlyDecisionChanges(ctx) &&
      (d.status === 'declined' || (d.status === 'approved' && listOf(project, 'memberIds').includes(pair.uid))),
    'projectApplications: the owner approves (adding the member) or declines a pending request',
  );
}

/** What the projects rules read through get/getAfter: the project, profiles, and requests of new members. */
export function projectsDependencies(ctx: Pick<WriteContext, 'actorUid' | 'ref' | 'before' | 'after'>): DocRef[] {
  const refs: DocRef[] = [userRef(ctx.actorUid ?? '')];
  if (ctx.ref.collection === 'projects') {
    const beforeIds = listOf(ctx.before, 'memberIds');
    for (const id of listOf(ctx.after, 'memberIds')) {
      if (!isId(id) || beforeIds.includes(id)) continue;
      refs.push(userRef(id), applicationRef(`${ctx.ref.id}_${id}`));
    }
    for (const entry of listOf(ctx.after, 'members').slice(-limits.PROJECT_MEMBERS_MAX)) {
      const id = asMap(entry)?.id;
      if (isId(id)) refs.push(userRef(id));
    }
  }
  return refs;
}

// ---------- the owner's notification on the applicant's users/{uid} ----------

const DECISION_OF_TYPE: Record<string, string> = {
  projectApplicationApproved: 'approved',
  projectApplicationDeclined: 'declined',
};

/** project_{projectId}_{applicantId}_{ms}, addressed to `applicantId`. */
function parseNotificationId(id: DocValue | undefined, applicantId: string) {
  if (typeof id !== 'string') return null;
  const match = /^project_(.+)_(\d+)$/.exec(id);
  const applicationId = match?.[1];
  if (!match || !applicationId || !applicationId.endsWith(`_${applicantId}`)) return null;
  return { applicationId, projectId: applicationId.slice(0, -(applicantId.length + 1)) };
}

/** The one notification appended (to a list or a map), or null when the change is anything else. */
function appendedNotification(ctx: WriteContext): DocMap | null {
  const before = ctx.before?.notifications ?? [];
  const after = ctx.after?.notifications ?? [];
  if (Array.isArray(before) && Array.isArray(after)) {
    return appendedOne(ctx, 'notifications') ? asMap(addedTo(ctx, 'notifications')[0]) : null;
  }
  const beforeMap = asMap(before);
  const afterMap = asMap(after);
  if (!beforeMap || !afterMap) return null;
  const newKeys = Object.keys(afterMap).filter((key) => !(key in beforeMap));
  const unchanged = Object.keys(beforeMap).every((key) => key in afterMap && docValuesEqual(afterMap[key], beforeMap[key]));
  const key = newKeys[0];
  const entry = key === undefined ? null : asMap(afterMap[key]);
  return newKeys.length === 1 && unchanged && entry?.id === key ? entry : null;
}

export function projectDecisionNotificationOk(ctx: WriteContext): boolean {
  const changed = changedKeys(ctx);
  if (!hasOnly(changed, ['notifications', 'hasNewNotification']) || !changed.has('notifications')) return false;
  if (changed.has('hasNewNotification') && ctx.after?.hasNewNotification !== true) return false;
  const n = appendedNotification(ctx);
  const expected = typeof n?.type === 'string' ? DECISION_OF_TYPE[n.type] : undefined;
  const parsed = parseNotificationId(n?.id, ctx.ref.id);
  if (!n || !expected || !parsed || !capOk(ctx, 'notifications', NOTIFICATIONS_MAX)) return false;
  const mine = ctx.getAfter({ collection: 'users', id: me(ctx) }) ?? {};
  const project = ctx.getAfter(projectRef(parsed.projectId));
  const application = ctx.getAfter(applicationRef(parsed.applicationId));
  // The decision is made in this very write: one decision, one notification.
  const wasPending = ctx.get(applicationRef(parsed.applicationId))?.status === 'pending';
  return (
    hasOnly(Object.keys(n), NOTIFICATION_KEYS) &&
    n.senderId === me(ctx) &&
    n.senderName === mine.displayName &&
    isAllowedPhotoURL(n.senderPhoto) &&
    n.read === false &&
    isString(n.message, 1, 200) &&
    project?.ownerId === me(ctx) &&
    isString(n.id, 1, 300) &&
    isIsoTime(n.createdAt) &&
    n.senderPhoto === (mine.photoURL ?? null) &&
    wasPending &&
    application?.status === expected
  );
}

/** The project and the request a notification names, for getAfter. */
export function projectNotificationDependencies(ctx: Omit<WriteContext, 'getAfter' | 'get'>): DocRef[] {
  if (ctx.ref.collection !== 'users' || ctx.actorUid === ctx.ref.id) return [];
  const after = ctx.after?.notifications;
  const entries = Array.isArray(after) ? after : Object.values(asMap(after ?? null) ?? {});
  return entries.slice(-5).flatMap((entry) => {
    const parsed = parseNotificationId(asMap(entry)?.id, ctx.ref.id);
    return parsed ? [projectRef(parsed.projectId), applicationRef(parsed.applicationId)] : [];
  });
}
