// The DocumentStore port over IndexedDB, put together from its parts: reads and queries
// (localReads), writes (localWrites: one IndexedDB transaction each, checked by the access
// policy, all or nothing), transactions (localTransactions) and subscriptions fed by the change
// feed (localSubscriptions). Each public operation first asks the fault switch, then counts itself.
import type { DocData, DocRef, DocumentStore, QuerySpec } from '../port';
import { countOperation } from './faultSwitch';
import { createLocalReads } from './localReads';
import type { LocalDocumentStoreDeps } from './localStoreDeps';
import { createLocalSubscriptions } from './localSubscriptions';
import { createRunTransaction } from './localTransactions';
import { createCommitWrites } from './localWrites';
import { randomId } from './randomId';

export function createLocalDocumentStore(deps: LocalDocumentStoreDeps): DocumentStore {
  const { faults, counters } = deps;
  const reads = createLocalReads(deps);
  const commitWrites = createCommitWrites(deps);
  const { subscribeDoc, subscribeQuery } = createLocalSubscriptions(deps, reads);

  return {
    async get<T extends DocData>(ref: DocRef) {
      faults.throwIfOperationFails();
      const { snapshot } = await reads.readDoc<T>(ref);
      countOperation(counters, 'get', 1, 0);
      return snapshot;
    },
    async getMany<T extends DocData>(refs: readonly DocRef[]) {
      faults.throwIfOperationFails();
      const snapshots = refs.length > 0 ? await reads.readDocs<T>(refs) : [];
      countOperation(counters, 'getMany', refs.length, 0);
      return snapshots;
    },
    async set(ref, data, options) {
      faults.throwIfOperationFails();
      await commitWrites([{ type: 'set', ref, data, options }], 'set');
      countOperation(counters, 'set', 0, 0);
    },
    async update(ref, data) {
      faults.throwIfOperationFails();
      await commitWrites([{ type: 'update', ref, data }], 'update');
      countOperation(counters, 'update', 0, 0);
    },
    async delete(ref) {
      faults.throwIfOperationFails();
      await commitWrites([{ type: 'delete', ref }], 'delete');
      countOperation(counters, 'delete', 0, 0);
    },
    async query<T extends DocData>(spec: QuerySpec) {
      faults.throwIfOperationFails();
      const results = await reads.runQuery<T>(spec);
      countOperation(counters, 'query', Math.max(1, results.length), 0);
      return results;
    },
    async commit(ops) {
      faults.throwIfOperationFails();
      if (ops.length > 0) await commitWrites(ops, 'commit');
      countOperation(counters, 'commit', 0, 0);
    },
    runTransaction: createRunTransaction(deps, reads.readDoc, commitWrites),
    subscribeDoc,
    subscribeQuery,
    newId: () => randomId(20),
  };
}
