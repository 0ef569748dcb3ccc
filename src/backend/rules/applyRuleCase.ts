// How a rule case becomes the per-document checks of src/backend/local/policy.ts: every write of
// the batch is checked against the state before it and the state after the whole batch
// (getAfter), and the batch is allowed only if every write is, as Firestore does.
import { checkWrite } from '../local/policy';
import type { PolicyDecision, WriteContext } from '../local/policy';
import type { DocData, DocRef } from '../port';
import { emailOf, REQUEST_TIME, RULE_REQUEST_TIME } from './ruleCases';
import type { RuleCase } from './ruleCases';

export function refOf(path: string): DocRef {
  const [collection = '', id = '', ...rest] = path.split('/');
  if (!collection || !id || rest.length > 0) throw new Error(`Not a top-level document path: ${path}`);
  return { collection, id };
}

/** The first denial of the batch (with its reason), or allowed. */
export function decideRuleCase(ruleCase: RuleCase): PolicyDecision {
  const stamped = (data: DocData | null): DocData | null =>
    data && Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value === REQUEST_TIME ? RULE_REQUEST_TIME : value]));
  const writes = ruleCase.writes.map((write) => ({ ...write, after: stamped(write.after) }));
  const stateAfter = new Map<string, DocData | null>(Object.entries(ruleCase.before));
  for (const write of writes) stateAfter.set(write.path, write.after);
  for (const write of writes) {
    const ctx: WriteContext = {
      actorUid: ruleCase.actor,
      actorEmail: ruleCase.actor ? emailOf(ruleCase.actor) : null,
      ref: refOf(write.path),
      before: ruleCase.before[write.path] ?? null,
      after: write.after,
      requestTime: RULE_REQUEST_TIME,
      getAfter: (ref) => stateAfter.get(`${ref.collection}/${ref.id}`) ?? null,
    };
    const decision = checkWrite(ctx);
    if (!decision.allowed) return decision;
  }
  return { allowed: true };
}
