// The projects operations over the backend port, written once for both adapters. Every
// operation answers { success, message }; bad input is refused before anything is written, and
// every change that touches more than one document runs in one transaction.
import { fail, ok } from '../../app/sagas';
import type { Clock, DocData, DocumentStore, DocValue, QuerySpec, Transaction, WriteData } from '../../backend/port';
import { docRef, fieldValue, toSerializedError } from '../../backend/port';
import { QUERY_PAGE_MAX, queryPages } from '../../backend/queryPages';
import {
  asRecord,
  safeCount,
  safeEnum,
  safeHttpsUrl,
  safeId,
  safeIdList,
  safeList,
  safeName,
  safePhotoURL,
  safeStringList,
  safeText,
  safeTimeMs,
} from '../../domain/coerce';
import { reportError } from '../../platform/errorReporting';
import { appendNotification, toIso } from '../friends/friendsLogic';
import { userRef } from '../profile/profileApi';
import { toStoredUserProfile, toUserProfile } from '../profile/profileMapper';
import type { AppNotification, NotificationType, UserProfile } from '../profile/profileTypes';
import { DEFAULT_DISPLAY_NAME, DISPLAY_NAME_MAX, SKILL_LENGTH_MAX, SKILLS_MAX } from '../profile/profileTypes';
import {
  APPLICATION_STATUSES,
  applicationIdFor,
  COMMITMENT_MAX,
  DESCRIPTION_MAX,
  NOTE_MAX,
  PROJECT_APPLICATIONS,
  PROJECT_MEMBERS_MAX,
  PROJECT_STATUSES,
  PROJECTS,
  REQUIRED_SKILLS_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
} from './projectTypes';
import type {
  ApplicationStatus,
  Project,
  ProjectApplication,
  ProjectDraft,
  ProjectFieldErrors,
  ProjectMember,
  ProjectOperationResult,
} from './projectTypes';
import { hasFieldErrors, normalizeProjectDraft, validateProjectDraft } from './projectValidation';

export const PROJECT_MESSAGES = {
  created: 'Project created',
  fixFields: 'Please fix the highlighted fields.',
  signedOut: 'Log in to work with projects.',
  yourProfileNotFound: 'Your profile not found',
  notFound: 'This project does not exist',
  notRecruiting: 'This project is not recruiting right now.',
  ownProject: 'You own this project.',
  alreadyMember: 'You are already a member of this project.',
  alreadyRequested: 'You already asked to join this project.',
  noteTooLong: `The note must be at most ${NOTE_MAX} characters.`,
  requested: 'Request sent',
  requestNotFound: 'Request not found',
  withdrawn: 'Request withdrawn',
  wasWithdrawn: 'This request was withdrawn',
  alreadyDecided: (status: ApplicationStatus) => `This request was already ${status}`,
  ownerOnly: 'Only the project owner can answer requests.',
  teamFull: `A project has at most ${PROJECT_MEMBERS_MAX} members.`,
  applicantNotFound: 'User profile not found',
  approved: 'Request approved',
  declined: 'Request declined',
  failed: (detail: string) => `Something went wrong: ${detail}`,
} as const;

export type ProjectNotificationType = Extract<NotificationType, 'projectApplicationApproved' | 'projectApplicationDeclined'>;

export const projectRef = (projectId: string) => docRef(PROJECTS, projectId);
export const applicationRef = (projectId: string, uid: string) =>
  docRef(PROJECT_APPLICATIONS, applicationIdFor(projectId, uid));
/** project_{projectId}_{applicantId}_{ms}: the policy reads the project and the application from it. */
export const projectNotificationIdFor = (projectId: string, applicantId: string, nowMs: number) =>
  `project_${applicationIdFor(projectId, applicantId)}_${nowMs}`;

// ---------- mappers: stored shape -> app model; malformed documents are skipped ----------

