// Reports over the backend port: sending one, and reading one back as the app's Report.
import { fail, ok } from '../../app/sagas';
import type { DocData, DocumentStore } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { REPORTS } from '../../domain/collections';
import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import type { Report, ReportStatus, ReportTarget, ReportTargetKind, SafetyResult } from '../../domain/safetyTypes';
import {
  isReportReason,
  REPORT_DETAILS_MAX,
  REPORT_LABEL_MAX,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
} from '../../domain/safetyTypes';
import { detailOf, ms, str } from './safetyFields';

export const reportId = (reporterId: string, target: Pick<ReportTarget, 'kind' | 'id'>) =>
  `${reporterId}_${target.kind}_${target.id}`;

export interface ReportInput {
  target: ReportTarget;
  reason: string;
  details: string;
}

/** A message for bad input, or null. */
function checkReport(input: ReportInput): string | null {
  if (!isReportReason(input.reason)) return SAFETY_MESSAGES.chooseReason;
  if (input.details.trim().length > REPORT_DETAILS_MAX) return SAFETY_MESSAGES.detailsTooLong;
  return null;
}

/** One report per reporter and target: the id says so, and the rules refuse a second one. */
export async function submitReport(db: DocumentStore, uid: string, input: ReportInput): Promise<SafetyResult> {
  const problem = checkReport(input);
  if (problem) return fail(problem);
  const ref = docRef(REPORTS, reportId(uid, input.target));
  try {
    if ((await db.get(ref)).data) return fail(SAFETY_MESSAGES.alreadyReported);
    await db.set(ref, {
      reporterId: uid,
      targetKind: input.target.kind,
      targetId: input.target.id,
      targetLabel: input.target.label.trim().slice(0, REPORT_LABEL_MAX),
      reason: input.reason,
      details: input.details.trim(),
      status: 'open',
      createdAt: fieldValue.serverTimestamp(),
    });
    return ok(SAFETY_MESSAGES.reportSent);
  } catch (error) {
    return fail(SAFETY_MESSAGES.failed('send your report', detailOf(error)));
  }
}

export function toReport(id: string, data: DocData): Report | null {
  const kind = data.targetKind as ReportTargetKind;
  const targetId = str(data.targetId);
  if (!REPORT_TARGET_KINDS.includes(kind) || !targetId) return null;
  return {
    id,
    reporterId: str(data.reporterId),
    target: { kind, id: targetId, label: str(data.targetLabel) },
    reason: str(data.reason, 'other'),
    details: str(data.details),
    status: REPORT_STATUSES.includes(data.status as ReportStatus) ? (data.status as ReportStatus) : 'open',
    createdAt: ms(data.createdAt),
  };
}
