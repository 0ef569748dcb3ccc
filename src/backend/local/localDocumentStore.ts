// The DocumentStore port over IndexedDB. Every write, alone or batched or transactional, goes
// through commitWrites: one IndexedDB readwrite transaction that reads the touched documents,
// checks that documents a transaction read are unchanged, applies the ops, asks the access
// policy about every touched document, then writes all or nothing. IndexedDB serializes
// readwrite transactions across tabs, so this is atomic across tabs too.
import { unwrap } from 'idb';

import { BackendError } from '../port';
import type {
  Clock,
  DocData,
  DocRef,
  DocSnapshot,
  DocumentStore,
  QuerySpec,
  Transaction,
  Unsubscribe,
  WriteOp,
} from '../port';
import { applyWriteOp, docKey, validateRef } from './applyWriteOp';
import type { ChangeFeed } from './changeFeed';
import { countOperation } from './faultSwitch';
import type { FaultChecks, OperationName, OpCounters } from './faultSwitch';
import type { LocalDatabase, StoredDocRecord } from './openLocalDatabase';
import { PERMISSION_DENIED_MESSAGE } from './policy';
import type { AccessPolicy, PolicyDecision, ReadRequest } from './policy';
import { queryDocuments, validateQuery } from './queryDocuments';
import { randomId } from './randomId';
import { createSerialMutex } from './serialMutex';

export interface Actor {
  uid: string;
  email: string | null;
  /** The account's moderator claim (the local stand-in for a Firebase custom claim). */
  moderator?: boolean;
}

export interface LocalDocumentStoreDeps {
  database: LocalDatabase;
  clock: Clock;
  actor(): Actor | null;
  policy: AccessPolicy;
  faults: FaultChecks;
  counters: OpCounters;
  changes: ChangeFeed;
  /** Told why the policy denied a write; the error itself carries only Firestore's message. */
  onDenied(reason: string): void;
  /** Web Locks, to run transactions one at a time across tabs; null where the browser has none. */
  locks: LockManager | null;
  /** The lock's name, one per database. */
  transactionLockName: string;
}

export const TRANSACTION_MAX_ATTEMPTS = 5;

/** Documents read per IndexedDB transaction by getMany (readDocs). */
export const READ_BATCH = 1000;

type ReadVersions = Map<string, string | null>;

/** Randomized and growing, so two tabs that collided do not collide again on the retry. */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * 10 * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  return new BackendError('unknown', error instanceof Error ? error.message : String(error));
}

/**
 * `record` must come straight from an IndexedDB read: each read hands out its own structured
 * clone, so its data is the caller's to keep, with no second copy (copying 5,000 friends' documents
 * by hand was a long task of its own).
 */
function snapshotOf<T extends DocData>(ref: DocRef, record: StoredDocRecord | undefined): DocSnapshot<T> {
  return { ref: { collection: ref.collection, id: ref.id }, data: record ? (record.data as T) : null };
}

