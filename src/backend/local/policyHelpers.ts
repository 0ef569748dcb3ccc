// The vocabulary of the access policy, shaped like Firestore rules' functions
// (diff().affectedKeys(), List.removeAll, size()) so policy.ts reads like security rules; the
// formats values are checked against (ids, times, bounded strings) are in policyValues.ts.
import type { DocData, DocRef, DocValue } from '../port';
import { docValuesEqual } from './docValues';

export type DocMap = { [key: string]: DocValue };

export interface WriteContext {
  /** null when signed out */
  actorUid: string | null;
  /** the signed-in account's email (request.auth.token.email) */
  actorEmail: string | null;
  /** The account's `moderator` custom claim (request.auth.token.moderator == true). */
  actorModerator?: boolean;
  ref: DocRef;
  /** null: the write creates the document */
  before: DocData | null;
  /** null: the write deletes the document */
  after: DocData | null;
  /** Any document as it will be after the whole batch or transaction (rules' getAfter). */
  getAfter(ref: DocRef): DocData | null;
  /**
   * Any document as it was before the batch (rules' get/exists), including documents the actor
   * may not read. Like getAfter, only documents named by writeDependencies.
   */
  get(ref: DocRef): DocData | null;
  /** The commit's time in epoch ms (rules' request.time): what serverTimestamp() resolves to. */
  requestTime: number;
}

export type PolicyDecision = { allowed: true } | { allowed: false; reason: string };

export const allow: PolicyDecision = { allowed: true };
export const deny = (reason: string): PolicyDecision => ({ allowed: false, reason });
export const decide = (ok: boolean, reason: string): PolicyDecision => (ok ? allow : deny(reason));

export function asMap(value: DocValue | undefined): DocMap | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
}

/** A list field, a missing legacy field counting as []. */
export function listOf(doc: DocData | null, key: string): DocValue[] {
  const value = doc?.[key];
  return Array.isArray(value) ? value : [];
}

/** Like rules' `a.removeAll(b)`: the elements of `a` not equal to any element of `b`. */
export function removeAll(a: readonly DocValue[], b: readonly DocValue[]): DocValue[] {
  return a.filter((item) => !b.some((other) => docValuesEqual(item, other)));
}

export function addedTo(ctx: WriteContext, key: string): DocValue[] {
  return removeAll(listOf(ctx.after, key), listOf(ctx.before, key));
}

export function removedFrom(ctx: WriteContext, key: string): DocValue[] {
  return removeAll(listOf(ctx.before, key), listOf(ctx.after, key));
}

/** Exactly one element appended; nothing modified or dropped. */
export function appendedOne(ctx: WriteContext, key: string): boolean {
  return (
    listOf(ctx.after, key).length === listOf(ctx.before, key).length + 1 &&
    addedTo(ctx, key).length === 1 &&
    removedFrom(ctx, key).length === 0
  );
}

/** Exactly one element dropped; nothing added or modified. */
export function droppedOne(ctx: WriteContext, key: string): boolean {
  return (
    listOf(ctx.after, key).length === listOf(ctx.before, key).length - 1 &&
    removedFrom(ctx, key).length === 1 &&
    addedTo(ctx, key).length === 0
  );
}

function sizeOf(doc: DocData | null, key: string): number {
  const value = doc?.[key];
  if (Array.isArray(value)) return value.length;
  const map = asMap(value);
  return map ? Object.keys(map).length : 0;
}

/** Caps bite only when a list grows, so legacy over-cap documents can still shrink. */
export function capOk(ctx: WriteContext, key: string, limit: number): boolean {
  return sizeOf(ctx.after, key) <= limit || sizeOf(ctx.after, key) < sizeOf(ctx.before, key);
}

/** Rules' `request.resource.data.diff(resource.data).affectedKeys()`. */
export function changedKeys(ctx: WriteContext): Set<string> {
  const before = ctx.before ?? {};
  const after = ctx.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return new Set(
    [...keys].filter((key) => !(key in before && key in after && docValuesEqual(before[key], after[key]))),
  );
}

export function hasOnly(keys: Iterable<string>, allowed: readonly string[]): boolean {
  return [...keys].every((key) => allowed.includes(key));
}

/** Every one of `keys` and nothing else (rules: `m.keys().hasOnly(keys) && m.keys().hasAll(keys)`). */
export const exactKeys = (map: DocMap, keys: readonly string[]) =>
  hasOnly(Object.keys(map), keys) && keys.every((key) => key in map);

// ---------- maps keyed by id (the friends model: rules' Map.diff(), keys(), size()) ----------

/** A map field, a missing field counting as {} (rules: `d.get(key, {})`); null when it is something else. */
export function mapField(doc: DocData | null, key: string): DocMap | null {
  const value = doc?.[key];
  if (value === undefined) return {};
  return asMap(value);
}

/** Rules' `after.diff(before)`: the keys added, removed and changed (both present, values differ). */
export interface MapDiff {
  added: string[];
  removed: string[];
  changed: string[];
}
export function mapDiff(before: DocMap, after: DocMap): MapDiff {
  return {
    added: Object.keys(after).filter((key) => !Object.hasOwn(before, key)),
    removed: Object.keys(before).filter((key) => !Object.hasOwn(after, key)),
    changed: Object.keys(after).filter((key) => Object.hasOwn(before, key) && !docValuesEqual(before[key], after[key])),
  };
}
/** Rules' `diff.affectedKeys()`. */
export const affectedKeys = (diff: MapDiff): string[] => [...diff.added, ...diff.removed, ...diff.changed];

/** The map field `key` of both states, and its diff; null when either is not a map. */
export function mapChange(
  ctx: Pick<WriteContext, 'before' | 'after'>,
  key: string,
): { before: DocMap; after: DocMap; diff: MapDiff } | null {
  const before = mapField(ctx.before, key);
  const after = mapField(ctx.after, key);
  if (before === null || after === null) return null;
  return { before, after, diff: mapDiff(before, after) };
}

/** The entries differ only in the listed keys (rules: `a.diff(b).affectedKeys().hasOnly(keys)`). */
export function differsOnlyIn(a: DocValue | undefined, b: DocValue | undefined, keys: readonly string[]): boolean {
  const mapA = asMap(a);
  const mapB = asMap(b);
  if (!mapA || !mapB) return false;
  return hasOnly(affectedKeys(mapDiff(mapA, mapB)), keys);
}
