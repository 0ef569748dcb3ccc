// DocumentStore over Cloud Firestore (modular SDK). Every value leaving this file is plain
// data (mapping.ts); every SDK error becomes a BackendError.
import {
  collection,
  deleteDoc,
  doc,
  endAt,
  FieldPath,
  getDoc,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  setDoc,
  startAfter,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { DocumentReference, Firestore, Query, QueryConstraint } from 'firebase/firestore';

import type {
  DocData,
  DocRef,
  DocSnapshot,
  DocumentStore,
  QuerySpec,
  SetOptions,
  Transaction,
  WriteData,
} from '../port';
import { firestoreSentinels } from './firestoreSentinels';
import { mapSdkError, toBackendError, toCursorValues, toDocSnapshot, toFirestoreWrite as toWriteWith } from './mapping';

const toFirestoreWrite = (data: WriteData) => toWriteWith(data, firestoreSentinels);

/** A query as SDK constraints, in the order Firestore wants them. */
export function toQueryConstraints(spec: QuerySpec): QueryConstraint[] {
  const constraints: QueryConstraint[] = [];
  for (const clause of spec.where ?? []) constraints.push(where(clause.field, clause.op, clause.value));
  for (const order of spec.orderBy ?? []) constraints.push(orderBy(order.field, order.direction));
  if (spec.startAfter && spec.startAfter.length > 0)
    constraints.push(startAfter(...toCursorValues(spec, (ms) => Timestamp.fromMillis(ms))));
  if (spec.endAt && spec.endAt.length > 0)
    constraints.push(endAt(...toCursorValues(spec, (ms) => Timestamp.fromMillis(ms), 'endAt')));
  if (spec.limit !== undefined) constraints.push(limit(spec.limit));
  return constraints;
}

/**
 * The port's update() keys are field paths, "a.b" naming field b of map a (ids are letters,
 * digits, '_' and '-', so no segment holds a dot): each goes in as a FieldPath of its segments.
 */
function updateArgs(data: WriteData): [FieldPath, unknown, ...unknown[]] {
  const entries = Object.entries(toFirestoreWrite(data));
  const flat: unknown[] = entries.flatMap(([key, value]) => [new FieldPath(...key.split('.')), value]);
  if (flat.length === 0)
    throw toBackendError({
      name: 'FirebaseError',
      code: 'invalid-argument',
      message: 'An update needs at least one field.',
    });
  return flat as [FieldPath, unknown, ...unknown[]];
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapSdkError(error);
  }
}

export function createFirestoreStore(db: Firestore): DocumentStore {
  const refOf = (ref: DocRef): DocumentReference => doc(db, ref.collection, ref.id);
  const queryOf = (spec: QuerySpec): Query => query(collection(db, spec.collection), ...toQueryConstraints(spec));
  const setOptions = (options?: SetOptions) => ({ merge: options?.merge === true });

  return {
    get: <T extends DocData = DocData>(ref: DocRef) => mapped(async () => toDocSnapshot<T>(await getDoc(refOf(ref)))),

    // The web SDK has no batched get; parallel getDocs share one connection (and the local cache).
    getMany: <T extends DocData = DocData>(refs: readonly DocRef[]) =>
      mapped(() => Promise.all(refs.map(async (ref) => toDocSnapshot<T>(await getDoc(refOf(ref)))))),

    set: (ref, data, options) => mapped(() => setDoc(refOf(ref), toFirestoreWrite(data), setOptions(options))),

    update: (ref, data) =>
      mapped(() => {
        const [field, value, ...more] = updateArgs(data);
        return updateDoc(refOf(ref), field, value, ...more);
      }),

    delete: (ref) => mapped(() => deleteDoc(refOf(ref))),

    query: <T extends DocData = DocData>(spec: QuerySpec) =>
      mapped(async () => (await getDocs(queryOf(spec))).docs.map((snapshot) => toDocSnapshot<T>(snapshot))),

    commit: (ops) =>
      mapped(() => {
        const batch = writeBatch(db);
        for (const op of ops) {
          if (op.type === 'set') batch.set(refOf(op.ref), toFirestoreWrite(op.data), setOptions(op.options));
          else if (op.type === 'update') {
            const [field, value, ...more] = updateArgs(op.data);
            batch.update(refOf(op.ref), field, value, ...more);
          } else batch.delete(refOf(op.ref));
        }
        return batch.commit();
      }),

    // Firestore may run `work` more than once when another client wins a race; the app's
    // transaction bodies only read and compute, so a rerun is harmless.
    runTransaction: (work) =>
      mapped(() =>
        runTransaction(db, (sdkTx) => {
          const tx: Transaction = {
            get: async <T extends DocData = DocData>(ref: DocRef): Promise<DocSnapshot<T>> => {
              try {
                return toDocSnapshot<T>(await sdkTx.get(refOf(ref)));
              } catch (error) {
                throw mapSdkError(error);
              }
            },
            set: (ref, data, options) => void sdkTx.set(refOf(ref), toFirestoreWrite(data), setOptions(options)),
            update: (ref, data) => {
              const [field, value, ...more] = updateArgs(data);
              sdkTx.update(refOf(ref), field, value, ...more);
            },
            delete: (ref) => void sdkTx.delete(refOf(ref)),
          };
          return work(tx);
        }),
      ),

    subscribeDoc: (ref, onNext, onError) =>
      onSnapshot(
        refOf(ref),
        (snapshot) => onNext(toDocSnapshot(snapshot)),
        (error) => onError(toBackendError(error)),
      ),

    subscribeQuery: (spec, onNext, onError) =>
      onSnapshot(
        queryOf(spec),
        (snapshots) => onNext(snapshots.docs.map((snapshot) => toDocSnapshot(snapshot))),
        (error) => onError(toBackendError(error)),
      ),

    newId: (collectionName) => doc(collection(db, collectionName)).id,
  };
}
