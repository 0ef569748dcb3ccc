// Reading stored documents defensively. A document may have been written by an older version of
// the app, by a hostile client straight through the SDK, or converted by the Firebase adapter
// (Timestamps arrive as epoch ms), so no field can be trusted to have the type the app wrote.
// Every mapper reads its fields through these helpers: a wrong value becomes a safe default (or
// the entry is dropped), and nothing downstream (sorting, Intl formatting, rendering) can throw.

/** A plain object (not null, not an array), or null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The text cut to `max` UTF-16 units, without leaving half of a surrogate pair at the end. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max));
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** A string, cut to `max`; anything else is `fallback`. */
export function safeText(value: unknown, max: number, fallback = ''): string {
  return typeof value === 'string' ? clip(value, max) : fallback;
}

/** Like safeText, but blank text counts as missing too (names, titles). */
export function safeName(value: unknown, max: number, fallback: string): string {
  const text = safeText(value, max);
  return text.trim() === '' ? fallback : text;
}

/** A string cut to `max`, or null. */
export function safeNullableText(value: unknown, max: number): string | null {
  return typeof value === 'string' ? clip(value, max) : null;
}

/** Ids end up in links and query values: a non-blank string of bounded length, or null. */
const ID_MAX = 256;
export function safeId(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= ID_MAX ? value : null;
}

/** A finite integer between 0 and `max`: NaN, Infinity, negatives and non-numbers become 0. */
export function safeCount(value: unknown, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.floor(value), max);
}

/** true only for true: "yes", 1 and the like are not a boolean the app wrote. */
export const safeFlag = (value: unknown): boolean => value === true;

/** One of `allowed`, or `fallback`. */
export function safeEnum<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

// ---------- times ----------

/** The range a JavaScript Date can hold; outside it toISOString and Intl formatting throw. */
const DATE_MS_MAX = 8.64e15;
/** Longer strings are no date the app wrote, and are not worth parsing. */
const DATE_TEXT_MAX = 40;
const APP_ISO_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const inDateRange = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= DATE_MS_MAX;

/**
 * Epoch milliseconds from whatever a time field holds: epoch ms, a date string, a Firestore
 * Timestamp (`toMillis()`) or its plain form `{ seconds, nanoseconds }` (also `_seconds`), a Date.
 * null when there is no usable time.
 */
export function safeTimeMs(value: unknown): number | null {
  if (typeof value === 'number') return inDateRange(value) ? value : null;
  if (typeof value === 'string') {
    if (value.length > DATE_TEXT_MAX) return null;
    const ms = Date.parse(value);
    return inDateRange(ms) ? ms : null;
  }
  if (value instanceof Date) return inDateRange(value.getTime()) ? value.getTime() : null;
  const record = asRecord(value);
  if (!record) return null;
  if (typeof record.toMillis === 'function') {
    try {
      return safeTimeMs((record.toMillis as () => unknown).call(record));
    } catch {
      return null;
    }
  }
  const seconds = typeof record.seconds === 'number' ? record.seconds : record._seconds;
  const nanos = typeof record.nanoseconds === 'number' ? record.nanoseconds : record._nanoseconds;
  if (typeof seconds !== 'number') return null;
  const ms = seconds * 1000 + (typeof nanos === 'number' && Number.isFinite(nanos) ? Math.floor(nanos / 1e6) : 0);
  return inDateRange(ms) ? ms : null;
}

/**
 * An ISO time string. A string in the app's own format is kept as it is (so an entry read and
 * written back stays equal to what was stored); any other time is converted; none is ''.
 */
export function safeIsoTime(value: unknown): string {
  if (typeof value === 'string' && APP_ISO_FORMAT.test(value) && safeTimeMs(value) !== null) return value;
  const ms = safeTimeMs(value);
  return ms === null ? '' : new Date(ms).toISOString();
}

/** For sorting by time: any stored value, the ones without a usable time first in ascending order. */
function timeOrder(value: unknown): number {
  return safeTimeMs(value) ?? -Infinity;
}

/** Newest first, whatever the type of createdAt; stable for equal or missing times. */
export function compareNewestFirst(a: { createdAt?: unknown }, b: { createdAt?: unknown }): number {
  const left = timeOrder(a.createdAt);
  const right = timeOrder(b.createdAt);
  return left === right ? 0 : left < right ? 1 : -1;
}

// ---------- URLs ----------

const URL_MAX = 2048;
const HTTPS_URL = /^https:\/\/[^\s"'<>]+$/;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/;
/** A stored photo is at most 2 MB, which is this long as base64. */
const IMAGE_DATA_URL_MAX = 64 + Math.ceil((2 * 1024 * 1024) / 3) * 4;

/** An https URL, or null. */
export function safeHttpsUrl(value: unknown): string | null {
  return typeof value === 'string' && value.length <= URL_MAX && HTTPS_URL.test(value) ? value : null;
}

/** What an <img> may show: an https URL, a raster data: URL, '' (legacy "no photo"), or null. */
export function safePhotoURL(value: unknown): string | null {
  if (value === '') return '';
  if (safeHttpsUrl(value) !== null) return value as string;
  return typeof value === 'string' && value.length <= IMAGE_DATA_URL_MAX && IMAGE_DATA_URL.test(value) ? value : null;
}

// ---------- lists ----------

/** Enough for the largest lists the app shows (5,000 friends); a bigger array is cut. */
export const LIST_MAX = 10_000;

/** Each element through `toItem`, the ones it refuses (null) dropped; a non-array is []. */
export function safeList<T>(value: unknown, toItem: (item: unknown) => T | null, max = LIST_MAX): T[] {
  if (!Array.isArray(value)) return [];
  const items: T[] = [];
  for (const element of value.length > max ? value.slice(0, max) : value) {
    const item = toItem(element);
    if (item !== null) items.push(item);
  }
  return items;
}

/**
 * The entries of a friends list, stored as a map keyed by id (docs/friends-model.md) or, in older
 * documents, as an array: each through `toItem`, refused ones dropped.
 */
export function safeEntries<T>(value: unknown, toItem: (item: unknown) => T | null, max = LIST_MAX): T[] {
  if (Array.isArray(value)) return safeList(value, toItem, max);
  if (typeof value !== 'object' || value === null) return [];
  return safeList(Object.values(value), toItem, max);
}

/** The strings of a list (non-blank, each cut to `itemMax`), at most `max` of them. */
export function safeStringList(value: unknown, max: number, itemMax: number): string[] {
  return safeList(value, (item) => (typeof item === 'string' && item.trim() !== '' ? clip(item, itemMax) : null)).slice(
    0,
    max,
  );
}

/** The ids of a list (see safeId). */
export function safeIdList(value: unknown, max = LIST_MAX): string[] {
  return safeList(value, safeId, max);
}
