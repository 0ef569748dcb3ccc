// Evaluates a QuerySpec the way Firestore does: filters, then orderBy (documents missing an
// orderBy field are left out), ties broken by document id, then the cursors, then the limit.
import { BackendError, DOCUMENT_ID_FIELD } from '../port';
import type { DocData, DocValue, QuerySpec, WhereClause } from '../port';
import { compareDocValues, docValuesEqual } from './docValues';

export interface StoredDoc {
  id: string;
  data: DocData;
}

const IN_VALUES_MAX = 30;

export function validateQuery(spec: QuerySpec): void {
  for (const clause of spec.where ?? []) {
    if (
      clause.op === 'in' &&
      (!Array.isArray(clause.value) || clause.value.length === 0 || clause.value.length > IN_VALUES_MAX)
    ) {
      throw new BackendError(
        'invalid-argument',
        `'in' filters need a non-empty array of at most ${IN_VALUES_MAX} values (field ${clause.field}).`,
      );
    }
  }
  if (spec.limit !== undefined && (!Number.isInteger(spec.limit) || spec.limit <= 0)) {
    throw new BackendError('invalid-argument', `Query limit must be a positive integer, got ${spec.limit}.`);
  }
  for (const [name, cursor] of [
    ['startAfter', spec.startAfter],
    ['endAt', spec.endAt],
  ] as const) {
    if (cursor && cursor.length > (spec.orderBy?.length ?? 0)) {
      throw new BackendError('invalid-argument', `${name} has more values than the query has orderBy fields.`);
    }
  }
}

function matchesClause(data: DocData, clause: WhereClause): boolean {
  if (!(clause.field in data)) return false;
  const value = data[clause.field] as DocValue;
  switch (clause.op) {
    case '==':
      return docValuesEqual(value, clause.value);
    case 'in':
      return Array.isArray(clause.value) && clause.value.some((candidate) => docValuesEqual(value, candidate));
    case 'array-contains':
      return Array.isArray(value) && value.some((item) => docValuesEqual(item, clause.value));
  }
}

/** The value a query orders by: a field, or the document id. */
const orderValue = (doc: StoredDoc, field: string): DocValue | undefined =>
  field === DOCUMENT_ID_FIELD ? doc.id : doc.data[field];

export function queryDocuments(docs: readonly StoredDoc[], spec: QuerySpec): StoredDoc[] {
  validateQuery(spec);
  const orderBy = spec.orderBy ?? [];
  const lastDirection = orderBy[orderBy.length - 1]?.direction ?? 'asc';
  const compare = (a: StoredDoc, b: StoredDoc): number => {
    for (const { field, direction } of orderBy) {
      const order = compareDocValues(orderValue(a, field) as DocValue, orderValue(b, field) as DocValue);
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    const idOrder = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return lastDirection === 'asc' ? idOrder : -idOrder;
  };
  const isAfterCursor = (doc: StoredDoc, cursor: readonly DocValue[]): boolean => {
    for (let i = 0; i < cursor.length; i += 1) {
      const { field, direction } = orderBy[i] as { field: string; direction: 'asc' | 'desc' };
      const order = compareDocValues(orderValue(doc, field) as DocValue, cursor[i] as DocValue);
      if (order !== 0) return direction === 'asc' ? order > 0 : order < 0;
    }
    return false;
  };

  let results = docs.filter(
    (doc) =>
      (spec.where ?? []).every((clause) => matchesClause(doc.data, clause)) &&
      orderBy.every(({ field }) => field === DOCUMENT_ID_FIELD || field in doc.data),
  );
  results.sort(compare);
  const { startAfter, endAt } = spec;
  if (startAfter && startAfter.length > 0) results = results.filter((doc) => isAfterCursor(doc, startAfter));
  if (endAt && endAt.length > 0) results = results.filter((doc) => !isAfterCursor(doc, endAt));
  return spec.limit === undefined ? results : results.slice(0, spec.limit);
}
