// Double-click protection that never drops a different submission. takeLeading drops every
// action of its type while one runs, so a second post (another text, another tribe) made while
// the first was in flight vanished without a word. Here an action identical to one running or
// waiting for the same key is the double click and is dropped; any other waits its turn.
import type { Action } from '@reduxjs/toolkit';
import { call, fork, take } from 'redux-saga/effects';

interface Queue<A> {
  /** The running action first, then those waiting, in the order they came. */
  items: { action: A; identity: string }[];
}

/**
 * Runs `worker` once for every distinct action of `type` (or of any of several types, which then
 * share the queues: an edit and a delete of one item stay in order): one at a time and in order
 * for actions of the same key (`keyOf`, default: all one key), side by side for different keys.
 * An action equal to one running or waiting for its key is dropped.
 */
export function takeEachDistinct<A extends Action>(
  type: string | string[],
  worker: (action: A) => Generator,
  keyOf: (action: A) => string = () => '',
) {
  return fork(function* eachDistinct() {
    const queues = new Map<string, Queue<A>>();

    function* drain(key: string, queue: Queue<A>) {
      while (queue.items.length > 0) {
        try {
          yield call(worker, queue.items[0]!.action);
        } finally {
          queue.items.shift();
        }
      }
      queues.delete(key);
    }

    while (true) {
      const action: A = yield take(type);
      const key = keyOf(action);
      const identity = JSON.stringify(action);
      const queue = queues.get(key);
      if (queue) {
        if (!queue.items.some((item) => item.identity === identity)) queue.items.push({ action, identity });
        continue;
      }
      const created: Queue<A> = { items: [{ action, identity }] };
      queues.set(key, created);
      yield fork(drain, key, created);
    }
  });
}
