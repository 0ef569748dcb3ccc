// The formats the access policy checks values against, shaped like firestore.rules' functions
// of the same names: bounded strings and integers, the app's times and ids, short string lists.
// policyHelpers.ts has the rest of the policy's vocabulary (keys, lists, maps, decisions).
import type { DocValue } from '../port';
import type { WriteContext } from './policyHelpers';

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
