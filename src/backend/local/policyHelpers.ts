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

export function isString(value: DocValue | undefined, minLength: number, maxLength: number): value is string {
  return typeof value === 'string' && value.length >= minLength && value.length <= maxLength;
}

export function isNonNegativeInteger(value: DocValue | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

// ---------- times and ids (the app's formats, src/features/*: new Date().toISOString(), `${uid}_${ms}`) ----------

/** `2026-01-15T12:00:00.000Z`: what Date#toISOString writes; rules: isoTime(). */
export const ISO_TIME_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,3})?Z$/;
export const ISO_TIME_MAX_LENGTH = 30;
export function isIsoTime(value: DocValue | undefined): value is string {
  return typeof value === 'string' && value.length <= ISO_TIME_MAX_LENGTH && ISO_TIME_PATTERN.test(value);
}

/** A serverTimestamp() of this very write; rules: `v == request.time`. */
export function isRequestTime(value: DocValue | undefined, ctx: Pick<WriteContext, 'requestTime'>): boolean {
  return typeof value === 'number' && value === ctx.requestTime;
}

/** A time a client may write: an ISO string of the app's format, or the server's time of this write; rules: appTime(). */
export function isAppTime(value: DocValue | undefined, ctx: Pick<WriteContext, 'requestTime'>): boolean {
  return isIsoTime(value) || isRequestTime(value, ctx);
}

/** Document ids and ids inside entries: letters, digits, `_` and `-`; rules: idOk(). */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ID_MAX_LENGTH = 128;
export function isId(value: DocValue | undefined, maxLength = ID_MAX_LENGTH): value is string {
  return isString(value, 1, maxLength) && ID_PATTERN.test(value);
}

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

// ---------- short string lists (topics, required skills, a team entry's skills) ----------

/**
 * lo..hi strings of 1..maxLength characters, none holding a newline; rules: shortStrings(), which
 * checks the list joined by newlines and split again, so a newline inside an element is refused
 * there too. `unique`: none repeated (rules: uniqueShortStrings()).
 */
export function isShortStringList(
  value: DocValue | undefined,
  lo: number,
  hi: number,
  maxLength: number,
  unique = false,
): value is string[] {
  return (
    Array.isArray(value) &&
    value.length >= lo &&
    value.length <= hi &&
    value.every((item) => isString(item, 1, maxLength) && !item.includes('\n')) &&
    (!unique || new Set(value).size === value.length)
  );
}
