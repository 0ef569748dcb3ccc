// The rule-case table: who may write what on whose document. Each case is a state before, one
// batch of writes (each document's whole state after, null to delete) by one actor, and whether
// that batch is allowed. Two runners read it: policy.rules.test.ts (src/backend/local/policy.ts,
// always) and firestore.rules.test.ts (firestore.rules on the Firestore emulator).
//
// Limits of the rules language, accepted here rather than hidden (rules cannot loop over lists):
// - the mirror proofs look at the LAST element of the caller's own list (send: the sent request;
//   accept: the new friend), where policy.ts searches the whole list; the app always appends;
// - a duplicate pending request is refused by the app (checkSend), not by the rules;
// - removals take out at most two entries naming the caller per list (legacy duplicates);
// - the owner's friends may grow when a sent request to that friend leaves in the same write
//   (stale-request cleanup); policy.ts also checks that the friend lists the owner.
// - project members: the rules check the first and last members entries and each one written
//   (at most one per write), where policy.ts checks every entry in every write.
// firestore.rules are stricter than policy.ts for tribes and posts (each said in the rules):
// memberCount and postCount move only with the membership, post and users/{uid}.postCount written
// in the same batch; a new membership names its role and status; a post's tribe must exist;
// member and post photos must be https. So every tribes case below writes the whole batch the app
// writes (tribesApi.ts), and no case depends on those differences. Cases that only the rules would
// deny (a post that does not bump the author's postCount, a stranger decrementing memberCount)
// cannot be in this one table until policy.ts makes the same checks.
import { COMMUNITY_RULE_CASES } from './communityRuleCases';
import { FRIENDS_RULE_CASES } from './friendsRuleCases';
import { ADA } from './ruleFixtures';
import type { RuleCase } from './ruleFixtures';
import { SAFETY_RULE_CASES } from './safetyRuleCases';

export { ADA, BOB, CY, emailOf, profile, RULE_CASE_TIME, SERVER_TIME } from './ruleFixtures';
export type { RuleCase, RuleRead, RuleWrite } from './ruleFixtures';

export const RULE_CASES: readonly RuleCase[] = [
  ...FRIENDS_RULE_CASES,
  ...COMMUNITY_RULE_CASES,
  ...SAFETY_RULE_CASES,
  { name: 'any other collection is closed', actor: ADA, before: {}, writes: [{ path: 'admin/settings', after: { open: true } }], expected: 'denied' },
];
