// Transactions of the local document store: reads recorded with their versions, writes buffered,
// then one commit that fails if anything read has changed meanwhile, retried a few times.
import { BackendError } from '../port';
import type { DocData, DocRef, Transaction, WriteOp } from '../port';
import { docKey } from './applyWriteOp';
import { countOperation } from './faultSwitch';
import type { LocalReads } from './localReads';
import type { LocalDocumentStoreDeps } from './localStoreDeps';
import type { CommitWrites, ReadVersions } from './localWrites';
import { createSerialMutex } from './serialMutex';

const TRANSACTION_MAX_ATTEMPTS = 5;

/** Randomized and growing, so two tabs that collided do not collide again on the retry. */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * 10 * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createRunTransaction(
  deps: LocalDocumentStoreDeps,
  readDoc: LocalReads['readDoc'],
  commitWrites: CommitWrites,
) {
  const { faults, counters, locks, transactionLockName } = deps;
  const serializeTransactions = createSerialMutex();
  // Serialized within this tab, and across tabs with Web Locks where they exist, so
  // transactions rarely retry; the version check in commitWrites keeps them correct regardless.
  const exclusively = <R>(task: () => Promise<R>): Promise<R> =>
    locks ? locks.request(transactionLockName, task) : task();

  return async function runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    faults.throwIfOperationFails();
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
  };
}