export function createLocalDocumentStore(deps: LocalDocumentStoreDeps): DocumentStore {
  const { database, clock, policy, faults, counters, changes } = deps;
  const serializeTransactions = createSerialMutex();

  function throwIfDenied(decision: PolicyDecision): void {
    if (decision.allowed) return;
    deps.onDenied(decision.reason);
    throw new BackendError('permission-denied', PERMISSION_DENIED_MESSAGE);
  }

  type ReadLookup = (ref: DocRef) => DocData | null;

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
      policy.checkRead({ ...request, actorUid: actor?.uid ?? null, actorModerator: actor?.moderator === true, get }),
    );
  }

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

  /** Applies `ops` atomically; false when a document in `readVersions` changed since it was read. */
  async function commitWrites(
    ops: readonly WriteOp[],
    operation: OperationName,
    readVersions?: ReadVersions,
  ): Promise<boolean> {
    ops.forEach((op) => validateRef(op.ref));
    faults.throwIfWriteFails(ops.map((op) => op.ref));
    const actor = deps.actor();
    const tx = database.transaction('docs', 'readwrite');
    const committedKeys: string[] = [];
    try {
      const loaded = new Map<string, StoredDocRecord | undefined>();
      // Only IndexedDB requests are awaited below: any other await would let the transaction commit early.
      const load = async (keys: Iterable<string>) => {
        const missing = [...new Set(keys)].filter((key) => !loaded.has(key));
        const records = await Promise.all(missing.map((key) => tx.store.get(key)));
        missing.forEach((key, i) => loaded.set(key, records[i]));
      };
      await load([...ops.map((op) => docKey(op.ref)), ...(readVersions?.keys() ?? [])]);
      // serverTimestamp() is the commit's time, read once IndexedDB runs this transaction (after
      // every earlier overlapping one, from any tab), so stamps follow the order of commits.
      const now = clock.now();
      for (const [key, version] of readVersions ?? []) {
        if ((loaded.get(key)?.version ?? null) !== version) {
          await tx.done;
          return false;
        }
      }

      const afterStates = new Map<string, { ref: DocRef; data: DocData | null }>();
      for (const op of ops) {
        const key = docKey(op.ref);
        const current = afterStates.has(key) ? afterStates.get(key)!.data : (loaded.get(key)?.data ?? null);
        afterStates.set(key, { ref: op.ref, data: applyWriteOp(current, op, now) });
      }

      const contexts = [...afterStates].map(([key, { ref, data }]) => ({
        actorUid: actor?.uid ?? null,
        actorEmail: actor?.email ?? null,
        actorModerator: actor?.moderator === true,
        ref,
        before: loaded.get(key)?.data ?? null,
        after: data,
        requestTime: now,
      }));
      await load(contexts.flatMap((ctx) => policy.writeDependencies(ctx).map(docKey)));
      // A second round for documents named by the ones just loaded (a tribe's owner's block).
      const peek = (ref: DocRef): DocData | null | undefined => {
        const key = docKey(ref);
        if (afterStates.has(key)) return afterStates.get(key)!.data;
        return loaded.has(key) ? (loaded.get(key)?.data ?? null) : undefined;
      };
      await load(contexts.flatMap((ctx) => policy.writeDependencies({ ...ctx, peek }).map(docKey)));
      const getAfter = (ref: DocRef): DocData | null => {
        const key = docKey(ref);
        if (afterStates.has(key)) return afterStates.get(key)!.data;
        if (!loaded.has(key)) throw new Error(`the policy read ${key} without declaring it in writeDependencies`);
        return loaded.get(key)?.data ?? null;
      };
      const getBefore = (ref: DocRef): DocData | null => {
        const key = docKey(ref);
        if (!loaded.has(key)) throw new Error(`the policy read ${key} without declaring it in writeDependencies`);
        return loaded.get(key)?.data ?? null;
      };
      for (const ctx of contexts) {
        let decision: PolicyDecision;
        try {
          decision = policy.checkWrite({ ...ctx, getAfter, get: getBefore, requestTime: now });
        } catch (error) {
          decision = { allowed: false, reason: error instanceof Error ? error.message : String(error) };
        }
        throwIfDenied(decision);
      }

      const writes = [...afterStates].map(([key, { ref, data }]) => {
        committedKeys.push(key);
        return data === null
          ? tx.store.delete(key)
          : tx.store.put({ key, collection: ref.collection, id: ref.id, data, version: randomId(12) });
      });
      await Promise.all(writes);
      await tx.done;
    } catch (error) {
      tx.done.catch(() => undefined);
      try {
        tx.abort();
      } catch {
        // already finished: nothing was written
      }
      throw error;
    }
    countOperation(counters, operation, 0, ops.length, 0);
    changes.publish(committedKeys);
    return true;
  }

  async function runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    faults.throwIfOperationFails();
    // Serialized within this tab, and across tabs with Web Locks where they exist, so
    // transactions rarely retry; the version check in commitWrites keeps them correct regardless.
    const { locks, transactionLockName } = deps;
    const exclusively = <R2>(task: () => Promise<R2>): Promise<R2> =>
      locks ? locks.request(transactionLockName, task) : task();
    return serializeTransactions(() =>
      exclusively(async () => {
        for (let attempt = 1; ; attempt += 1) {
          if (attempt > 1) await backoff(attempt);
          const readVersions: ReadVersions = new Map();
          const writes: WriteOp[] = [];
          const tx: Transaction = {
            async get<T extends DocData>(ref: DocRef) {
              if (writes.length > 0) {
                throw new BackendError(
                  'invalid-argument',
                  'Transactions require all reads to be executed before all writes.',
                );
              }
              const { snapshot, version } = await readDoc<T>(ref);
              const key = docKey(ref);
              if (!readVersions.has(key)) readVersions.set(key, version);
              countOperation(counters, 'runTransaction', 1, 0, 0);
              return snapshot;
            },
            set: (ref, data, options) => void writes.push({ type: 'set', ref, data, options }),
            update: (ref, data) => void writes.push({ type: 'update', ref, data }),
            delete: (ref) => void writes.push({ type: 'delete', ref }),
          };
          const result = await work(tx);
          if (writes.length === 0 || (await commitWrites(writes, 'runTransaction', readVersions))) {
            countOperation(counters, 'runTransaction', 0, 0, 1);
            return result;
          }
          if (attempt >= TRANSACTION_MAX_ATTEMPTS) {
            throw new BackendError(
              'aborted',
              `Transaction failed after ${attempt} attempts: the documents it read kept changing.`,
            );
          }
        }
      }),
    );
  }

  /** Snapshots now and after every change to a matching key; identical consecutive results are not repeated. */
  function subscribe<R>(
    operation: OperationName,
    load: () => Promise<R>,
    changedDocs: (previous: R | null, next: R) => number,
    affects: (keys: ReadonlySet<string>) => boolean,
    onNext: (result: R) => void,
    onError: (error: BackendError) => void,
  ): Unsubscribe {
    let active = true;
    let loading = false;
    let stale = false;
    let previous: { json: string; result: R } | null = null;
    const refresh = async () => {
      if (loading) {
        stale = true;
        return;
      }
      loading = true;
      try {
        do {
          stale = false;
          let result: R;
          try {
            result = await load();
          } catch (error) {
            if (active) {
              stop();
              onError(toBackendError(error));
            }
            return;
          }
          const json = JSON.stringify(result);
          if (!active || json === previous?.json) continue;
          countOperation(counters, operation, changedDocs(previous?.result ?? null, result), 0, previous ? 0 : 1);
          previous = { json, result };
          onNext(JSON.parse(json) as R);
        } while (stale && active);
      } finally {
        loading = false;
      }
    };
    const stopListening = changes.listen((keys) => {
      if (active && affects(keys)) void refresh();
    });
    const stop = () => {
      active = false;
      stopListening();
    };
    void refresh();
    return stop;
  }

  const store: DocumentStore = {
    async get<T extends DocData>(ref: DocRef) {
      faults.throwIfOperationFails();
      const { snapshot } = await readDoc<T>(ref);
      countOperation(counters, 'get', 1, 0);
      return snapshot;
    },
    async getMany<T extends DocData>(refs: readonly DocRef[]) {
      faults.throwIfOperationFails();
      const snapshots = refs.length > 0 ? await readDocs<T>(refs) : [];
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
      const results = await runQuery<T>(spec);
      countOperation(counters, 'query', Math.max(1, results.length), 0);
      return results;
    },
    async commit(ops) {
      faults.throwIfOperationFails();
      if (ops.length > 0) await commitWrites(ops, 'commit');
      countOperation(counters, 'commit', 0, 0);
    },
    runTransaction,
    subscribeDoc<T extends DocData>(
      ref: DocRef,
      onNext: (snapshot: DocSnapshot<T>) => void,
      onError: (error: BackendError) => void,
    ) {
      const key = docKey(ref);
      return subscribe<DocSnapshot<T>>(
        'subscribeDoc',
        async () => (await readDoc<T>(ref)).snapshot,
        () => 1,
        (keys) => keys.has(key),
        onNext,
        onError,
      );
    },
    subscribeQuery<T extends DocData>(
      spec: QuerySpec,
      onNext: (snapshots: DocSnapshot<T>[]) => void,
      onError: (error: BackendError) => void,
    ) {
      const prefix = `${spec.collection}/`;
      return subscribe<DocSnapshot<T>[]>(
        'subscribeQuery',
        () => runQuery<T>(spec),
        (previous, next) => {
          if (!previous) return Math.max(1, next.length);
          const before = new Map(previous.map((snap) => [snap.ref.id, JSON.stringify(snap.data)]));
          return next.filter((snap) => before.get(snap.ref.id) !== JSON.stringify(snap.data)).length;
        },
        (keys) => [...keys].some((key) => key.startsWith(prefix)),
        onNext,
        onError,
      );
    },
    newId: () => randomId(20),
  };
  return store;
}
