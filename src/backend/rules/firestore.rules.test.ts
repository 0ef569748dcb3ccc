/**
 * @jest-environment node
 */
// Runner 2 of the rule-case table: firestore.rules on the Cloud SDK's Firestore emulator, through
// @firebase/rules-unit-testing, in a project of its own (RULES_PROJECT) so its coverage report
// counts only this table. jest's global setup starts the emulator (scripts/jestGlobalSetup.mjs);
// without FIRESTORE_EMULATOR_HOST the suite skips and says why (emulatorEnv.ts). After the table,
// the emulator's rule coverage: the share of expressions evaluated is printed, and the run fails
// when an allow statement was not evaluated both true and false (ruleCoverage.ts).
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
// serverTimestamp() of the compat SDK that @firebase/rules-unit-testing's contexts are made of.
// eslint-disable-next-line no-restricted-imports -- the rules runner talks to the emulator, not through the port
import firebase from 'firebase/compat/app';
// eslint-disable-next-line no-restricted-imports -- see above
import 'firebase/compat/firestore';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { DocData } from '../port';
import { resolveServerTime } from './applyRuleCase';
import { firestoreEmulator, firestoreSkipReason } from './emulatorEnv';
import { emailOf, RULE_CASES } from './ruleCases';
import type { RuleCase } from './ruleCases';
import { allowProblems, describeCoverage, summarizeCoverage } from './ruleCoverage';
import type { CoverageReport } from './ruleCoverage';

type CompatFirestore = ReturnType<ReturnType<RulesTestEnvironment['unauthenticatedContext']>['firestore']>;

/** SERVER_TIME placeholders become serverTimestamp(), which the rules see as request.time. */
const withServerTime = (data: DocData) =>
  resolveServerTime(data, () => firebase.firestore.FieldValue.serverTimestamp()) as Record<string, unknown>;

function readOf(db: CompatFirestore, ruleCase: RuleCase): Promise<unknown> {
  const read = ruleCase.read!;
  if (read.kind === 'get') return db.doc(read.path).get();
  const { collection, where = [], orderBy = [], limit, startAfter } = read.query;
  let query:
    ReturnType<CompatFirestore['collection']> | ReturnType<ReturnType<CompatFirestore['collection']>['where']> =
    db.collection(collection);
  for (const clause of where) query = query.where(clause.field, clause.op, clause.value);
  for (const order of orderBy) query = query.orderBy(order.field, order.direction);
  if (limit !== undefined) query = query.limit(limit);
  if (startAfter) query = query.startAfter(...startAfter);
  return query.get();
}

const EMULATOR = firestoreEmulator();
const SKIP_REASON = firestoreSkipReason();
/** The table's own project: its rules, data and coverage report are not shared with the contract's. */
const RULES_PROJECT = 'demo-devtribe-rules';
const CASES = RULE_CASES.filter((ruleCase) => ruleCase.only?.runner !== 'policy');

// Expected denials make the SDK log each refused RPC as a warning (GrpcConnection ... PERMISSION_DENIED);
// a failing case carries the emulator's text in its own message instead. Errors still print.
firebase.setLogLevel('error');

/** Whether the emulator allowed the request, and its refusal when it did not. */
async function outcome(request: Promise<unknown>): Promise<{ allowed: true } | { allowed: false; error: unknown }> {
  try {
    await request;
    return { allowed: true };
  } catch (error) {
    return { allowed: false, error };
  }
}

const isPermissionDenied = (error: unknown) => {
  const { code = '', message = '' } = (error ?? {}) as { code?: string; message?: string };
  return /permission.denied/i.test(code) || /PERMISSION_DENIED/.test(message);
};
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).trim().replace(/\s*\n\s*/g, ' ');

