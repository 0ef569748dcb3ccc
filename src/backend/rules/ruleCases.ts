// The rule-case table: who may write what on whose document. Each case is a state before, one
// batch of writes (each document's whole state after, null to delete) by one actor, and whether
// that batch is allowed. Two runners read it: policy.rules.test.ts (src/backend/local/policy.ts,
// always) and firestore.rules.test.ts (firestore.rules on the Firestore emulator).
//
// Limits of the rules language, accepted here rather than hidden (rules cannot loop over lists):
// - the mirror proofs look at the LAST element of the caller's own list (send: the sent request;
//   accept: the new friend), where policy.ts searches the whole list; the app always appends;
// - a duplicate pending request is found by unrolling the receiver's inbox (at most 50 entries);
// - removals take out at most two entries naming the caller per list (legacy duplicates);
// - the owner's friends may grow by a cleanup re-add when the friend lists the owner: the rules
//   look among the friend's last 10 entries, policy.ts through the whole list (friendsRuleCases.ts).
// - project members: the rules check the first and last members entries and each one written
//   (at most one per write), where policy.ts checks every entry in every write.
// - tribes count what they count through the tribe write itself: countedMemberId and
//   countedPostId name the membership or post created or deleted in the same batch, which is
//   how a rule finds the one document behind a counter change (it cannot search);
// - comments and reactions count the same way on their post (countedCommentId, countedReactionId)
//   and comment (countedReactionId); the notice a comment leaves names the comment in its key;
// - cases marked `only` say why one side cannot decide them (data: photo URLs exist only on the
//   local backend; the local store's own tests use posts outside any tribe as scratch documents).
import { COMMUNITY_RULE_CASES } from './communityRuleCases';
import { CONVERSATIONS_RULE_CASES } from './conversationsRuleCases';
import { FRIENDS_RULE_CASES, OTHER_COLLECTION_TWIN } from './friendsRuleCases';
// The allowed cases of every write the app performs, recorded from its own operations (recordedRuleCases.test.ts).
import RECORDED_RULE_CASES from './recordedRuleCases.json';
import { ADA } from './ruleFixtures';
import type { RuleCase } from './ruleFixtures';
import { SAFETY_RULE_CASES } from './safetyRuleCases';

export { ADA, BOB, CY, emailOf, profile, RULE_CASE_TIME, SERVER_TIME } from './ruleFixtures';
export type { RuleCase, RuleRead, RuleWrite } from './ruleFixtures';

export const RULE_CASES: readonly RuleCase[] = [
  ...FRIENDS_RULE_CASES,
  ...COMMUNITY_RULE_CASES,
  ...SAFETY_RULE_CASES,
  ...CONVERSATIONS_RULE_CASES,
  ...(RECORDED_RULE_CASES as unknown as RuleCase[]),
  {
    name: 'any other collection is closed',
    actor: ADA,
    before: {},
    writes: [{ path: 'admin/settings', after: { open: true } }],
    expected: 'denied',
    twin: OTHER_COLLECTION_TWIN,
  },
];
