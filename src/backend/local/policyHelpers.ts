// The vocabulary of the access policy, shaped like Firestore rules' functions
// (diff().affectedKeys(), List.removeAll, size()) so policy.ts reads like security rules.
import type { DocData, DocRef, DocValue } from '../port';
import { docValuesEqual } from './docValues';

export type DocMap = { [key: string]: DocValue };

export interface WriteContext {
  /** null when signed out */
  actorUid: string | null;
  /** the signed-in account's email (request.auth.token.email) */
  actorEmail: string | null;
  ref: DocRef;
  /** null: the write creates the document */
  before: DocData | null;
  /** null: the write deletes the document */
  after: DocData | null;
  /**
   * Rules' request.time: what serverTimestamp() resolves to in this write. Concurrent writes
   * commit in any order, so a stamped time may be older than one already stored.
   */
  requestTime: number;
  /** Any document as it will be after the whole batch or transaction (rules' getAfter). */
  getAfter(ref: DocRef): DocData | null;
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
  return new Set([...keys].filter((key) => !(key in before && key in after && docValuesEqual(before[key], after[key]))));
}

export function hasOnly(keys: Iterable<string>, allowed: readonly string[]): boolean {
  return [...keys].every((key) => allowed.includes(key));
}

export function isString(value: DocValue | undefined, minLength: number, maxLength: number): value is string {
  return typeof value === 'string' && value.length >= minLength && value.length <= maxLength;
}

export function isNonNegativeInteger(value: DocValue | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
