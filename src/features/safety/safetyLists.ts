// The viewer's blocked and muted people: the queries and their mapping, kept apart from the
// operations (safetyApi.ts) so the live lists load with the app and the operations on first use.
import type { BackendError, DocSnapshot, DocumentStore, QuerySpec, Unsubscribe } from '../../backend/port';
import { BLOCKS, MUTES } from '../../domain/collections';
import { compareIds, compareText } from '../../domain/compareText';
import type { ListedPerson } from '../../domain/safetyTypes';
import { SAFETY_LIST_LIMIT } from '../../domain/safetyTypes';
import { str } from './safetyFields';

/** The page of `uid`'s blocks after the blocked id `after` (the first page without it), by blocked id. */
export const blocksQuery = (uid: string, after?: string): QuerySpec => ({
  collection: BLOCKS,
  where: [{ field: 'blockerId', op: '==', value: uid }],
  orderBy: [{ field: 'blockedId', direction: 'asc' }],
  limit: SAFETY_LIST_LIMIT,
  ...(after === undefined ? {} : { startAfter: [after] }),
});

export const mutesQuery = (uid: string, after?: string): QuerySpec => ({
  collection: MUTES,
  where: [{ field: 'muterId', op: '==', value: uid }],
  orderBy: [{ field: 'mutedId', direction: 'asc' }],
  limit: SAFETY_LIST_LIMIT,
  ...(after === undefined ? {} : { startAfter: [after] }),
});

interface LivePage {
  cursor: string | undefined;
  docs: readonly DocSnapshot[];
  loaded: boolean;
  stop: Unsubscribe;
}

/**
 * A live list longer than one query's limit: page by page, each full page opening the next after
 * its last document's `field`. A page whose last document changes reopens the pages after it; the
 * whole list is emitted only when every open page has answered, so a page boundary moving never
 * shows a list with a hole in it.
 */
export function subscribePages(
  db: DocumentStore,
  pageQuery: (after: string | undefined) => QuerySpec,
  field: string,
  onNext: (snapshots: DocSnapshot[]) => void,
  onError: (error: BackendError) => void,
): Unsubscribe {
  const pages: LivePage[] = [];
  let closed = false;
  const closeFrom = (index: number) => {
    for (const page of pages.splice(index)) page.stop();
  };
  const emit = () => {
    if (!pages.every((page) => page.loaded)) return;
    const seen = new Set<string>();
    onNext(pages.flatMap((page) => page.docs).filter((doc) => !seen.has(doc.ref.id) && Boolean(seen.add(doc.ref.id))));
  };
  const open = (index: number, cursor: string | undefined) => {
    const query = pageQuery(cursor);
    const page: LivePage = { cursor, docs: [], loaded: false, stop: () => undefined };
    pages[index] = page;
    const current = () => !closed && pages[index] === page;
    const stop = db.subscribeQuery(
      query,
      (docs) => {
        if (!current()) return;
        page.docs = docs;
        page.loaded = true;
        const last = docs.length >= (query.limit ?? Infinity) ? str(docs[docs.length - 1]?.data?.[field]) : '';
        if (last === '') closeFrom(index + 1);
        else if (pages[index + 1]?.cursor !== last) {
          closeFrom(index + 1);
          open(index + 1, last);
        }
        emit();
      },
      (error) => {
        if (current()) onError(error);
      },
    );
    // The first answer may come before subscribeQuery returns, and may already have closed this page.
    if (current()) page.stop = stop;
    else stop();
  };
  open(0, undefined);
  return () => {
    closed = true;
    closeFrom(0);
  };
}

/** The people of a blocks or mutes snapshot, by name. */
export function toListedPeople(snapshots: readonly DocSnapshot[], idField: 'blockedId' | 'mutedId'): ListedPerson[] {
  const nameField = idField === 'blockedId' ? 'blockedName' : 'mutedName';
  return snapshots
    .flatMap((snapshot) => {
      const id = str(snapshot.data?.[idField]);
      return id ? [{ id, name: str(snapshot.data?.[nameField], 'Someone') }] : [];
    })
    .sort((a, b) => compareText(a.name, b.name) || compareIds(a.id, b.id));
}
