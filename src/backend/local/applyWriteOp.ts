// Applies one write (with Firestore field transforms) to a document's current state.
import { BackendError, isFieldTransform } from '../port';
import type { DocData, DocRef, DocValue, FieldTransform, WriteData, WriteOp } from '../port';
import { cloneDocData, cloneDocValue, docValuesEqual, isDocValue } from './docValues';

export function docKey(ref: DocRef): string {
  return `${ref.collection}/${ref.id}`;
}

export function validateRef(ref: DocRef): void {
  const valid = (part: unknown) => typeof part === 'string' && part.length > 0 && !part.includes('/');
  if (!valid(ref.collection) || !valid(ref.id)) {
    throw new BackendError('invalid-argument', `Invalid document reference: ${String(ref.collection)}/${String(ref.id)}`);
  }
}

// Firestore rejects undefined, class instances and transforms nested below the top level;
// rejecting them here keeps code that works locally working on Firebase.
export function validateWriteData(data: WriteData, allowDelete: boolean): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BackendError('invalid-argument', 'Document data must be an object.');
  }
  for (const [field, value] of Object.entries(data)) {
    if (field.length === 0) throw new BackendError('invalid-argument', 'Field names must not be empty.');
    if (isFieldTransform(value)) {
      if (value.$transform === 'deleteField' && !allowDelete) {
        throw new BackendError('invalid-argument', `deleteField() can only be used with update() and set() with merge (field ${field}).`);
      }
      continue;
    }
    if (!isDocValue(value)) {
      throw new BackendError('invalid-argument', `Unsupported field value in field ${field}: ${String(value)}`);
    }
  }
}

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

function mergeFields(base: DocData, data: WriteData, now: number): DocData {
  const result = cloneDocData(base);
  for (const [field, value] of Object.entries(data)) {
    const next = isFieldTransform(value) ? transformedValue(result[field], value, now) : cloneDocValue(value);
    if (next === undefined) delete result[field];
    else result[field] = next;
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
      return mergeFields(merge && current ? current : {}, op.data, now);
    }
    case 'update':
      validateWriteData(op.data, true);
      if (!current) throw new BackendError('not-found', `No document to update: ${docKey(op.ref)}`);
      return mergeFields(current, op.data, now);
  }
}
