// Safety: blocks, mutes, reports and moderation. The same decisions as the "safety" section of
// firestore.rules. Blocks are read only by the blocker, but a write they must stop checks them
// anyway (rules' exists() on a document the writer cannot read; here ctx.get()). The hooks into
// other collections' rules (a block stops friend requests, joins, approvals, posts; moderators
// hide tribes and projects and remove posts) are in safetyHooksPolicy.ts.
import { BLOCKS, MUTES, REPORTS } from '../../domain/collections';
import {
  isReportReason,
  PERSON_NAME_MAX,
  REPORT_DETAILS_MAX,
  REPORT_LABEL_MAX,
  REPORT_QUEUE_LIMIT,
  REPORT_RESOLUTIONS,
  REPORT_TARGET_KINDS,
  SAFETY_LIST_LIMIT,
} from '../../domain/safetyTypes';
import type { ReportResolution, ReportTargetKind } from '../../domain/safetyTypes';
import type { DocData, DocRef, DocValue, QuerySpec } from '../port';
import { allow, changedKeys, decide, deny, exactKeys, hasOnly } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { blockRef, commentRef, isModerator, me, postRef } from './policyRefs';
import { isId, isRequestTime, isString } from './policyValues';

const BLOCK_KEYS = ['blockerId', 'blockedId', 'blockedName', 'createdAt'];
const MUTE_KEYS = ['muterId', 'mutedId', 'mutedName', 'createdAt'];
const REPORT_CREATE_KEYS = [
  'reporterId',
  'targetKind',
  'targetId',
  'targetLabel',
  'reason',
  'details',
  'status',
  'createdAt',
];
const REPORT_RESOLUTION_KEYS = ['status', 'resolvedAt', 'resolvedBy', 'resolution'];

type Rule = (ctx: WriteContext) => PolicyDecision;

/** `blocker` blocked `blocked`, as the state was before this write. */
export const blocked = (ctx: WriteContext, blocker: string, blockedId: string) =>
  blocker !== '' && blockedId !== '' && ctx.get(blockRef(blocker, blockedId)) !== null;

/** Either of the two blocked the other (rules: blockedEitherWay(a, b)). */
export const blockedEitherWay = (ctx: WriteContext, a: string, b: string) => blocked(ctx, a, b) || blocked(ctx, b, a);

// ---------- blocks/{blockerId}_{blockedId}, mutes/{muterId}_{mutedId} ----------

/** A pair record: created and deleted by its owner (`ownerField`), never edited. */
function pairRecordOk(
  ctx: WriteContext,
  keys: string[],
  ownerField: string,
  otherField: string,
  nameField: string,
): PolicyDecision {
  const name = ctx.ref.collection;
  const { before, after } = ctx;
  if (after === null) return decide(before?.[ownerField] === me(ctx), `${name}: only its owner deletes it`);
  if (before !== null) return deny(`${name}: never edited`);
  return decide(
    after[ownerField] === me(ctx) &&
      exactKeys(after, keys) &&
      isId(after[otherField]) &&
      after[otherField] !== me(ctx) &&
      ctx.ref.id === `${me(ctx)}_${after[otherField]}` &&
      isString(after[nameField], 1, PERSON_NAME_MAX) &&
      isRequestTime(after.createdAt, ctx),
    `${name}: created by the caller, id {${ownerField}}_{${otherField}}, with a name, at the server time`,
  );
}

const blocksWriteOk: Rule = (ctx) => pairRecordOk(ctx, BLOCK_KEYS, 'blockerId', 'blockedId', 'blockedName');
const mutesWriteOk: Rule = (ctx) => pairRecordOk(ctx, MUTE_KEYS, 'muterId', 'mutedId', 'mutedName');

// ---------- reports/{reporterId}_{targetKind}_{targetId} ----------

function reportsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  if (after === null) return deny('reports: never deleted');
  if (before === null) {
    // A second report of the same thing is an update of this document, refused below.
    return decide(
      after.reporterId === me(ctx) &&
        exactKeys(after, REPORT_CREATE_KEYS) &&
        REPORT_TARGET_KINDS.includes(after.targetKind as ReportTargetKind) &&
        isId(after.targetId) &&
        ctx.ref.id === `${me(ctx)}_${after.targetKind as string}_${after.targetId}` &&
        isString(after.targetLabel, 0, REPORT_LABEL_MAX) &&
        isReportReason(after.reason) &&
        isString(after.details, 0, REPORT_DETAILS_MAX) &&
        after.status === 'open' &&
        // a comment is reported only while it exists
        (after.targetKind !== 'comment' || (isId(after.targetId) && ctx.get(commentRef(after.targetId)) !== null)) &&
        // The queue lists newest first: a client's time (an ISO string sorts above every timestamp) would jump it.
        isRequestTime(after.createdAt, ctx),
      'reports: one open report per reporter and target, id {reporterId}_{targetKind}_{targetId}, a known reason, details up to 1,000 characters, at the server time',
    );
  }
  return decide(
    isModerator(ctx) &&
      before.status === 'open' &&
      hasOnly(changedKeys(ctx), REPORT_RESOLUTION_KEYS) &&
      (after.status === 'dismissed' || after.status === 'actioned') &&
      REPORT_RESOLUTIONS.includes(after.resolution as ReportResolution) &&
      (after.status === 'dismissed') === (after.resolution === 'dismissed') &&
      after.resolvedBy === me(ctx) &&
      isRequestTime(after.resolvedAt, ctx) &&
      removalDone(ctx, before, after.resolution),
    "reports: only a moderator resolves an open report (status, resolution, resolvedBy, resolvedAt at the server time); 'postRemoved' with the post deleted in the same write, 'commentRemoved' with the comment (or its post) gone",
  );
}

/**
 * A removal is what it says: 'postRemoved' resolves a post's report with the post gone after this
 * write; 'commentRemoved' a comment's with the comment gone, or hidden with its deleted post
 * (rules: reportResolveOk, commentGone).
 */
function removalDone(ctx: WriteContext, report: DocData, resolution: DocValue | undefined): boolean {
  const id = report.targetId;
  if (resolution === 'postRemoved')
    return report.targetKind === 'post' && isId(id) && ctx.getAfter(postRef(id)) === null;
  if (resolution !== 'commentRemoved') return true;
  if (report.targetKind !== 'comment' || !isId(id)) return false;
  if (ctx.getAfter(commentRef(id)) === null) return true;
  const postId = ctx.get(commentRef(id))?.postId;
  return !isId(postId) || ctx.get(postRef(postId)) === null;
}

export const SAFETY_WRITE_RULES: Record<string, Rule> = {
  [BLOCKS]: blocksWriteOk,
  [MUTES]: mutesWriteOk,
  [REPORTS]: reportsWriteOk,
};

// ---------- reads ----------

export type SafetyReadContext =
  | { kind: 'get'; ref: DocRef; data: DocData | null; actorUid: string | null; actorModerator?: boolean }
  | { kind: 'query'; query: QuerySpec; actorUid: string | null; actorModerator?: boolean };

const OWNER_FIELD: Record<string, string> = { [BLOCKS]: 'blockerId', [MUTES]: 'muterId', [REPORTS]: 'reporterId' };

const filtersOn = (query: QuerySpec, field: string, value: DocValue) =>
  (query.where ?? []).some((clause) => clause.field === field && clause.op === '==' && clause.value === value);

/** null: not a safety collection. */
export function safetyReadDecision(ctx: SafetyReadContext): PolicyDecision | null {
  const collection = ctx.kind === 'get' ? ctx.ref.collection : ctx.query.collection;
  const ownerField = Object.hasOwn(OWNER_FIELD, collection) ? OWNER_FIELD[collection] : undefined;
  if (!ownerField) return null;
  const uid = me(ctx);
  if (collection === REPORTS && isModerator(ctx))
    return ctx.kind === 'query'
      ? decide(
          (ctx.query.limit ?? Infinity) <= REPORT_QUEUE_LIMIT,
          `reports: the queue reads at most ${REPORT_QUEUE_LIMIT}`,
        )
      : allow;
  if (ctx.kind === 'get') {
    // A missing record may be probed by the person its id starts with (has this been reported/blocked yet?).
    return decide(
      ctx.data ? ctx.data[ownerField] === uid : ctx.ref.id.startsWith(`${uid}_`),
      `${collection}: only its owner reads it`,
    );
  }
  return decide(
    filtersOn(ctx.query, ownerField, uid) && (ctx.query.limit ?? Infinity) <= SAFETY_LIST_LIMIT,
    `${collection}: queries must filter ${ownerField} == caller, at most ${SAFETY_LIST_LIMIT}`,
  );
}
