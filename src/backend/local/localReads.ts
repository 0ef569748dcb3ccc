// Reads of the local document store: one document, many, or a query, each checked against the
// access policy with the documents the policy looks at loaded first.
import { unwrap } from 'idb';

import type { DocData, DocRef, DocSnapshot, QuerySpec } from '../port';
import { docKey, validateRef } from './applyWriteOp';
import type { LocalDocumentStoreDeps } from './localStoreDeps';
import { throwIfDenied } from './localStoreDeps';
import type { StoredDocRecord } from './openLocalDatabase';
import type { ReadRequest } from './policy';
import { queryDocuments, validateQuery } from './queryDocuments';

/** Documents read per IndexedDB transaction by getMany (readDocs). */
export const READ_BATCH = 1000;

/**
 * `record` must come straight from an IndexedDB read: each read hands out its own structured
 * clone, so its data is the caller's to keep, with no second copy (copying 5,000 friends' documents
 * by hand was a long task of its own).
 */
function snapshotOf<T extends DocData>(ref: DocRef, record: StoredDocRecord | undefined): DocSnapshot<T> {
  return { ref: { collection: ref.collection, id: ref.id }, data: record ? (record.data as T) : null };
}

type ReadLookup = (ref: DocRef) => DocData | null;

export type LocalReads = ReturnType<typeof createLocalReads>;

export function createLocalReads(deps: LocalDocumentStoreDeps) {
  const { database, policy } = deps;

  /** Reads the documents the policy looks at to decide these reads (readDependencies), as Firestore's rules get() them. */
  async function loadReadDependencies(requests: readonly ReadRequest[]): Promise<ReadLookup> {
    const keys = [...new Set(requests.flatMap((request) => policy.readDependencies(request)).map(docKey))];
    const records = await Promise.all(keys.map((key) => database.get('docs', key)));
    const loaded = new Map(keys.map((key, i) => [key, records[i]?.data ?? null]));
    return (ref) => {
      const key = docKey(ref);
      if (!loaded.has(key)) throw new Error(`the policy read ${key} without declaring it in readDependencies`);
      return loaded.get(key) ?? null;
    };
  }

  function checkRead(request: ReadRequest, get: ReadLookup): void {
    const actor = deps.actor();
    throwIfDenied(
      deps,
      policy.checkRead({ ...request, actorUid: actor?.uid ?? null, actorModerator: actor?.moderator === true, get }),
    );
  }

  /** One document and the version a transaction checks again when it commits. */
  async function readDoc<T extends DocData>(
    ref: DocRef,
  ): Promise<{ snapshot: DocSnapshot<T>; version: string | null }> {
    validateRef(ref);
    const record = await database.get('docs', docKey(ref));
    const request: ReadRequest = { kind: 'get', ref, data: record?.data ?? null };
    checkRead(request, await loadReadDependencies([request]));
    return { snapshot: snapshotOf<T>(ref, record), version: record?.version ?? null };
  }

  /**
   * One IndexedDB transaction per READ_BATCH documents, each started when the one before has
   * answered, so a batch's requests and its results are short tasks of their own: 5,000 reads in
   * one transaction, each through idb's promise, were one task of 130-170 ms (bench friendsRender);
   * batches of 1,000 plain requests stay under 70 ms. Like Firestore's reads of many documents,
   * the batches are not one snapshot.
   */
  async function readDocs<T extends DocData>(refs: readonly DocRef[]): Promise<DocSnapshot<T>[]> {
    refs.forEach(validateRef);
    const records: (StoredDocRecord | undefined)[] = [];
    for (let start = 0; start < refs.length; start += READ_BATCH) {
      const tx = database.transaction('docs', 'readonly');
      // Plain requests, not idb's promise per read: a thousand promises and listeners cost more than the reads.
      const store = unwrap(tx.store);
      const batch = refs.slice(start, start + READ_BATCH).map((ref) => store.get(docKey(ref)));
      await tx.done;
      for (const request of batch) records.push(request.result as StoredDocRecord | undefined);
    }
    const requests: ReadRequest[] = refs.map((ref, index) => ({
      kind: 'get',
      ref,
      data: records[index]?.data ?? null,
    }));
    const get = await loadReadDependencies(requests);
    return refs.map((ref, index) => {
      checkRead(requests[index]!, get);
      return snapshotOf<T>(ref, records[index]);
    });
  }

  async function runQuery<T extends DocData>(spec: QuerySpec): Promise<DocSnapshot<T>[]> {
    validateQuery(spec);
    const request: ReadRequest = { kind: 'query', query: spec };
    checkRead(request, await loadReadDependencies([request]));
    const records = await database.getAllFromIndex('docs', 'byCollection', spec.collection);
    const byId = new Map(records.map((record) => [record.id, record]));
    return queryDocuments(records, spec).map((doc) =>
      snapshotOf<T>({ collection: spec.collection, id: doc.id }, byId.get(doc.id)),
    );
  }

  return { readDoc, readDocs, runQuery };
}