function toMember(value: unknown): ProjectMember | null {
  const entry = asRecord(value);
  const id = safeId(entry?.id);
  if (!entry || !id) return null;
  return {
    id,
    displayName: safeName(entry.displayName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    photoURL: safePhotoURL(entry.photoURL),
    skills: safeStringList(entry.skills, SKILLS_MAX, SKILL_LENGTH_MAX),
  };
}

export function toProject(id: string, data: DocData): Project | null {
  const title = safeName(data.title, TITLE_MAX, '');
  const ownerId = safeId(data.ownerId);
  if (!title || !ownerId) return null;
  return {
    id,
    title,
    summary: safeText(data.summary, SUMMARY_MAX),
    description: safeText(data.description, DESCRIPTION_MAX),
    requiredSkills: safeStringList(data.requiredSkills, REQUIRED_SKILLS_MAX, SKILL_LENGTH_MAX),
    ownerId,
    ownerName: safeText(data.ownerName, DISPLAY_NAME_MAX),
    memberIds: safeIdList(data.memberIds),
    members: safeList(data.members, toMember),
    status: safeEnum(data.status, PROJECT_STATUSES, 'recruiting'),
    commitment: safeCount(data.commitment, COMMITMENT_MAX),
    repositoryUrl: safeHttpsUrl(data.repositoryUrl),
    createdAt: safeTimeMs(data.createdAt) ?? 0,
  };
}

export function toApplication(id: string, data: DocData): ProjectApplication | null {
  const projectId = safeId(data.projectId);
  const applicantId = safeId(data.applicantId);
  const status = safeEnum<ApplicationStatus | ''>(data.status, APPLICATION_STATUSES, '');
  if (!projectId || !applicantId || !status) return null;
  return {
    id,
    projectId,
    ownerId: safeId(data.ownerId) ?? '',
    applicantId,
    applicantName: safeName(data.applicantName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    applicantPhoto: safePhotoURL(data.applicantPhoto),
    note: safeText(data.note, NOTE_MAX),
    status,
    createdAt: safeTimeMs(data.createdAt) ?? 0,
    decidedAt: safeTimeMs(data.decidedAt),
  };
}

/** The model types are interfaces (no index signature); their values are plain JSON all the same. */
const toWriteData = (value: object): WriteData => value as unknown as WriteData;
const toDocValue = (value: unknown): DocValue => value as DocValue;

const failure = (error: unknown) => fail(PROJECT_MESSAGES.failed(toSerializedError(error).message));

/** Thrown inside a transaction to abort it with a user-facing message; nothing is written. */
class Refusal extends Error {}

async function inTransaction(
  db: DocumentStore,
  work: (tx: Transaction) => Promise<ProjectOperationResult>,
): Promise<ProjectOperationResult> {
  try {
    return await db.runTransaction(work);
  } catch (error) {
    if (error instanceof Refusal) return fail(error.message);
    return failure(error);
  }
}

/** Stored lists: a decision appends one notification to the applicant's, leaving the rest as they are. */
async function readUser(tx: Transaction, uid: string): Promise<UserProfile | null> {
  const snapshot = await tx.get(userRef(uid));
  return snapshot.data ? toStoredUserProfile(snapshot.data) : null;
}

async function readProject(tx: Transaction, projectId: string): Promise<Project> {
  const snapshot = await tx.get(projectRef(projectId));
  const project = snapshot.data ? toProject(projectId, snapshot.data) : null;
  if (!project) throw new Refusal(PROJECT_MESSAGES.notFound);
  return project;
}

async function readApplication(tx: Transaction, projectId: string, uid: string): Promise<ProjectApplication | null> {
  const snapshot = await tx.get(applicationRef(projectId, uid));
  return snapshot.data ? toApplication(snapshot.ref.id, snapshot.data) : null;
}

const memberOf = (uid: string, profile: UserProfile): ProjectMember => ({
  id: uid,
  displayName: profile.displayName,
  photoURL: profile.photoURL,
  skills: [...profile.skills],
});

// ---------- create and read ----------

export interface CreateProjectResult extends ProjectOperationResult {
  projectId?: string;
  fieldErrors?: ProjectFieldErrors;
}

export async function createProject(
  db: DocumentStore,
  uid: string,
  input: ProjectDraft,
  _clock: Clock, // times are the server's now (serverTimestamp); kept so callers need not change
): Promise<CreateProjectResult> {
  if (!uid) return fail(PROJECT_MESSAGES.signedOut);
  const draft = normalizeProjectDraft(input);
  const fieldErrors = validateProjectDraft(draft);
  if (hasFieldErrors(fieldErrors)) return { ...fail(PROJECT_MESSAGES.fixFields), fieldErrors };
  try {
    const snapshot = await db.get(userRef(uid));
    if (!snapshot.data) return fail(PROJECT_MESSAGES.yourProfileNotFound);
    const owner = toUserProfile(snapshot.data);
    const projectId = db.newId(PROJECTS);
    const project: Omit<Project, 'id' | 'createdAt'> = {
      title: draft.title,
      summary: draft.summary,
      description: draft.description,
      requiredSkills: draft.requiredSkills,
      ownerId: uid,
      ownerName: owner.displayName,
      memberIds: [uid],
      members: [memberOf(uid, owner)],
      status: draft.status,
      commitment: draft.commitment,
      repositoryUrl: draft.repositoryUrl || null,
    };
    // The server's time, never the client's clock: the rules accept only request.time.
    await db.set(projectRef(projectId), { ...toWriteData(project), createdAt: fieldValue.serverTimestamp() });
    return { ...ok(PROJECT_MESSAGES.created), projectId };
  } catch (error) {
    return failure(error);
  }
}

/** Newest first; ranking by match happens on the client, over this page of projects. */
export const PROJECT_LIST_LIMIT = 200;
/** Read in pages of QUERY_PAGE_MAX, the most a list query may ask for. */
export const PROJECT_LIST_QUERY: QuerySpec = {
  collection: PROJECTS,
  orderBy: [{ field: 'createdAt', direction: 'desc', time: true }],
  limit: QUERY_PAGE_MAX,
};

export interface ProjectListResult extends ProjectOperationResult {
  projects: Project[];
}

export async function listProjects(db: DocumentStore): Promise<ProjectListResult> {
  try {
    const snapshots = await queryPages(db, PROJECT_LIST_QUERY, PROJECT_LIST_LIMIT);
    const projects = snapshots.flatMap((s) => {
      // A moderator hid it: out of listings, still reachable by its link.
      const project = s.data && s.data.hidden !== true ? toProject(s.ref.id, s.data) : null;
      return project ? [project] : [];
    });
    return { ...ok(`${projects.length} projects`), projects };
  } catch (error) {
    return { ...failure(error), projects: [] };
  }
}

/** The dashboard's "My projects": the projects a user is on (owners are members too), capped here. */
export const MEMBER_PROJECTS_LIMIT = 50;
export const PENDING_REQUESTS_LIMIT = 200;

export const memberProjectsQuery = (uid: string): QuerySpec => ({
  collection: PROJECTS,
  where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
  limit: MEMBER_PROJECTS_LIMIT,
});

/** Every request waiting for this owner's answer; it filters on ownerId so rules can allow it. */
export const pendingRequestsToOwnerQuery = (ownerId: string): QuerySpec => ({
  collection: PROJECT_APPLICATIONS,
  where: [
    { field: 'ownerId', op: '==', value: ownerId },
    { field: 'status', op: '==', value: 'pending' },
  ],
  limit: QUERY_PAGE_MAX,
});

export interface MemberProjects {
  /** Newest first. */
  projects: Project[];
  /** Pending requests per project the user owns; projects without any are left out. */
  pendingRequests: Record<string, number>;
}

/** The projects `uid` owns or is a member of, with the requests waiting on the ones they own. */
export async function listMemberProjects(db: DocumentStore, uid: string): Promise<MemberProjects> {
  const [projectSnapshots, requestSnapshots] = await Promise.all([
    db.query(memberProjectsQuery(uid)),
    queryPages(db, pendingRequestsToOwnerQuery(uid), PENDING_REQUESTS_LIMIT),
  ]);
  const projects = projectSnapshots
    .flatMap((s) => {
      const project = s.data ? toProject(s.ref.id, s.data) : null;
      return project ? [project] : [];
    })
    .sort((a, b) => b.createdAt - a.createdAt);
  const pendingRequests: Record<string, number> = {};
  for (const snapshot of requestSnapshots) {
    const application = snapshot.data ? toApplication(snapshot.ref.id, snapshot.data) : null;
    if (application?.status !== 'pending') continue;
    pendingRequests[application.projectId] = (pendingRequests[application.projectId] ?? 0) + 1;
  }
  return { projects, pendingRequests };
}

/** The owner's query for a project's requests: it filters on ownerId so rules can allow it. */
export const applicationsQuery = (projectId: string, ownerId: string): QuerySpec => ({
  collection: PROJECT_APPLICATIONS,
  where: [
    { field: 'projectId', op: '==', value: projectId },
    { field: 'ownerId', op: '==', value: ownerId },
  ],
  limit: QUERY_PAGE_MAX,
});

/**
 * People who share a tribe with `uid` (from tribeMembers/{tribeId}_{uid} documents with tribeId
 * and uid fields); [] when tribes cannot be read, since this only adds points to the score.
 */
export const TRIBES_CONSIDERED_MAX = 10;
const TRIBE_MATES_PER_TRIBE_MAX = 500;
export async function listTribeMateIds(db: DocumentStore, uid: string): Promise<string[]> {
  try {
    const memberships = await db.query({ collection: 'tribeMembers', where: [{ field: 'uid', op: '==', value: uid }], limit: TRIBES_CONSIDERED_MAX });
    const tribeIds = memberships
      .filter((s) => (s.data?.status ?? 'active') === 'active')
      .map((s) => s.data?.tribeId)
      .filter((id): id is string => typeof id === 'string');
    const mates = new Set<string>();
    for (const tribeId of tribeIds) {
      const members = await queryPages(db, { collection: 'tribeMembers', where: [{ field: 'tribeId', op: '==', value: tribeId }] }, TRIBE_MATES_PER_TRIBE_MAX);
      for (const member of members) {
        const mate = member.data?.uid;
        // Pending join requests are not membership yet.
        if (typeof mate === 'string' && mate !== uid && (member.data?.status ?? 'active') === 'active') mates.add(mate);
      }
    }
    return [...mates];
  } catch (error) {
    reportError(toSerializedError(error).message, { description: 'Tribe-mates for the match score:' });
    return [];
  }
}

// ---------- requests to join ----------

export async function applyToProject(
  db: DocumentStore,
  uid: string,
  projectId: string,
  note: string,
  _clock: Clock,
): Promise<ProjectOperationResult> {
  if (!uid) return fail(PROJECT_MESSAGES.signedOut);
  const trimmed = note.trim();
  if (trimmed.length > NOTE_MAX) return fail(PROJECT_MESSAGES.noteTooLong);
  if (!projectId) return fail(PROJECT_MESSAGES.notFound);
  return inTransaction(db, async (tx) => {
    const project = await readProject(tx, projectId);
    if (project.ownerId === uid) throw new Refusal(PROJECT_MESSAGES.ownProject);
    if (project.memberIds.includes(uid)) throw new Refusal(PROJECT_MESSAGES.alreadyMember);
    if (project.status !== 'recruiting') throw new Refusal(PROJECT_MESSAGES.notRecruiting);
    const existing = await readApplication(tx, projectId, uid);
    if (existing?.status === 'pending') throw new Refusal(PROJECT_MESSAGES.alreadyRequested);
    const me = await readUser(tx, uid);
    if (!me) throw new Refusal(PROJECT_MESSAGES.yourProfileNotFound);
    const application: Omit<ProjectApplication, 'id' | 'createdAt'> = {
      projectId,
      ownerId: project.ownerId,
      applicantId: uid,
      applicantName: me.displayName,
      applicantPhoto: me.photoURL,
      note: trimmed,
      status: 'pending',
      decidedAt: null,
    };
    // A set, not an update: asking again after a withdrawal or a decline starts a new request.
    tx.set(applicationRef(projectId, uid), { ...toWriteData(application), createdAt: fieldValue.serverTimestamp() });
    return ok(PROJECT_MESSAGES.requested);
  });
}

export async function withdrawApplication(
  db: DocumentStore,
  uid: string,
  projectId: string,
  _clock: Clock,
): Promise<ProjectOperationResult> {
  if (!uid) return fail(PROJECT_MESSAGES.signedOut);
  if (!projectId) return fail(PROJECT_MESSAGES.notFound);
  return inTransaction(db, async (tx) => {
    const application = await readApplication(tx, projectId, uid);
    if (!application) throw new Refusal(PROJECT_MESSAGES.requestNotFound);
    if (application.status !== 'pending') throw new Refusal(PROJECT_MESSAGES.alreadyDecided(application.status));
    tx.update(applicationRef(projectId, uid), { status: 'withdrawn', decidedAt: fieldValue.serverTimestamp() });
    return ok(PROJECT_MESSAGES.withdrawn);
  });
}

function decisionNotification(
  type: ProjectNotificationType,
  project: Project,
  applicantId: string,
  owner: UserProfile,
  ownerId: string,
  now: number,
): AppNotification {
  const verb = type === 'projectApplicationApproved' ? 'approved' : 'declined';
  return {
    id: projectNotificationIdFor(project.id, applicantId, now),
    type,
    message: `${owner.displayName} ${verb} your request to join ${project.title}`.slice(0, 200),
    senderId: ownerId,
    senderName: owner.displayName,
    senderPhoto: owner.photoURL,
    read: false,
    createdAt: toIso(now),
  };
}

/** approve or decline: the owner answers a pending request, and the applicant is notified. */
async function decide(
  db: DocumentStore,
  ownerId: string,
  projectId: string,
  applicantId: string,
  decision: 'approved' | 'declined',
  clock: Clock,
): Promise<ProjectOperationResult> {
  if (!ownerId) return fail(PROJECT_MESSAGES.signedOut);
  if (!projectId) return fail(PROJECT_MESSAGES.notFound);
  if (!applicantId) return fail(PROJECT_MESSAGES.requestNotFound);
  return inTransaction(db, async (tx) => {
    const project = await readProject(tx, projectId);
    if (project.ownerId !== ownerId) throw new Refusal(PROJECT_MESSAGES.ownerOnly);
    const application = await readApplication(tx, projectId, applicantId);
    if (!application) throw new Refusal(PROJECT_MESSAGES.requestNotFound);
    if (application.status === 'withdrawn') throw new Refusal(PROJECT_MESSAGES.wasWithdrawn);
    if (application.status !== 'pending') throw new Refusal(PROJECT_MESSAGES.alreadyDecided(application.status));
    const applicant = await readUser(tx, applicantId);
    if (!applicant) throw new Refusal(PROJECT_MESSAGES.applicantNotFound);
    const owner = await readUser(tx, ownerId);
    if (!owner) throw new Refusal(PROJECT_MESSAGES.yourProfileNotFound);
    const now = clock.now();

    if (decision === 'approved' && !project.memberIds.includes(applicantId)) {
      if (project.memberIds.length >= PROJECT_MEMBERS_MAX) throw new Refusal(PROJECT_MESSAGES.teamFull);
      tx.update(projectRef(projectId), {
        memberIds: [...project.memberIds, applicantId],
        members: toDocValue([...project.members, memberOf(applicantId, applicant)]),
      });
    }
    tx.update(applicationRef(projectId, applicantId), { status: decision, decidedAt: fieldValue.serverTimestamp() });
    const type: ProjectNotificationType = decision === 'approved' ? 'projectApplicationApproved' : 'projectApplicationDeclined';
    const notification = decisionNotification(type, project, applicantId, owner, ownerId, now);
    tx.update(userRef(applicantId), {
      notifications: toDocValue(appendNotification(applicant.notifications, notification)),
      hasNewNotification: true,
    });
    return ok(decision === 'approved' ? PROJECT_MESSAGES.approved : PROJECT_MESSAGES.declined);
  });
}

export function approveApplication(db: DocumentStore, ownerId: string, projectId: string, applicantId: string, clock: Clock) {
  return decide(db, ownerId, projectId, applicantId, 'approved', clock);
}

export function declineApplication(db: DocumentStore, ownerId: string, projectId: string, applicantId: string, clock: Clock) {
  return decide(db, ownerId, projectId, applicantId, 'declined', clock);
}
