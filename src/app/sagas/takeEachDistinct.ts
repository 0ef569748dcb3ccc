// Double-click protection that never drops a different submission. takeLeading drops every
// action of its type while one runs, so a second post (another text, another tribe) made while
// the first was in flight vanished without a word. Here an action identical to one running or
// waiting for the same key is the double click and is dropped; any other waits its turn.
//
// One queue may serve several action creators: operations on the same thing (a send, then a
// cancel, to one person) then run one at a time in the order they were asked for, whichever
// creator asked. Separate takeEachDistinct calls keep separate queues and give no such order.
// Pass the action creators: they type the actions the worker and the key get.
import type { Action } from '@reduxjs/toolkit';
import type { ForkEffect } from 'redux-saga/effects';
import { call, fork, take } from 'redux-saga/effects';

/** An action creator as RTK makes them: its type, and a guard for the actions it creates. */
export interface ActionCreatorOf<A extends Action = Action> {
  type: string;
  match: (action: unknown) => action is A;
}

/** The actions a creator (or a union of creators) makes. */
export type ActionOf<C> = C extends { match: (action: unknown) => action is infer A } ? A : never;

/** The identity takeEachDistinct drops repeats by: the whole action, as plain data. */
const requestIdentity = (action: Action): string => JSON.stringify(action);

interface Queue<A> {
  /** The running action first, then those waiting, in the order they came. */
  items: { action: A; identity: string }[];
}

/**
 * Runs `worker` once for every distinct action of `creators`: one at a time and in order for
 * actions of the same key (`keyOf`, default: all one key), side by side for different keys. An
 * action equal to one running or waiting for its key is dropped. Non-blocking (a fork).
 */
export function takeEachDistinct<C extends ActionCreatorOf>(
  creators: C | readonly C[],
  worker: (action: ActionOf<C>) => Generator,
  keyOf?: (action: ActionOf<C>) => string,
): ForkEffect {
  const types = (Array.isArray(creators) ? creators : [creators]).map((creator: C) => creator.type);
  // Safe: take(types) hands on only actions these creators make, which is what both accept.
  const keyFor = (keyOf ?? (() => '')) as (action: Action) => string;
  const work = worker as (action: Action) => Generator;
  return fork(function* eachDistinct() {
    const queues = new Map<string, Queue<Action>>();

    function* drain(key: string, queue: Queue<Action>) {
      while (queue.items.length > 0) {
        try {
          yield call(work, queue.items[0]!.action);
        } finally {
          queue.items.shift();
        }
      }
      queues.delete(key);
    }

    while (true) {
      const action: Action = yield take(types);
      const key = keyFor(action);
      const identity = requestIdentity(action);
      const queue = queues.get(key);
      if (queue) {
        if (!queue.items.some((item) => item.identity === identity)) queue.items.push({ action, identity });
        continue;
      }
      const created: Queue<Action> = { items: [{ action, identity }] };
      queues.set(key, created);
      yield fork(drain, key, created);
    }
  });
}
