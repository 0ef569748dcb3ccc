// Every message a safety operation can answer with, in one place so tests and pages agree.
import { formatCount } from './formatCount';
import { REPORT_DETAILS_MAX } from './safetyTypes';

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
  commentRemoved: 'Comment removed',
  memberRemoved: (name: string) => `${name} was removed from the tribe`,
  memberNotFound: 'This person is not a member of the tribe',
  ownerStays: 'The owner cannot be removed from their tribe',
  dismissed: 'Report dismissed',
  actioned: 'Report resolved',
  reportNotFound: 'This report was already handled',
  failed: (what: string, detail: string) => `Could not ${what}: ${detail}`,
} as const;
