// Applies one write (with Firestore field transforms) to a document's current state.
import { BackendError, isFieldTransform } from '../port';
import type { DocData, DocRef, DocValue, FieldTransform, WriteData, WriteOp, WriteValue } from '../port';
import { cloneDocData, cloneDocValue, docValuesEqual, isDocValue } from './docValues';

export function docKey(ref: DocRef): string {
  return `${ref.collection}/${ref.id}`;
}

export function validateRef(ref: DocRef): void {
  const valid = (part: unknown) => typeof part === 'string' && part.length > 0 && !part.includes('/');
  if (!valid(ref.collection) || !valid(ref.id)) {
    throw new BackendError(
      'invalid-argument',
      `Invalid document reference: ${String(ref.collection)}/${String(ref.id)}`,
    );
  }
}

// Firestore rejects undefined, class instances, sentinels inside arrays, and deleteField() outside
// update() and set() with merge; rejecting them here keeps code that works locally working on Firebase.
function validateWriteValue(value: WriteValue, field: string, allowDelete: boolean): void {
  if (isFieldTransform(value)) {
    if (value.$transform === 'deleteField' && !allowDelete) {
      throw new BackendError(
        'invalid-argument',
        `deleteField() can only be used with update() and set() with merge (field ${field}).`,
      );
    }
    return;
  }
  if (isWriteMap(value)) {
    for (const [key, inner] of Object.entries(value)) validateWriteValue(inner, `${field}.${key}`, allowDelete);
    return;
  }
  if (!isDocValue(value)) {
    throw new BackendError('invalid-argument', `Unsupported field value in field ${field}: ${String(value)}`);
  }
}

function validateWriteData(data: WriteData, allowDelete: boolean): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BackendError('invalid-argument', 'Document data must be an object.');
  }
  for (const [field, value] of Object.entries(data)) {
    if (field.length === 0 || field.split('.').some((part) => part.length === 0)) {
      throw new BackendError('invalid-argument', `Invalid field name: '${field}'.`);
    }
    validateWriteValue(value, field, allowDelete);
  }
}

/** A plain map (no class instance such as a Date) that is not plain data: it holds a sentinel somewhere inside. */
function isWriteMap(value: WriteValue): value is { [key: string]: WriteValue } {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    isFieldTransform(value) ||
    isDocValue(value)
  )
    return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const isPlainMap = (value: DocValue | undefined): value is { [key: string]: DocValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function transformedValue(current: DocValue | undefined, transform: FieldTransform, now: number): DocValue | undefined {
  switch (transform.$transform) {
    case 'serverTimestamp':
      return now;
    case 'increment':
      return (typeof current === 'number' ? current : 0) + transform.by;
    case 'arrayUnion': {
      const result = Array.isArray(current) ? current.map((item) => cloneDocValue(item)) : [];
      for (const element of transform.elements) {
        if (!result.some((item) => docValuesEqual(item, element))) result.push(cloneDocValue(element));
      }
      return result;
    }
    case 'arrayRemove':
      return Array.isArray(current)
        ? current.filter((item) => !transform.elements.some((element) => docValuesEqual(item, element)))
        : [];
    case 'deleteField':
      return undefined;
  }
}

/**
 * The value `value` writes where `current` stands: a sentinel applied to it; a map merged into it
 * field by field when `deep` (set() with merge), or replacing it with its sentinels resolved.
 */
function writtenValue(
  current: DocValue | undefined,
  value: WriteValue,
  now: number,
  deep: boolean,
): DocValue | undefined {
  if (isFieldTransform(value)) return transformedValue(current, value, now);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const result: { [key: string]: DocValue } = deep && isPlainMap(current) ? cloneDocData(current) : {};
    for (const [key, inner] of Object.entries(value)) {
      const next = writtenValue(result[key], inner, now, deep);
      if (next === undefined) delete result[key];
      else result[key] = next;
    }
    return result;
  }
  return cloneDocValue(value);
}

function mergeFields(base: DocData, data: WriteData, now: number, deep: boolean): DocData {
  const result = cloneDocData(base);
  for (const [field, value] of Object.entries(data)) {
    const next = writtenValue(result[field], value, now, deep);
    if (next === undefined) delete result[field];
    else result[field] = next;
  }
  return result;
}

/** update(): a dotted key is a field path; the maps on the way are created (a non-map there is replaced). */
function updateFields(base: DocData, data: WriteData, now: number): DocData {
  const result = cloneDocData(base);
  for (const [field, value] of Object.entries(data)) {
    const path = field.split('.');
    const leaf = path.pop() as string;
    let parent: { [key: string]: DocValue } = result;
    for (const part of path) {
      const child = parent[part];
      if (!isPlainMap(child)) {
        if (value !== null && isFieldTransform(value) && value.$transform === 'deleteField') {
          parent = {};
          break;
        }
        parent[part] = {};
      }
      parent = parent[part] as { [key: string]: DocValue };
    }
    const next = writtenValue(parent[leaf], value, now, false);
    if (next === undefined) delete parent[leaf];
    else parent[leaf] = next;
  }
  return result;
}

/** The document after `op`, or null when it is deleted; `now` resolves serverTimestamp(). */
export function applyWriteOp(current: DocData | null, op: WriteOp, now: number): DocData | null {
  validateRef(op.ref);
  switch (op.type) {
    case 'delete':
      return null;
    case 'set': {
      const merge = op.options?.merge === true;
      validateWriteData(op.data, merge);
      return mergeFields(merge && current ? current : {}, op.data, now, merge);
    }
    case 'update':
      validateWriteData(op.data, true);
      if (!current) throw new BackendError('not-found', `No document to update: ${docKey(op.ref)}`);
      return updateFields(current, op.data, now);
  }
}
