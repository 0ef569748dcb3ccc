// What the parts of the local document store (reads, writes, transactions, subscriptions) are
// built from, and the one way they refuse what the access policy denies.
import { BackendError } from '../port';
import type { Clock } from '../port';
import type { ChangeFeed } from './changeFeed';
import type { FaultChecks, OpCounters } from './faultSwitch';
import type { LocalDatabase } from './openLocalDatabase';
import { PERMISSION_DENIED_MESSAGE } from './policy';
import type { AccessPolicy, PolicyDecision } from './policy';

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

/** Firestore's permission error for a denied decision; the reason goes to `onDenied` only. */
export function throwIfDenied(deps: Pick<LocalDocumentStoreDeps, 'onDenied'>, decision: PolicyDecision): void {
  if (decision.allowed) return;
  deps.onDenied(decision.reason);
  throw new BackendError('permission-denied', PERMISSION_DENIED_MESSAGE);
}
