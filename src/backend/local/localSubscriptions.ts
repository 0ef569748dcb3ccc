// The glue between the change feed and the store's reads: a subscription reads again when a
// committed change (in this tab or another) touches what it watches.
import { BackendError } from '../port';
import type { DocData, DocRef, DocSnapshot, QuerySpec, Unsubscribe } from '../port';
import { docKey } from './applyWriteOp';
import { countOperation } from './faultSwitch';
import type { OperationName } from './faultSwitch';
import type { LocalReads } from './localReads';
import type { LocalDocumentStoreDeps } from './localStoreDeps';

function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  return new BackendError('unknown', error instanceof Error ? error.message : String(error));
}

export function createLocalSubscriptions(deps: LocalDocumentStoreDeps, reads: LocalReads) {
  const { counters, changes } = deps;

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

  function subscribeDoc<T extends DocData>(
    ref: DocRef,
    onNext: (snapshot: DocSnapshot<T>) => void,
    onError: (error: BackendError) => void,
  ): Unsubscribe {
    const key = docKey(ref);
    return subscribe<DocSnapshot<T>>(
      'subscribeDoc',
      async () => (await reads.readDoc<T>(ref)).snapshot,
      () => 1,
      (keys) => keys.has(key),
      onNext,
      onError,
    );
  }

  function subscribeQuery<T extends DocData>(
    spec: QuerySpec,
    onNext: (snapshots: DocSnapshot<T>[]) => void,
    onError: (error: BackendError) => void,
  ): Unsubscribe {
    const prefix = `${spec.collection}/`;
    return subscribe<DocSnapshot<T>[]>(
      'subscribeQuery',
      () => reads.runQuery<T>(spec),
      (previous, next) => {
        if (!previous) return Math.max(1, next.length);
        const before = new Map(previous.map((snap) => [snap.ref.id, JSON.stringify(snap.data)]));
        return next.filter((snap) => before.get(snap.ref.id) !== JSON.stringify(snap.data)).length;
      },
      (keys) => [...keys].some((key) => key.startsWith(prefix)),
      onNext,
      onError,
    );
  }

  return { subscribeDoc, subscribeQuery };
}
