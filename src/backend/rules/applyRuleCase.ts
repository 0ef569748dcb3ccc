// How a rule case becomes the checks of src/backend/local/policy.ts: every document the batch
// writes is checked against the state before it and the state after the whole batch (getAfter),
// and the batch is allowed only if every write is, as Firestore does. A document written twice
// is checked once, in its state after both writes (the second merged into the first, as
// firestore.rules.test.ts sends it): Firestore judges each write to a document against the
// document as the whole batch leaves it, and the local store checks each document it touches once
// (localWrites.ts). A read case is one checkRead.
import { applyWriteOp } from '../local/applyWriteOp';
import { checkRead, checkWrite } from '../local/policy';
import type { PolicyDecision, WriteContext } from '../local/policy';
import type { DocData, DocRef, DocValue } from '../port';
import { emailOf, RULE_CASE_TIME, SERVER_TIME } from './ruleFixtures';
import type { RuleCase } from './ruleFixtures';

export function refOf(path: string): DocRef {
  const [collection = '', id = '', ...rest] = path.split('/');
  if (!collection || !id || rest.length > 0) throw new Error(`Not a top-level document path: ${path}`);
  return { collection, id };
}

/** SERVER_TIME placeholders replaced by `serverTime(...)`, at any depth. */
export function resolveServerTime<T>(value: DocValue, serverTime: () => T): DocValue | T {
  if (value === SERVER_TIME) return serverTime();
  if (Array.isArray(value)) return value.map((item) => resolveServerTime(item, serverTime)) as DocValue;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolveServerTime(item, serverTime)]),
    ) as DocValue;
  }
  return value;
}

const atCommitTime = (data: DocData | null): DocData | null =>
  data === null ? null : (resolveServerTime(data, () => RULE_CASE_TIME) as DocData);

/**
 * Each document the batch writes, in its state after the batch: a later write to a path merges
 * into the earlier one (set with merge), a delete removes it, a write after a delete sets it anew.
 */
export function writtenDocuments(ruleCase: Pick<RuleCase, 'writes'>): Map<string, DocData | null> {
  const written = new Map<string, DocData | null>();
  for (const write of ruleCase.writes) {
    const after = atCommitTime(write.after);
    const earlier = written.get(write.path) ?? null;
    written.set(
      write.path,
      after === null || earlier === null
        ? after
        : applyWriteOp(
            earlier,
            { type: 'set', ref: refOf(write.path), data: after, options: { merge: true } },
            RULE_CASE_TIME,
          ),
    );
  }
  return written;
}

/** The first denial of the batch (with its reason), or allowed. */
export function decideRuleCase(ruleCase: RuleCase): PolicyDecision {
  const actorEmail = ruleCase.actor ? emailOf(ruleCase.actor) : null;
  const actorModerator = ruleCase.moderator === true;
  const stateBefore = (ref: DocRef) => ruleCase.before[`${ref.collection}/${ref.id}`] ?? null;
  if (ruleCase.read) {
    const read = ruleCase.read;
    return read.kind === 'get'
      ? checkRead({
          kind: 'get',
          ref: refOf(read.path),
          data: ruleCase.before[read.path] ?? null,
          actorUid: ruleCase.actor,
          actorModerator,
          get: stateBefore,
        })
      : checkRead({ kind: 'query', query: read.query, actorUid: ruleCase.actor, actorModerator, get: stateBefore });
  }
  const written = writtenDocuments(ruleCase);
  const stateAfter = new Map<string, DocData | null>([...Object.entries(ruleCase.before), ...written]);
  for (const [path, after] of written) {
    const ctx: WriteContext = {
      actorUid: ruleCase.actor,
      actorEmail,
      actorModerator,
      ref: refOf(path),
      before: ruleCase.before[path] ?? null,
      after,
      getAfter: (ref) => stateAfter.get(`${ref.collection}/${ref.id}`) ?? null,
      get: stateBefore,
      requestTime: RULE_CASE_TIME,
    };
    const decision = checkWrite(ctx);
    if (!decision.allowed) return decision;
  }
  return { allowed: true };
}
