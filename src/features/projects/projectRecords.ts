// Projects as stored: the collections' refs, the user-facing messages, and the mappers from the
// stored shape to the app model (malformed documents are skipped, never trusted).
import type { DocData, DocValue, WriteData } from '../../backend/port';
import { docRef, toSerializedError } from '../../backend/port';
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
import { BLOCKS, PROJECTS, PROJECT_APPLICATIONS } from '../../domain/collections';
import type { NotificationType, UserProfile } from '../../domain/profileTypes';
import { DEFAULT_DISPLAY_NAME, DISPLAY_NAME_MAX, SKILL_LENGTH_MAX, SKILLS_MAX } from '../../domain/profileTypes';
import {
  APPLICATION_STATUSES,
  applicationIdFor,
  COMMITMENT_MAX,
  DESCRIPTION_MAX,
  NOTE_MAX,
  PROJECT_MEMBERS_MAX,
  PROJECT_STATUSES,
  REQUIRED_SKILLS_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../../domain/projectTypes';
import type {
  ApplicationStatus,
  Project,
  ProjectApplication,
  ProjectMember,
  ProjectOperationResult,
} from '../../domain/projectTypes';

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
  blockedApplicant: (name: string) => `You blocked ${name}. Unblock them to approve their request.`,
  applicantNotFound: 'User profile not found',
  approved: 'Request approved',
  declined: 'Request declined',
  failed: (detail: string) => `Something went wrong: ${detail}`,
} as const;

export type ProjectNotificationType = Extract<
  NotificationType,
  'projectApplicationApproved' | 'projectApplicationDeclined'
>;

export const projectRef = (projectId: string) => docRef(PROJECTS, projectId);
export const applicationRef = (projectId: string, uid: string) =>
  docRef(PROJECT_APPLICATIONS, applicationIdFor(projectId, uid));
/** blocks/{blockerId}_{blockedId} (safetyApi.ts blockRef): the owner reads their own before approving. */
export const ownBlockRef = (blockerId: string, blockedId: string) => docRef(BLOCKS, `${blockerId}_${blockedId}`);
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
export const toWriteData = (value: object): WriteData => value as unknown as WriteData;
export const toDocValue = (value: unknown): DocValue => value as DocValue;

export const ok = (message: string): ProjectOperationResult => ({ success: true, message });
export const fail = (message: string): ProjectOperationResult => ({ success: false, message });
export const failure = (error: unknown) => fail(PROJECT_MESSAGES.failed(toSerializedError(error).message));

export const memberOf = (uid: string, profile: UserProfile): ProjectMember => ({
  id: uid,
  displayName: profile.displayName,
  photoURL: profile.photoURL,
  skills: [...profile.skills],
});
