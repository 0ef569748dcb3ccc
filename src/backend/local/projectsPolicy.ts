// projects/{projectId} and projectApplications/{projectId}_{uid} (the owner's decision notice in
// the applicant's inbox: inboxNoticesPolicy.ts). Shaped like firestore.rules: field limits on
// every write, ownership that never moves, and getAfter() to prove a new member was approved in
// the same batch.
import { PROJECTS } from '../../domain/collections';
import { DISPLAY_NAME_MAX, SKILL_LENGTH_MAX, SKILLS_MAX } from '../../domain/profileTypes';
import * as limits from '../../domain/projectTypes';
import type { DocData, DocRef, DocValue } from '../port';
import { docValuesEqual } from './docValues';
import { isAllowedPhotoURL } from './photoURLs';
import { allow, asMap, changedKeys, decide, deny, exactKeys, hasOnly, listOf } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { applicationRef, me, projectRef, splitPairId, userRef } from './policyRefs';
import { isId, isRequestTime, isShortStringList, isString } from './policyValues';

/** Every field a project is created with; `hidden` is the moderators' alone (safetyPolicy.ts hidingRule). */
const PROJECT_KEYS = [
  'title',
  'summary',
  'description',
  'requiredSkills',
  'ownerId',
  'ownerName',
  'memberIds',
  'members',
  'status',
  'commitment',
  'repositoryUrl',
  'createdAt',
];
/** What the owner changes; the team only grows, by an approved request (memberAddedOk). */
const PROJECT_OWNER_EDITS = [
  'title',
  'summary',
  'description',
  'requiredSkills',
  'ownerName',
  'status',
  'commitment',
  'repositoryUrl',
  'memberIds',
  'members',
];
const MEMBER_KEYS = ['id', 'displayName', 'photoURL', 'skills'];
const APPLICATION_KEYS = [
  'projectId',
  'ownerId',
  'applicantId',
  'applicantName',
  'applicantPhoto',
  'note',
  'status',
  'createdAt',
  'decidedAt',
];
const HTTPS_URL = /^https:\/\/[^\s"'<>]+$/;

const isInteger = (value: DocValue | undefined, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

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

/** A team entry for member `id`: its four fields, skills as a profile holds them (rules: projectMemberOk). */
function memberEntryOk(value: DocValue | undefined, id: DocValue | undefined): boolean {
  const member = asMap(value);
  return (
    member !== null &&
    exactKeys(member, MEMBER_KEYS) &&
    isId(id) &&
    member.id === id &&
    isString(member.displayName, 1, DISPLAY_NAME_MAX) &&
    isAllowedPhotoURL(member.photoURL) &&
    isShortStringList(member.skills, 0, SKILLS_MAX, SKILL_LENGTH_MAX)
  );
}

type FieldCheck = (v: DocValue | undefined, ctx: WriteContext) => boolean;
const projectFieldOk: Record<string, FieldCheck> = {
  title: (v) => isString(v, limits.TITLE_MIN, limits.TITLE_MAX),
  summary: (v) => isString(v, 0, limits.SUMMARY_MAX),
  description: (v) => isString(v, 0, limits.DESCRIPTION_MAX),
  // none repeated: the form de-duplicates them
  requiredSkills: (v) =>
    isShortStringList(v, limits.REQUIRED_SKILLS_MIN, limits.REQUIRED_SKILLS_MAX, SKILL_LENGTH_MAX, true),
  ownerId: (v) => isId(v),
  // the owner's own profile name (only the owner writes a project)
  ownerName: (v, ctx) => isString(v, 1, DISPLAY_NAME_MAX) && v === ctx.getAfter(userRef(me(ctx)))?.displayName,
  status: (v) => limits.PROJECT_STATUSES.includes(v as (typeof limits.PROJECT_STATUSES)[number]),
  commitment: (v) => isInteger(v, limits.COMMITMENT_MIN, limits.COMMITMENT_MAX),
  repositoryUrl: (v) => v === null || (isString(v, 1, limits.REPOSITORY_URL_MAX) && HTTPS_URL.test(v)),
  createdAt: (v, ctx) => isRequestTime(v, ctx),
  // the team: memberAddedOk and the create rule
  memberIds: () => true,
  members: () => true,
};

/**
 * Every field named in `keys` holds a valid value: a create names them all, an update only what
 * it changes (rules: projectFieldsOk), so an edit costs the same whatever the document holds.
 */
const projectFieldsOk = (ctx: WriteContext, d: DocData, keys: Iterable<string>) =>
  [...keys].every((key) => projectFieldOk[key]?.(d[key], ctx) ?? false);

/** The member a write adds: not on the team yet, their entry from their profile, their pending request approved in the same batch. */
function newMemberOk(
  ctx: WriteContext,
  teamBefore: readonly DocValue[],
  uid: DocValue | undefined,
  entry: DocValue | undefined,
): boolean {
  if (!isId(uid) || teamBefore.includes(uid) || !memberEntryOk(entry, uid) || !entryFromProfile(ctx, entry))
    return false;
  const ref = applicationRef(`${ctx.ref.id}_${uid}`);
  const after = ctx.getAfter(ref);
  return ctx.get(ref)?.status === 'pending' && after?.status === 'approved' && after.applicantId === uid;
}

/**
 * Consent, one at a time: the team grows by one id and one entry appended, every earlier one as it
 * was (nothing rewritten in place), at most 50 (rules: projectMemberAddedOk). A block between the
 * owner and the new member refuses it too (safetyPolicy.ts).
 */
function memberAddedOk(ctx: WriteContext): boolean {
  const idsBefore = ctx.before?.memberIds;
  const membersBefore = ctx.before?.members;
  const ids = ctx.after?.memberIds;
  const members = ctx.after?.members;
  if (!Array.isArray(idsBefore) || !Array.isArray(membersBefore) || !Array.isArray(ids) || !Array.isArray(members))
    return false;
  const n = idsBefore.length;
  return (
    membersBefore.length === n &&
    ids.length === n + 1 &&
    members.length === ids.length &&
    ids.length <= limits.PROJECT_MEMBERS_MAX &&
    docValuesEqual(ids.slice(0, n), idsBefore) &&
    docValuesEqual(members.slice(0, n), membersBefore) &&
    newMemberOk(ctx, idsBefore, ids[n], members[n])
  );
}

export function projectsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return decide(before?.ownerId === me(ctx), 'projects: only the owner deletes');
  if (!isId(ctx.ref.id)) return deny('projects: the id is letters, digits, _ and -');
  if (before === null) {
    const members = after.members;
    return decide(
      exactKeys(after, PROJECT_KEYS) &&
        after.ownerId === me(ctx) &&
        projectFieldsOk(ctx, after, PROJECT_KEYS) &&
        docValuesEqual(after.memberIds, [me(ctx)]) &&
        Array.isArray(members) &&
        members.length === 1 &&
        memberEntryOk(members[0], me(ctx)) &&
        entryFromProfile(ctx, members[0]),
      "projects: created by its owner, the only member, with valid fields, the server time and the owner's own profile",
    );
  }
  if (before.ownerId !== me(ctx)) return deny('projects: only the owner updates');
  const changed = changedKeys(ctx);
  if (!hasOnly(changed, PROJECT_OWNER_EDITS))
    return deny('projects: the owner changes only the fields they edit; ownerId and createdAt never change');
  if (!projectFieldsOk(ctx, after, changed))
    return deny("projects: invalid fields (ownerName: the owner's own profile name)");
  return decide(
    !(changed.has('memberIds') || changed.has('members')) || memberAddedOk(ctx),
    'projects: a member joins only appended, through their pending request approved in the same write, as their profile says',
  );
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
  ctx.before?.status === 'pending' &&
  hasOnly(changedKeys(ctx), ['status', 'decidedAt']) &&
  isRequestTime(ctx.after?.decidedAt, ctx);

export function applicationsWriteOk(ctx: WriteContext): PolicyDecision {
  const pair = splitPairId(ctx.ref.id);
  if (!pair || !isId(ctx.ref.id)) return deny('projectApplications: id must be {projectId}_{uid}');
  const d = ctx.after;
  if (d === null) return deny('projectApplications: requests are never deleted');
  if (!hasOnly(Object.keys(d), APPLICATION_KEYS) || d.projectId !== pair.parentId || d.applicantId !== pair.uid) {
    return deny('projectApplications: projectId and applicantId must match the id');
  }
  const project = ctx.getAfter(projectRef(pair.parentId));
  if (pair.uid === me(ctx)) {
    if (onlyDecisionChanges(ctx) && d.status === 'withdrawn') return allow;
    return decide(
      requestOk(ctx, project, d),
      "projectApplications: a pending request to a recruiting project of someone else, in the applicant's own name, at the server time",
    );
  }
  if (project?.ownerId !== me(ctx)) return deny('projectApplications: only the applicant or the project owner');
  // A project re-created under a deleted one's id does not inherit its requests (rules: ownerAnswerOk).
  if (ctx.before?.ownerId !== me(ctx)) return deny('projectApplications: the owner answers only requests made to them');
  return decide(
    onlyDecisionChanges(ctx) &&
      (d.status === 'declined' || (d.status === 'approved' && listOf(project, 'memberIds').includes(pair.uid))),
    'projectApplications: the owner approves (adding the member) or declines a pending request',
  );
}

/** What the projects rules read through get/getAfter: the project, profiles, and requests of new members. */
export function projectsDependencies(ctx: Pick<WriteContext, 'actorUid' | 'ref' | 'before' | 'after'>): DocRef[] {
  const refs: DocRef[] = [userRef(ctx.actorUid ?? '')];
  if (ctx.ref.collection === PROJECTS) {
    const beforeIds = listOf(ctx.before, 'memberIds');
    for (const id of listOf(ctx.after, 'memberIds')) {
      if (!isId(id) || beforeIds.includes(id)) continue;
      refs.push(userRef(id), applicationRef(`${ctx.ref.id}_${id}`));
    }
    // the one entry a write adds is the last (memberAddedOk)
    const id = asMap(listOf(ctx.after, 'members').at(-1))?.id;
    if (isId(id)) refs.push(userRef(id));
  }
  return refs;
}
