// Writing projects over the backend port, written once for both adapters: creating one, and
// asking to join, withdrawing and answering. Every operation answers { success, message }; bad
// input is refused before anything is written, and every change that touches more than one
// document runs in one transaction.
import type { Clock, DocData, DocumentStore, Transaction } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { INBOXES, PROJECTS } from '../../domain/collections';
import { toIso } from '../../domain/friendsPlan';
import type { AppNotification, UserProfile } from '../../domain/profileTypes';
import { NOTE_MAX, PROJECT_MEMBERS_MAX } from '../../domain/projectTypes';
import type {
  Project,
  ProjectApplication,
  ProjectDraft,
  ProjectFieldErrors,
  ProjectOperationResult,
} from '../../domain/projectTypes';
import { hasFieldErrors, normalizeProjectDraft, validateProjectDraft } from '../../domain/projectValidation';
import { userRef } from '../profile';
import { toStoredUserProfile, toUserProfile } from '../profile';
import {
  applicationRef,
  fail,
  failure,
  memberOf,
  ok,
  ownBlockRef,
  PROJECT_MESSAGES,
  projectNotificationIdFor,
  projectRef,
  toApplication,
  toDocValue,
  toProject,
  toWriteData,
} from './projectRecords';
import type { ProjectNotificationType } from './projectRecords';

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

// ---------- create ----------

export interface CreateProjectResult extends ProjectOperationResult {
  projectId?: string;
  fieldErrors?: ProjectFieldErrors;
}

export async function createProject(db: DocumentStore, uid: string, input: ProjectDraft): Promise<CreateProjectResult> {
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

// ---------- requests to join ----------

export async function applyToProject(
  db: DocumentStore,
  uid: string,
  projectId: string,
  note: string,
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
    // At most 50 + 9 + 31 + 80 characters: within the notification's 200.
    message: `${owner.displayName} ${verb} your request to join ${project.title}`,
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

    // The rules approve nobody between people either of whom blocked the other: the owner's own
    // block is said plainly (the applicant's, which the owner cannot read, is refused all the same).
    if (decision === 'approved' && (await tx.get(ownBlockRef(ownerId, applicantId))).data) {
      throw new Refusal(PROJECT_MESSAGES.blockedApplicant(applicant.displayName));
    }
    if (decision === 'approved' && !project.memberIds.includes(applicantId)) {
      if (project.memberIds.length >= PROJECT_MEMBERS_MAX) throw new Refusal(PROJECT_MESSAGES.teamFull);
      tx.update(projectRef(projectId), {
        memberIds: [...project.memberIds, applicantId],
        members: toDocValue([...project.members, memberOf(applicantId, applicant)]),
      });
    }
    tx.update(applicationRef(projectId, applicantId), { status: decision, decidedAt: fieldValue.serverTimestamp() });
    const type: ProjectNotificationType =
      decision === 'approved' ? 'projectApplicationApproved' : 'projectApplicationDeclined';
    const notification = decisionNotification(type, project, applicantId, owner, ownerId, now);
    // Into the applicant's private inbox (docs/friends-model.md), merged: the owner cannot read it.
    tx.set(
      docRef(INBOXES, applicantId),
      {
        notifications: {
          [notification.id]: { ...(notification as unknown as DocData), createdAt: fieldValue.serverTimestamp() },
        },
        hasNewNotification: true,
      },
      { merge: true },
    );
    return ok(decision === 'approved' ? PROJECT_MESSAGES.approved : PROJECT_MESSAGES.declined);
  });
}

export function approveApplication(
  db: DocumentStore,
  ownerId: string,
  projectId: string,
  applicantId: string,
  clock: Clock,
) {
  return decide(db, ownerId, projectId, applicantId, 'approved', clock);
}

export function declineApplication(
  db: DocumentStore,
  ownerId: string,
  projectId: string,
  applicantId: string,
  clock: Clock,
) {
  return decide(db, ownerId, projectId, applicantId, 'declined', clock);
}
