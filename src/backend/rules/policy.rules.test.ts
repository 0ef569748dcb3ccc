// Runner 1 of the rule-case table: the local backend's policy (src/backend/local/policy.ts).
import { decideRuleCase } from './applyRuleCase';
import { RULE_CASES } from './ruleCases';

const forPolicy = RULE_CASES.filter((ruleCase) => ruleCase.only?.runner !== 'rules');
const rulesOnly = RULE_CASES.filter((ruleCase) => ruleCase.only?.runner === 'rules');

describe('the rule-case table', () => {
  it('has at least 200 cases, each with a unique name', () => {
    expect(RULE_CASES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(RULE_CASES.map((ruleCase) => ruleCase.name)).size).toBe(RULE_CASES.length);
  });

  it('pairs every denied case with the allowed case it differs from', () => {
    const allowed = new Set(
      RULE_CASES.filter((ruleCase) => ruleCase.expected === 'allowed').map((ruleCase) => ruleCase.name),
    );
    const unpaired = RULE_CASES.filter(
      (ruleCase) => ruleCase.expected === 'denied' && !allowed.has(ruleCase.twin ?? ''),
    );
    expect(unpaired.map((ruleCase) => `${ruleCase.name} (twin: ${ruleCase.twin ?? 'none'})`)).toEqual([]);
  });

  it('has read and query cases, allowed and denied', () => {
    const reads = RULE_CASES.filter((ruleCase) => ruleCase.read);
    for (const kind of ['get', 'query'] as const) {
      for (const expected of ['allowed', 'denied'] as const) {
        expect(
          reads.filter((ruleCase) => ruleCase.read?.kind === kind && ruleCase.expected === expected).length,
        ).toBeGreaterThan(0);
      }
    }
  });
});

describe('rule cases against policy.ts', () => {
  it.each(forPolicy.map((ruleCase) => [ruleCase.expected, ruleCase.name, ruleCase] as const))(
    '%s: %s',
    (expected, _name, ruleCase) => {
      const decision = decideRuleCase(ruleCase);
      const outcome = decision.allowed ? 'allowed' : `denied (${decision.reason})`;
      expect(outcome.startsWith(expected) ? expected : outcome).toBe(expected);
    },
  );
});

// Skipped here on purpose: what these cases check only the rules language can express.
if (rulesOnly.length > 0) {
  describe('rule cases only firestore.rules can express', () => {
    it.skip.each(rulesOnly.map((ruleCase) => [ruleCase.name, ruleCase.only?.reason ?? ''] as const))(
      '%s (%s)',
      () => undefined,
    );
  });
}
