// Runner 1 of the rule-case table: the local backend's policy (src/backend/local/policy.ts).
import { decideRuleCase } from './applyRuleCase';
import { RULE_CASES } from './ruleCases';

describe('rule cases against policy.ts', () => {
  it('has at least 40 cases, each with a unique name', () => {
    expect(RULE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(RULE_CASES.map((ruleCase) => ruleCase.name)).size).toBe(RULE_CASES.length);
  });

  it.each(RULE_CASES.map((ruleCase) => [ruleCase.expected, ruleCase.name, ruleCase] as const))('%s: %s', (expected, _name, ruleCase) => {
    const decision = decideRuleCase(ruleCase);
    const outcome = decision.allowed ? 'allowed' : `denied (${decision.reason})`;
    expect(outcome.startsWith(expected) ? expected : outcome).toBe(expected);
  });
});
