// One operation lifecycle, its state half: the shape every feature's operations keep in their
// slice (friends, tribes, projects, safety), written once.
//
//   request action  ->  in flight  ->  worker (operation.ts)  ->  finished action, outcome shown
//
// A request action carries, besides its payload, what the operation is about (its subject) and
// its key (`meta`, filled in by the prepare callback below). The key is both the request's queue
// (takeOperations runs requests with one key one at a time, in order) and its busy flag: the slice
// keeps, per key, the requests asked for and not finished yet, the running one first, exactly as
// the queue holds them. A repeat identical to one pending is the double click the queue drops, so
// the slice does not count it either; the finished action takes the request off and becomes the
// outcome on screen.
import type { PayloadAction } from '@reduxjs/toolkit';

import type { OperationResult } from '../../domain/result';

/** What a request carries besides its payload: which operation, about what, in which queue. */
export interface OperationMeta<Op extends string, Subject> {
  operation: Op;
  /** What the operation is about (a person, a tribe, a post ...): its outcome names it again. */
  subject: Subject;
  /** Its queue and its busy flag. */
  key: string;
}

export type OperationRequest<P, Op extends string, Subject> = PayloadAction<P, string, OperationMeta<Op, Subject>>;

/** An operation asked for and not finished yet. */
export interface PendingOperation<Op extends string, Subject> {
  operation: Op;
  subject: Subject;
  /** The request as asked: an identical repeat is recognised by it (the operation and the payload). */
  payload: unknown;
}

/** Per key, the operations asked for and not finished, in order: the first runs, the others wait. */
export type InFlight<Op extends string, Subject> = Record<string, PendingOperation<Op, Subject>[]>;

/** The payload of a feature's operationFinished: the operation, its subject, and its result. */
export type FinishedOperation<Op extends string, Subject> = { operation: Op } & Subject & OperationResult;

/** The outcome on screen; `seq` counts outcomes, so a page reacts to each one even when two read the same. */
export type OperationOutcome<Op extends string, Subject> = FinishedOperation<Op, Subject> & { seq: number };

/** The two fields a feature's state gives its operations. */
export interface OperationsState<Op extends string, Subject> {
  inFlight: InFlight<Op, Subject>;
  lastOutcome: OperationOutcome<Op, Subject> | null;
}

const isSubjectOf = <Subject>(subject: Subject, outcome: object) =>
  Object.entries(subject as object).every(([field, value]) => (outcome as Record<string, unknown>)[field] === value);

/**
 * The reducers and prepare callbacks of one feature's operations. `keyOf` names the queue (and the
 * busy flag) of an operation on a subject: operations that must run in order share a key.
 */
export function operationReducers<Op extends string, Subject extends object>(
  keyOf: (operation: Op, subject: Subject) => string,
) {
  /** The prepare callback of a request: its subject and key ride along as `meta`. */
  function prepare<P>(operation: Op, subjectOf: (payload: P) => Subject) {
    return (payload: P) => {
      const subject = subjectOf(payload);
      return { payload, meta: { operation, subject, key: keyOf(operation, subject) } };
    };
  }

  /** Marks a request in flight, unless an identical one is pending already (the double click). */
  function requested<P>(state: OperationsState<Op, Subject>, action: OperationRequest<P, Op, Subject>) {
    const { operation, subject, key } = action.meta;
    const pending = (state.inFlight[key] ??= []);
    const asked = JSON.stringify(action.payload);
    if (pending.some((entry) => entry.operation === operation && JSON.stringify(entry.payload) === asked)) return;
    pending.push({ operation, subject, payload: action.payload });
  }

  /** Takes the finished request off its key and shows its outcome. */
  function settled(state: OperationsState<Op, Subject>, outcome: FinishedOperation<Op, Subject>) {
    const key = keyOf(outcome.operation, outcome);
    const pending = state.inFlight[key];
    if (pending) {
      // The running one is the first; finding it by what it was about also holds after a reset.
      const index = pending.findIndex(
        (entry) => entry.operation === outcome.operation && isSubjectOf(entry.subject, outcome),
      );
      if (index >= 0) pending.splice(index, 1);
      if (pending.length === 0) delete state.inFlight[key];
    }
    state.lastOutcome = { ...outcome, seq: (state.lastOutcome?.seq ?? 0) + 1 };
  }

  /** A request's case reducer for createSlice: `sendRequested: operations.request('send', subjectOf)`. */
  function request<P>(operation: Op, subjectOf: (payload: P) => Subject) {
    return { prepare: prepare(operation, subjectOf), reducer: requested<P> };
  }

  /** The finished action's case reducer: `operationFinished: operations.finished`. */
  function finished(state: OperationsState<Op, Subject>, action: PayloadAction<FinishedOperation<Op, Subject>>) {
    settled(state, action.payload);
  }

  return { prepare, requested, settled, request, finished };
}

/** Whether anything (or `operation`) is asked for on `key` and not finished. */
export function isPending<Op extends string>(inFlight: InFlight<Op, unknown>, key: string, operation?: Op): boolean {
  const pending = inFlight[key] ?? [];
  return operation === undefined ? pending.length > 0 : pending.some((entry) => entry.operation === operation);
}

/** The subjects of every `operation` asked for and not finished (e.g. the posts being deleted). */
export function pendingSubjects<Op extends string, Subject>(inFlight: InFlight<Op, Subject>, operation: Op): Subject[] {
  return Object.values(inFlight).flatMap((pending) =>
    pending.filter((entry) => entry.operation === operation).map((entry) => entry.subject),
  );
}
