// Allowed rule cases recorded from the app's own operations (issue 22 item 2): a policy that
// wraps the real local policy, sees every commit the app makes (each write's before and after,
// the actor, the commit's time and the documents the policy depends on) and turns each commit into
// a RuleCase, so the table's allowed cases for the app's writes cannot drift from the app.
// Test code: recordedRuleCases.test.ts runs the scenario (src/test/appWriteScenario.ts) and keeps the JSON.
import { localAccessPolicy } from '../local/policy';
import type { AccessPolicy, PolicyDecision, WriteContext } from '../local/policy';
import type { DocData, DocRef, DocValue } from '../port';
import { SERVER_TIME } from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

const pathOf = (ref: DocRef) => `${ref.collection}/${ref.id}`;

interface RecordedWrite {
  path: string;
  before: DocData | null;
  after: DocData | null;
}

export interface RecordedCommit {
  label: string;
  actor: string | null;
  moderator: boolean;
  requestTime: number;
  writes: RecordedWrite[];
  /** What the policy depends on, as it was before the commit (null: missing). */
  dependencies: Map<string, DocData | null>;
  /** The first denial, when the policy refused the commit. */
  denied: string | null;
}

/** Every value equal to `time` (a serverTimestamp() resolved to this commit's time) becomes SERVER_TIME, at any depth. */
function withServerTime(value: DocValue, time: number): DocValue {
  if (value === time) return SERVER_TIME;
  if (Array.isArray(value)) return value.map((item) => withServerTime(item, time));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withServerTime(item, time)]));
  }
  return value;
}

export interface RuleCaseRecorder {
  /** Pass as the backends' policy: the real policy's decisions, recorded. */
  policy: AccessPolicy;
  /** Names the commits made from now on: `app: {operation}: {step}`. */
  step(operation: string, step: string): void;
  /** Stops recording (arranging states through the app's users without keeping the commits). */
  pause(): void;
  commits(): readonly RecordedCommit[];
  /** The commits as allowed rule cases (a denied commit throws: the scenario must not make one). */
  toRuleCases(): RuleCase[];
}

export function createRuleCaseRecorder(inner: AccessPolicy = localAccessPolicy): RuleCaseRecorder {
  let label: string | null = null;
  const recorded: RecordedCommit[] = [];
  // One commit's checkWrite calls share its getAfter (localWrites.ts commitWrites): the
  // function's identity names the commit (it is never called through this map).
  const byCommit = new Map<unknown, RecordedCommit>();
  const commitOf = (ctx: WriteContext): unknown => Reflect.get(ctx, 'getAfter');

  function dependenciesOf(ctx: WriteContext): DocRef[] {
    const peek = (ref: DocRef): DocData | null | undefined => {
      try {
        return ctx.getAfter(ref);
      } catch {
        return undefined;
      }
    };
    return [...inner.writeDependencies(ctx), ...inner.writeDependencies({ ...ctx, peek })];
  }

  const policy: AccessPolicy = {
    checkRead: (ctx) => inner.checkRead(ctx),
    readDependencies: (request) => inner.readDependencies(request),
    writeDependencies: (ctx) => inner.writeDependencies(ctx),
    checkWrite(ctx): PolicyDecision {
      const decision = inner.checkWrite(ctx);
      if (label === null) return decision;
      let commit = byCommit.get(commitOf(ctx));
      if (!commit) {
        commit = {
          label,
          actor: ctx.actorUid,
          moderator: ctx.actorModerator === true,
          requestTime: ctx.requestTime,
          writes: [],
          dependencies: new Map(),
          denied: null,
        };
        byCommit.set(commitOf(ctx), commit);
        recorded.push(commit);
      }
      commit.writes.push({ path: pathOf(ctx.ref), before: ctx.before, after: ctx.after });
      for (const ref of dependenciesOf(ctx)) {
        const key = pathOf(ref);
        if (commit.dependencies.has(key)) continue;
        try {
          commit.dependencies.set(key, ctx.get(ref));
        } catch {
          // not loaded by the store: the policy cannot have read it
        }
      }
      if (!decision.allowed && commit.denied === null) commit.denied = decision.reason;
      return decision;
    },
  };

  function toRuleCases(): RuleCase[] {
    const denied = recorded.filter((commit) => commit.denied !== null);
    if (denied.length > 0) {
      throw new Error(
        `The scenario made commits the policy refused:\n${denied.map((c) => `${c.label}: ${c.denied}`).join('\n')}`,
      );
    }
    const perLabel = new Map<string, number>();
    for (const commit of recorded) perLabel.set(commit.label, (perLabel.get(commit.label) ?? 0) + 1);
    const seen = new Map<string, number>();
    return recorded.map((commit) => {
      const total = perLabel.get(commit.label) ?? 1;
      const index = (seen.get(commit.label) ?? 0) + 1;
      seen.set(commit.label, index);
      const before: Record<string, DocData> = {};
      for (const [key, data] of commit.dependencies) if (data !== null) before[key] = data;
      for (const write of commit.writes) if (write.before !== null) before[write.path] = write.before;
      const writes: RuleWrite[] = commit.writes.map((write) => ({
        path: write.path,
        after: write.after === null ? null : (withServerTime(write.after, commit.requestTime) as DocData),
      }));
      return {
        name: total > 1 ? `${commit.label} (commit ${index} of ${total})` : commit.label,
        actor: commit.actor,
        ...(commit.moderator ? { moderator: true } : {}),
        before,
        writes,
        expected: 'allowed',
      };
    });
  }

  return {
    policy,
    step(operation, step) {
      label = `app: ${operation}: ${step}`;
    },
    pause() {
      label = null;
    },
    commits: () => recorded,
    toRuleCases,
  };
}

/** Each case's `before` by path, so the file does not change with the order documents were loaded in. */
export function sortedBefore(cases: readonly RuleCase[]): RuleCase[] {
  return cases.map((ruleCase) => ({
    ...ruleCase,
    before: Object.fromEntries(Object.entries(ruleCase.before).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  }));
}

/** Every occurrence of each random id (in keys, paths and strings, at any depth) replaced by its stable name. */
export function renameIds<T>(value: T, names: ReadonlyMap<string, string>): T {
  const ordered = [...names].sort(([a], [b]) => b.length - a.length);
  const renameString = (text: string) => ordered.reduce((out, [id, name]) => out.split(id).join(name), text);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return renameString(item);
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item === 'object' && item !== null) {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [renameString(key), walk(inner)]));
    }
    return item;
  };
  return walk(value) as T;
}
