// Blocks, mutes, reports and moderation: the plain-data shapes and the limits the app checks and
// the access policy (src/backend/local/safetyPolicy.ts, and firestore.rules) enforces.
import type { OperationResult } from './result';

export const REPORT_DETAILS_MAX = 1000;
/** The short label of the reported thing the reporter saw (a name, a post's opening). */
export const REPORT_LABEL_MAX = 200;
/** blockedName, mutedName: a display name as the rules take it, 1-50 characters. */
export const PERSON_NAME_MAX = 50;
/**
 * The most blocks, mutes or own reports one query reads: the limit every list query carries
 * (policy.ts QUERY_LIMIT_MAX, rules: request.query.limit <= 50); longer lists page.
 */
export const SAFETY_LIST_LIMIT = 50;
/** Open reports the moderation queue reads and shows at once. */
export const REPORT_QUEUE_LIMIT = 50;

export const REPORT_TARGET_KINDS = ['profile', 'post', 'tribe', 'project', 'comment'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'impersonation', label: 'Impersonation' },
  { value: 'other', label: 'Other' },
] as const;
type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const isReportReason = (value: unknown): value is ReportReason =>
  REPORT_REASONS.some((reason) => reason.value === value);

export const reasonLabel = (reason: string) => REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator did: dismissed is status 'dismissed', the others 'actioned'. */
export const REPORT_RESOLUTIONS = ['dismissed', 'postRemoved', 'hidden', 'commentRemoved'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** What a report is about: its kind, its id and a short label the reporter saw (a name, a post's opening). */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  label: string;
}

/** A person on the blocked or muted list. */
export interface ListedPerson {
  id: string;
  name: string;
}

export interface Report {
  id: string;
  reporterId: string;
  target: ReportTarget;
  reason: string;
  details: string;
  status: ReportStatus;
  /** epoch ms */
  createdAt: number;
}

/** The reported thing as it is now, shown inline in the moderation queue; null when it is gone. */
export interface ReportedContent {
  title: string;
  /** A post's or comment's text, a profile's bio, a tribe's or project's description. */
  body: string;
  /** Where to see it in the app. */
  path: string;
  /** Tribes and projects: already hidden from listings. */
  hidden: boolean;
}

export interface ModerationItem {
  report: Report;
  content: ReportedContent | null;
}

export type SafetyOperation =
  'block' | 'unblock' | 'mute' | 'unmute' | 'report' | 'removePost' | 'removeMember' | 'dismiss' | 'act';

export type SafetyResult = OperationResult;
