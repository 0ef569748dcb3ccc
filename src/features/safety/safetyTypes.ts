// Blocks, mutes, reports and moderation: the app's plain-data shapes and limits (the access
// policy, src/backend/local/safetyPolicy.ts, and firestore.rules enforce the same limits).
import { formatCount } from '../../domain/formatCount';
import type { OperationResult } from '../../domain/result';

export { SAFETY_LIST_LIMIT } from './safetyLists';

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_LABEL_MAX = 200;
/** Open reports the moderation queue shows at once. */
export const REPORT_QUEUE_LIMIT = 50;

export type ReportTargetKind = 'profile' | 'post' | 'tribe' | 'project';

export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'impersonation', label: 'Impersonation' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const reasonLabel = (reason: string) => REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;

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

export type ReportStatus = 'open' | 'dismissed' | 'actioned';
export type ReportResolution = 'dismissed' | 'postRemoved' | 'hidden';

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
  /** A post's text, a profile's bio, a tribe's or project's description. */
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

export const SAFETY_MESSAGES = {
  blocked: (name: string) => `You blocked ${name}. They won't be told.`,
  blockedButRelationship: (name: string, detail: string) =>
    `You blocked ${name}, but your friendship or requests could not all be removed: ${detail}`,
  unblocked: (name: string) => `You unblocked ${name}.`,
  muted: (name: string) => `You muted ${name}. They won't be told.`,
  unmuted: (name: string) => `You unmuted ${name}.`,
  self: 'You cannot do that to yourself',
  reportSent: 'Thanks for your report. Our moderators will review it.',
  alreadyReported: 'You already reported this. Our moderators will review it.',
  detailsTooLong: `Details can be at most ${formatCount(REPORT_DETAILS_MAX)} characters`,
  chooseReason: 'Choose a reason',
  postRemoved: 'Post removed',
  postNotFound: 'This post no longer exists',
  memberRemoved: (name: string) => `${name} was removed from the tribe`,
  memberNotFound: 'This person is not a member of the tribe',
  ownerStays: 'The owner cannot be removed from their tribe',
  dismissed: 'Report dismissed',
  actioned: 'Report resolved',
  reportNotFound: 'This report was already handled',
  failed: (what: string, detail: string) => `Could not ${what}: ${detail}`,
} as const;
