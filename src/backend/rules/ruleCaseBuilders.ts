// How the rule-case tables (*RuleCases.ts) write their cases: an allowed case, the denied cases
// naming it as their twin, read cases, and batches edited from another case's batch. One set of
// builders, so every table states a case in one line of what differs.
import type { DocData, QuerySpec } from '../port';
import type { RuleCase, RuleRead, RuleWrite } from './ruleFixtures';

/** Documents before the batch, by "collection/id". */
export type State = Record<string, DocData>;

/** What a case may add: a moderator's claim, or the one runner that can decide it. */
export type CaseExtra = Pick<RuleCase, 'only' | 'moderator'>;
/** The actor holds the `moderator` custom claim. */
export const MODERATOR: CaseExtra = { moderator: true };

export const allowed = (
  name: string,
  actor: string | null,
  before: State,
  writes: RuleWrite[],
  extra: CaseExtra = {},
): RuleCase => ({ name, actor, before, writes, expected: 'allowed', ...extra });

export const denied = (
  name: string,
  twin: string,
  actor: string | null,
  before: State,
  writes: RuleWrite[],
  extra: CaseExtra = {},
): RuleCase => ({ name, actor, before, writes, expected: 'denied', twin, ...extra });

/** A read case: one get or one query by the actor, against `before` (a denied one names its twin). */
export const readCase = (
  name: string,
  expected: RuleCase['expected'],
  actor: string | null,
  before: State,
  read: RuleRead,
  twin?: string,
): RuleCase => ({ name, actor, before, writes: [], read, expected, ...(twin ? { twin } : {}) });
export const readAllowed = (name: string, actor: string | null, before: State, read: RuleRead): RuleCase =>
  readCase(name, 'allowed', actor, before, read);
export const readDenied = (name: string, twin: string, actor: string | null, before: State, read: RuleRead): RuleCase =>
  readCase(name, 'denied', actor, before, read, twin);

export const get = (path: string): RuleRead => ({ kind: 'get', path });
export const query = (spec: QuerySpec): RuleRead => ({ kind: 'query', query: spec });

/** The batch with the write to `path` replaced by `after` (null deletes; undefined leaves the write out). */
export const replacing = (writes: RuleWrite[], path: string, after: DocData | null | undefined): RuleWrite[] =>
  after === undefined
    ? writes.filter((write) => write.path !== path)
    : writes.map((write) => (write.path === path ? { path, after } : write));
