// Every write of the local document store, alone or batched or transactional, goes through
// commitWrites: one IndexedDB readwrite transaction that reads the touched documents, checks that
// documents a transaction read are unchanged, applies the ops, asks the access policy about every
// touched document, then writes all or nothing. IndexedDB serializes readwrite transactions across
// tabs, so this is atomic across tabs too.
import type { DocData, DocRef, WriteOp } from '../port';
import { applyWriteOp, docKey, validateRef } from './applyWriteOp';
import { countOperation } from './faultSwitch';
import type { OperationName } from './faultSwitch';
import type { LocalDocumentStoreDeps } from './localStoreDeps';
import { throwIfDenied } from './localStoreDeps';
import type { StoredDocRecord } from './openLocalDatabase';
import type { PolicyDecision } from './policy';
import { randomId } from './randomId';

/** The version of each document a transaction read (null: it did not exist), by document key. */
export type ReadVersions = Map<string, string | null>;

/** Applies `ops` atomically; false when a document in `readVersions` changed since it was read. */
export type CommitWrites = (
  ops: readonly WriteOp[],
  operation: OperationName,
  readVersions?: ReadVersions,
) => Promise<boolean>;

export function createCommitWrites(deps: LocalDocumentStoreDeps): CommitWrites {
  const { database, clock, policy, faults, counters, changes } = deps;

  return async function commitWrites(ops, operation, readVersions) {
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
        throwIfDenied(deps, decision);
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
  };
}
