// One operation lifecycle, its saga half (the state half is operationState.ts):
//
//   request action  ->  in flight  ->  worker  ->  finished action with the outcome message
//
// takeOperations queues every request of a feature by its key (takeEachDistinct: one at a time
// and in order per key, whichever request asked; an identical repeat dropped) and hands it to the
// worker answering its type. operationWorker wraps the work: whatever happens, the request ends
// with exactly one finished action, so nothing stays busy: the work's result, the feature's
// signed-out answer when the work found nobody signed in (it returned null, as callAsUser does),
// or, when the work threw, a failure carrying the error's message (the error is reported).
import type { Action } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';

import { toSerializedError } from '../../backend/port';
import { fail } from '../../domain/result';
import type { OperationResult } from '../../domain/result';
import { reportError } from '../../platform/errorReporting';
import type { FinishedOperation, OperationMeta } from './operationState';
import type { ActionCreatorOf, ActionOf } from './takeEachDistinct';
import { takeEachDistinct } from './takeEachDistinct';

/** How one feature finishes its operations. */
export interface OperationLifecycle<Op extends string, Subject, R extends OperationResult = OperationResult> {
  /**
   * The feature's finished action: takes the request out of flight and shows the outcome. `result`
   * is the work's whole result (or the signed-out answer, or the failure), for an outcome that
   * needs more than its message (a reaction's toggle: whether it is on now).
   */
  finished: (outcome: FinishedOperation<Op, Subject>, result: R | OperationResult) => Action;
  /** The answer when nobody is signed in (each feature words it its own way). */
  signedOut: OperationResult;
}

type RequestAction<Op extends string, Subject> = Action & { meta: OperationMeta<Op, Subject> };

/**
 * The worker of one operation: `work` does it and returns its result (null when signed out);
 * the worker puts the finished action, built from the request's operation and subject.
 */
export function operationWorker<
  Op extends string,
  Subject,
  A extends RequestAction<Op, Subject>,
  R extends OperationResult = OperationResult,
>(lifecycle: OperationLifecycle<Op, Subject, R>, work: (action: A) => Generator<unknown, R | null, never>) {
  // Nothing a yield here evaluates to is read, so the worker declares it takes nothing back
  // (`never`), which lets it delegate to any work, whatever that work's own yields return.
  return function* finishOperation(action: A): Generator<unknown, void, never> {
    const { operation, subject } = action.meta;
    let result: R | OperationResult;
    try {
      result = (yield* work(action)) ?? lifecycle.signedOut;
    } catch (error) {
      yield call(reportError, error, { description: `The ${operation} operation failed:` });
      result = fail(toSerializedError(error).message);
    }
    const outcome = { operation, ...subject, success: result.success, message: result.message };
    yield put(lifecycle.finished(outcome as FinishedOperation<Op, Subject>, result));
  };
}

type RequestCreator = ActionCreatorOf<RequestAction<string, unknown>>;

/** A request and the worker that answers it, for takeOperations. */
export interface Answer {
  request: RequestCreator;
  worker: (action: RequestAction<string, unknown>) => Generator;
}

export function answer<C extends RequestCreator>(request: C, worker: (action: ActionOf<C>) => Generator): Answer {
  // Safe: takeOperations hands the worker only the actions `request.match` accepts.
  return { request, worker: worker as Answer['worker'] };
}

/**
 * Answers every request of `answers` in its key's queue: requests with one key (`meta.key`) run
 * one at a time in the order asked, whichever creator asked; other keys run side by side; an
 * identical repeat of one running or waiting is dropped. Non-blocking (a fork).
 */
export function takeOperations(...answers: Answer[]) {
  return takeEachDistinct(
    answers.map((entry) => entry.request),
    function* answerRequest(action: RequestAction<string, unknown>) {
      const entry = answers.find((candidate) => candidate.request.match(action))!;
      yield call(entry.worker, action);
    },
    (action) => action.meta.key,
  );
}
