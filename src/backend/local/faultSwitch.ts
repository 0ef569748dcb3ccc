// Test switches that make the local backend fail like a real one would (denied writes,
// a dropped network), and counters of document reads and writes for cost benchmarks.
import { BackendError } from '../port';
import type { BackendErrorCode, DocRef } from '../port';

export interface FaultTarget {
  collection: string;
  /** omitted: every document of the collection */
  id?: string;
}

export interface FaultSwitch {
  /** Every write (alone, batched or in a transaction) touching the target fails with `code`. */
  failWrites(target: FaultTarget, code: BackendErrorCode, message?: string): void;
  /** The next `count` document-store or storage operations fail with `code` ('unavailable': offline). */
  failNextOperations(count: number, code?: BackendErrorCode): void;
  clear(): void;
}

export interface FaultChecks {
  throwIfWriteFails(refs: readonly DocRef[]): void;
  throwIfOperationFails(): void;
}

const DEFAULT_MESSAGES: Partial<Record<BackendErrorCode, string>> = {
  'permission-denied': 'Missing or insufficient permissions.',
  unavailable: 'The service is currently unavailable (simulated network failure).',
};

function faultError(code: BackendErrorCode, message?: string): BackendError {
  return new BackendError(code, message ?? DEFAULT_MESSAGES[code] ?? `Simulated failure: ${code}`);
}

/** The switch tests hold, plus the checks the backend runs; pass one as LocalBackendOptions.faults. */
export type LocalFaultSwitch = FaultSwitch & FaultChecks;

export function createFaultSwitch(): LocalFaultSwitch {
  let writeFaults: { target: FaultTarget; code: BackendErrorCode; message?: string }[] = [];
  let failingOperations = 0;
  let failingCode: BackendErrorCode = 'unavailable';
  return {
    failWrites(target, code, message) {
      writeFaults.push({ target, code, message });
    },
    failNextOperations(count, code = 'unavailable') {
      failingOperations = count;
      failingCode = code;
    },
    clear() {
      writeFaults = [];
      failingOperations = 0;
    },
    throwIfWriteFails(refs) {
      for (const fault of writeFaults) {
        const hit = refs.some(
          (ref) =>
            ref.collection === fault.target.collection && (fault.target.id === undefined || fault.target.id === ref.id),
        );
        if (hit) throw faultError(fault.code, fault.message);
      }
    },
    throwIfOperationFails() {
      if (failingOperations <= 0) return;
      failingOperations -= 1;
      throw faultError(failingCode);
    },
  };
}

export type OperationName =
  | 'get'
  | 'getMany'
  | 'set'
  | 'update'
  | 'delete'
  | 'query'
  | 'commit'
  | 'runTransaction'
  | 'subscribeDoc'
  | 'subscribeQuery';

export interface OperationCount {
  calls: number;
  reads: number;
  writes: number;
}

/** Billed like Firestore: a query with no results costs one read; listeners pay for changed documents. */
export interface OpCounters {
  reads: number;
  writes: number;
  byOperation: Partial<Record<OperationName, OperationCount>>;
}

export function createOpCounters(): OpCounters {
  return { reads: 0, writes: 0, byOperation: {} };
}

export function resetOpCounters(counters: OpCounters): void {
  counters.reads = 0;
  counters.writes = 0;
  counters.byOperation = {};
}

export function countOperation(
  counters: OpCounters,
  operation: OperationName,
  reads: number,
  writes: number,
  calls = 1,
): void {
  counters.reads += reads;
  counters.writes += writes;
  const entry = (counters.byOperation[operation] ??= { calls: 0, reads: 0, writes: 0 });
  entry.calls += calls;
  entry.reads += reads;
  entry.writes += writes;
}
