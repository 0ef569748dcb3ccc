// Pending friend removals (spec: retried; attempts + 1 per retry, at most 10), one record at a
// time as saga effects: the attempt, the bookkeeping of a failure and the decision to tell the
// user are each a `call` a test can see and provide. Each record gets one attempt per sign-in:
// the stuck notice promises "We will keep trying each time you sign in".
import { call } from 'redux-saga/effects';

import type { Clock, DocumentStore } from '../../backend/port';
import { PENDING_REMOVAL_MAX_ATTEMPTS } from '../../domain/friendsLimits';
import { reportError } from '../../platform/errorReporting';
import {
  attemptPendingFriendRemoval,
  listPendingFriendRemovals,
  readDisplayName,
  recordFailedRemovalAttempt,
} from './friendRemovals';
import type { PendingRemoval, ProcessedRemovals, StuckRemoval } from './friendRemovals';

/** What one record came to: finished, or failed (and, for the user's own removal past the limit, stuck). */
type RemovalOutcome = { done: true } | { done: false; stuck: StuckRemoval | null };

/**
 * One attempt at one record. A failure is reported and counted (attempts + 1 and lastAttempt)
 * while under PENDING_REMOVAL_MAX_ATTEMPTS, the rules refusing more; from the limit on, the
 * initiator is told it is stuck.
 */
export function* processPendingRemoval(db: DocumentStore, uid: string, clock: Clock, removal: PendingRemoval) {
  const { id, record } = removal;
  try {
    yield call(attemptPendingFriendRemoval, db, removal);
    return { done: true } satisfies RemovalOutcome;
  } catch (error) {
    yield call(reportError, error, { description: `Pending friend removal ${id} failed:` });
  }
  const attempts = Math.min(record.attempts + 1, PENDING_REMOVAL_MAX_ATTEMPTS);
  if (record.attempts < PENDING_REMOVAL_MAX_ATTEMPTS) {
    try {
      yield call(recordFailedRemovalAttempt, db, id, attempts, clock);
    } catch (error) {
      yield call(reportError, error, { description: `Could not record the failed attempt of ${id}:` });
    }
  }
  if (record.initiatorId !== uid || attempts < PENDING_REMOVAL_MAX_ATTEMPTS)
    return { done: false, stuck: null } satisfies RemovalOutcome;
  const targetName: string | null = yield call(readDisplayName, db, record.targetId);
  const stuck: StuckRemoval = {
    targetId: record.targetId,
    targetName,
    newlyStuck: record.attempts + 1 === PENDING_REMOVAL_MAX_ATTEMPTS,
  };
  return { done: false, stuck } satisfies RemovalOutcome;
}

/**
 * Finishes the removals the user started (initiator: drop the user from the target's list) and
 * those started against them (target: drop the initiator from the user's own list), one record
 * after the other. Throws only when the records cannot be listed.
 */
export function* processPendingFriendRemovals(db: DocumentStore, uid: string, clock: Clock) {
  const outcome: ProcessedRemovals = { processed: 0, failed: 0, stuck: [] };
  if (!uid) return outcome;
  const removals: PendingRemoval[] = yield call(listPendingFriendRemovals, db, uid);
  for (const removal of removals) {
    const result: RemovalOutcome = yield call(processPendingRemoval, db, uid, clock, removal);
    if (result.done) outcome.processed += 1;
    else {
      outcome.failed += 1;
      if (result.stuck) outcome.stuck.push(result.stuck);
    }
  }
  return outcome;
}
