// Reading more documents than one page holds: the rules allow list queries of at most
// QUERY_PAGE_MAX documents, so longer lists are read page by page, each page starting after the
// last document of the one before (its orderBy values, then its id as the tie-breaker).
import { DOCUMENT_ID_FIELD } from './port';
import type { DocData, DocSnapshot, DocumentStore, DocValue, QuerySpec } from './port';

/** The largest page firestore.rules and the local policy accept (request.query.limit <= 50). */
export const QUERY_PAGE_MAX = 50;

/** Up to `max` documents of `spec` (its own limit is ignored), in pages of at most QUERY_PAGE_MAX. */
export async function queryPages<T extends DocData = DocData>(
  db: DocumentStore,
  spec: QuerySpec,
  max: number,
): Promise<DocSnapshot<T>[]> {
  const orderBy = [...(spec.orderBy ?? [])];
  if (!orderBy.some((order) => order.field === DOCUMENT_ID_FIELD)) {
    orderBy.push({ field: DOCUMENT_ID_FIELD, direction: orderBy[orderBy.length - 1]?.direction ?? 'asc' });
  }
  const results: DocSnapshot<T>[] = [];
  let cursor: DocValue[] | undefined;
  while (results.length < max) {
    const limit = Math.min(QUERY_PAGE_MAX, max - results.length);
    const page = await db.query<T>({ ...spec, orderBy, limit, ...(cursor ? { startAfter: cursor } : {}) });
    results.push(...page);
    const last = page[page.length - 1];
    if (page.length < limit || !last) break;
    cursor = orderBy.map(({ field }) => (field === DOCUMENT_ID_FIELD ? last.ref.id : (last.data?.[field] ?? null)));
  }
  return results;
}
