// projects/{projectId} and projectApplications/{projectId}_{uid}, as the app sees them.
// Times are epoch milliseconds. Members carry their skills as of joining, so ranking a list of
// projects needs one query, not a read per member.

import type { OperationResult } from './result';

export const PROJECT_STATUSES = ['recruiting', 'inProgress', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  recruiting: 'Recruiting',
  inProgress: 'In progress',
  completed: 'Completed',
};

export const TITLE_MIN = 3;
export const TITLE_MAX = 80;
export const SUMMARY_MAX = 140;
export const DESCRIPTION_MAX = 5000;
export const REQUIRED_SKILLS_MIN = 1;
export const REQUIRED_SKILLS_MAX = 10;
export const COMMITMENT_MIN = 1;
export const COMMITMENT_MAX = 60;
export const REPOSITORY_URL_MAX = 200;
export const NOTE_MAX = 500;
export const PROJECT_MEMBERS_MAX = 50;

export interface ProjectMember {
  id: string;
  displayName: string;
  photoURL: string | null;
  /** The member's skills when they joined. */
  skills: string[];
}

export interface Project {
  id: string;
  title: string;
  summary: string;
  description: string;
  requiredSkills: string[];
  ownerId: string;
  ownerName: string;
  /** Owner included; the same order as `members` (kept separate for array-contains queries). */
  memberIds: string[];
  members: ProjectMember[];
  status: ProjectStatus;
  /** hours a week */
  commitment: number;
  /** https only, or null */
  repositoryUrl: string | null;
  createdAt: number;
}

export const APPLICATION_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface ProjectApplication {
  /** {projectId}_{applicantId} */
  id: string;
  projectId: string;
  /** The project's owner, so the owner's query can filter on it (rules are not filters). */
  ownerId: string;
  applicantId: string;
  applicantName: string;
  applicantPhoto: string | null;
  note: string;
  status: ApplicationStatus;
  createdAt: number;
  /** When it was approved, declined or withdrawn; null while pending. */
  decidedAt: number | null;
}

/** What the create form sends: plain strings and numbers, checked by validateProjectDraft. */
export interface ProjectDraft {
  title: string;
  summary: string;
  description: string;
  requiredSkills: string[];
  status: ProjectStatus;
  commitment: number;
  repositoryUrl: string;
}

export type ProjectField = keyof ProjectDraft;
export type ProjectFieldErrors = Partial<Record<ProjectField, string>>;

export type ProjectOperationResult = OperationResult;

export type ProjectOperation = 'create' | 'apply' | 'withdraw' | 'approve' | 'decline';

export const applicationIdFor = (projectId: string, uid: string): string => `${projectId}_${uid}`;