/** Throws, naming the case, the expectation and what the emulator did, unless they agree. */
function check(ruleCase: RuleCase, result: Awaited<ReturnType<typeof outcome>>): void {
  const what = `${ruleCase.read ? ruleCase.read.kind : 'write'} "${ruleCase.name}": expected ${ruleCase.expected}`;
  if (ruleCase.expected === 'allowed' && !result.allowed)
    throw new Error(`${what}, but firestore.rules refused it: ${errorText(result.error)}`);
  if (ruleCase.expected === 'denied') {
    if (result.allowed) throw new Error(`${what}, but firestore.rules allowed it.`);
    if (!isPermissionDenied(result.error))
      throw new Error(
        `${what}, but it failed with something else than a permission denial: ${errorText(result.error)}`,
      );
  }
}

let casesRun = 0;

async function runCase(env: RulesTestEnvironment, ruleCase: RuleCase): Promise<void> {
  casesRun += 1;
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const [docPath, data] of Object.entries(ruleCase.before)) await db.doc(docPath).set(data);
  });
  const actor = ruleCase.actor
    ? env.authenticatedContext(ruleCase.actor, {
        email: emailOf(ruleCase.actor),
        ...(ruleCase.moderator ? { moderator: true } : {}),
      })
    : env.unauthenticatedContext();
  const db = actor.firestore();
  if (ruleCase.read) {
    check(ruleCase, await outcome(readOf(db, ruleCase)));
    return;
  }
  // One batch, like the app's transactions: getAfter() sees every write of it. A path written
  // again merges into the earlier write (set with merge), as the policy runner reads it (applyRuleCase.ts).
  const batch = db.batch();
  const written = new Set<string>();
  for (const write of ruleCase.writes) {
    if (write.after === null) batch.delete(db.doc(write.path));
    else if (written.has(write.path)) batch.set(db.doc(write.path), withServerTime(write.after), { merge: true });
    else batch.set(db.doc(write.path), withServerTime(write.after));
    written.add(write.path);
  }
  check(ruleCase, await outcome(batch.commit()));
}

async function fetchCoverage(): Promise<CoverageReport> {
  const url = `http://${EMULATOR!.hostPort}/emulator/v1/projects/${RULES_PROJECT}:ruleCoverage`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as CoverageReport;
}

if (SKIP_REASON) {
  console.info(`Skipped "rule cases against firestore.rules": ${SKIP_REASON}`);
}

(EMULATOR ? describe : describe.skip)('rule cases against firestore.rules', () => {
  let env: RulesTestEnvironment;

  // Loading the rules (which also resets the project's coverage report) compiles them in the
  // emulator: seconds, up to half a minute on a cold emulator and a busy machine.
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: RULES_PROJECT,
      firestore: {
        rules: readFileSync(path.resolve(__dirname, '../../../firestore.rules'), 'utf8'),
        host: EMULATOR?.host ?? '127.0.0.1',
        port: EMULATOR?.port ?? 8080,
      },
    });
  }, 180_000);
  // Ends every app and its connection, so jest can exit.
  afterAll(() => env?.cleanup());

  it.each(CASES.map((ruleCase) => [ruleCase.expected, ruleCase.name, ruleCase] as const))(
    '%s: %s',
    (_expected, _name, ruleCase) => runCase(env, ruleCase),
  );

  it('rule coverage: every allow statement was evaluated both true and false', async () => {
    if (casesRun < CASES.length) {
      console.info(
        `Rule coverage not checked: ${casesRun} of ${CASES.length} cases ran (a name filter?); it is checked when the whole table runs.`,
      );
      return;
    }
    const summary = summarizeCoverage(await fetchCoverage());
    const problems = allowProblems(summary);
    console.info(
      `${describeCoverage(summary)}\n(project ${RULES_PROJECT}; the full report: http://${EMULATOR!.hostPort}/emulator/v1/projects/${RULES_PROJECT}:ruleCoverage.html)`,
    );
    if (problems.length) {
      throw new Error(
        `${problems.length} allow statement${problems.length === 1 ? ' was' : 's were'} not evaluated both true and false by the rule table ` +
          `(add the missing allowed or denied case):\n${problems.join('\n')}`,
      );
    }
  }, 120_000);
});
