/**
 * @jest-environment node
 */
// Runner 2 of the rule-case table: firestore.rules on the Firestore emulator, through
// @firebase/rules-unit-testing. Skipped, saying why, unless FIRESTORE_EMULATOR_HOST is set (the
// emulator downloads a JAR and needs Java 21, which this project's CI machine cannot).
import { assertFails, assertSucceeds, initializeTestEnvironment } from '@firebase/rules-unit-testing';
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
import { emailOf, RULE_CASES } from './ruleCases';
import type { RuleCase } from './ruleCases';

type CompatFirestore = ReturnType<ReturnType<RulesTestEnvironment['unauthenticatedContext']>['firestore']>;

/** SERVER_TIME placeholders become serverTimestamp(), which the rules see as request.time. */
const withServerTime = (data: DocData) => resolveServerTime(data, () => firebase.firestore.FieldValue.serverTimestamp()) as Record<string, unknown>;

function readOf(db: CompatFirestore, ruleCase: RuleCase): Promise<unknown> {
  const read = ruleCase.read!;
  if (read.kind === 'get') return db.doc(read.path).get();
  const { collection, where = [], orderBy = [], limit, startAfter } = read.query;
  let query: ReturnType<CompatFirestore['collection']> | ReturnType<ReturnType<CompatFirestore['collection']>['where']> =
    db.collection(collection);
  for (const clause of where) query = query.where(clause.field, clause.op, clause.value);
  for (const order of orderBy) query = query.orderBy(order.field, order.direction);
  if (limit !== undefined) query = query.limit(limit);
  if (startAfter) query = query.startAfter(...startAfter);
  return query.get();
}

const EMULATOR = /^(.+):(\d+)$/.exec(process.env.FIRESTORE_EMULATOR_HOST ?? '');
const SKIP_REASON = 'FIRESTORE_EMULATOR_HOST is not set: firestore.rules are checked against the table only on a machine that can run the Firestore emulator (`npx firebase emulators:exec --only firestore "npx jest src/backend/rules"`).';

async function runCase(env: RulesTestEnvironment, ruleCase: RuleCase): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const [docPath, data] of Object.entries(ruleCase.before)) await db.doc(docPath).set(data);
  });
  const actor = ruleCase.actor
    ? env.authenticatedContext(ruleCase.actor, { email: emailOf(ruleCase.actor), ...(ruleCase.moderator ? { moderator: true } : {}) })
    : env.unauthenticatedContext();
  const db = actor.firestore();
  if (ruleCase.read) {
    await (ruleCase.expected === 'allowed' ? assertSucceeds(readOf(db, ruleCase)) : assertFails(readOf(db, ruleCase)));
    return;
  }
  // One batch, like the app's transactions: getAfter() sees every write of it.
  const batch = db.batch();
  for (const write of ruleCase.writes) {
    if (write.after === null) batch.delete(db.doc(write.path));
    else batch.set(db.doc(write.path), withServerTime(write.after));
  }
  await (ruleCase.expected === 'allowed' ? assertSucceeds(batch.commit()) : assertFails(batch.commit()));
}

if (!EMULATOR) {
  console.info(`Skipped "rule cases against firestore.rules": ${SKIP_REASON}`);
}

(EMULATOR ? describe : describe.skip)('rule cases against firestore.rules', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      // emulators:exec sets GCLOUD_PROJECT; with singleProjectMode the emulator serves that project only
      projectId: process.env.GCLOUD_PROJECT || 'demo-devtribe-rules',
      firestore: {
        rules: readFileSync(path.resolve(__dirname, '../../../firestore.rules'), 'utf8'),
        host: EMULATOR?.[1] ?? '127.0.0.1',
        port: Number(EMULATOR?.[2] ?? 8080),
      },
    });
  });
  afterAll(() => env?.cleanup());

  it.each(RULE_CASES.filter((ruleCase) => ruleCase.only?.runner !== 'policy').map((ruleCase) => [ruleCase.expected, ruleCase.name, ruleCase] as const))('%s: %s', (_expected, _name, ruleCase) =>
    runCase(env, ruleCase),
  );
});
