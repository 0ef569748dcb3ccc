// How a rule case becomes the checks of src/backend/local/policy.ts: every write of the batch is
// checked against the state before it and the state after the whole batch (getAfter), and the
// batch is allowed only if every write is, as Firestore does. A read case is one checkRead.
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
  const stateAfter = new Map<string, DocData | null>(Object.entries(ruleCase.before));
  for (const write of ruleCase.writes) stateAfter.set(write.path, atCommitTime(write.after));
  for (const write of ruleCase.writes) {
    const ctx: WriteContext = {
      actorUid: ruleCase.actor,
      actorEmail,
      actorModerator,
      ref: refOf(write.path),
      before: ruleCase.before[write.path] ?? null,
      after: atCommitTime(write.after),
      getAfter: (ref) => stateAfter.get(`${ref.collection}/${ref.id}`) ?? null,
      get: stateBefore,
      requestTime: RULE_CASE_TIME,
    };
    const decision = checkWrite(ctx);
    if (!decision.allowed) return decision;
  }
  return { allowed: true };
}
