// Plain-data helpers with Firestore's semantics: deep equality for arrayUnion/arrayRemove
// and query filters, and Firestore's cross-type ordering for orderBy and cursors.
import type { DocData, DocValue } from '../port';

/** A deep copy; written by hand because jsdom test environments lack structuredClone. */
export function cloneDocValue<T extends DocValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => cloneDocValue(item)) as T;
  const copy: { [key: string]: DocValue } = {};
  for (const [key, item] of Object.entries(value)) copy[key] = cloneDocValue(item);
  return copy as T;
}

export function cloneDocData<T extends DocData>(data: T): T {
  return cloneDocValue(data);
}

export function docValuesEqual(a: DocValue | undefined, b: DocValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => docValuesEqual(item, b[index]));
  }
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => key in b && docValuesEqual(a[key], b[key]));
}

// Firestore orders values of different types: null < boolean < number < string < array < map.
function typeRank(value: DocValue): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 4;
  return 5;
}

export function compareDocValues(a: DocValue, b: DocValue): number {
  const rankDifference = typeRank(a) - typeRank(b);
  if (rankDifference !== 0) return Math.sign(rankDifference);
  if (typeof a === 'boolean' || typeof a === 'number') return Math.sign(Number(a) - Number(b));
  if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (Array.isArray(a)) {
    const other = b as DocValue[];
    for (let i = 0; i < Math.min(a.length, other.length); i += 1) {
      const itemOrder = compareDocValues(a[i] as DocValue, other[i] as DocValue);
      if (itemOrder !== 0) return itemOrder;
    }
    return Math.sign(a.length - other.length);
  }
  const aMap = a as { [key: string]: DocValue };
  const bMap = b as { [key: string]: DocValue };
  const aKeys = Object.keys(aMap).sort();
  const bKeys = Object.keys(bMap).sort();
  for (let i = 0; i < Math.min(aKeys.length, bKeys.length); i += 1) {
    const aKey = aKeys[i] as string;
    const bKey = bKeys[i] as string;
    if (aKey !== bKey) return aKey < bKey ? -1 : 1;
    const valueOrder = compareDocValues(aMap[aKey] as DocValue, bMap[bKey] as DocValue);
    if (valueOrder !== 0) return valueOrder;
  }
  return Math.sign(aKeys.length - bKeys.length);
}

export function isDocValue(value: unknown): value is DocValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return true;
  if (Array.isArray(value)) return value.every(isDocValue);
  if (typeof value !== 'object') return false;
  // toString rather than a prototype check: values may come from another realm (jsdom, IndexedDB clones).
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  return Object.values(value).every(isDocValue);
}
