import type { UnknownAction } from '@reduxjs/toolkit';
import { createAction } from '@reduxjs/toolkit';
import { stdChannel, runSaga } from 'redux-saga';
import { call } from 'redux-saga/effects';

import { takeEachDistinct } from './takeEachDistinct';

const submitted = createAction('submitted', (key: string, text: string) => ({ payload: { key, text } }));
const withdrawn = createAction('withdrawn', (key: string, text: string) => ({ payload: { key, text } }));
type Submit = ReturnType<typeof submitted> | ReturnType<typeof withdrawn>;

/** A worker whose calls stay open until the test finishes them, in any order. */
function harness(creators: typeof submitted | (typeof submitted | typeof withdrawn)[] = submitted) {
  const started: string[] = [];
  const open = new Map<string, () => void>();
  function* worker(action: Submit) {
    const label = `${withdrawn.match(action) ? 'withdraw ' : ''}${action.payload.key}:${action.payload.text}`;
    started.push(label);
    yield call(() => new Promise<void>((resolve) => open.set(label, resolve)));
  }
  const channel = stdChannel<UnknownAction>();
  runSaga({ channel, dispatch: () => undefined, getState: () => ({}) }, function* root() {
    yield takeEachDistinct(creators, worker, (action) => action.payload.key);
  });
  const dispatch = (action: Submit) => channel.put(action);
  const finish = async (label: string) => {
    open.get(label)!();
    open.delete(label);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { started, dispatch, finish, waiting: () => open.size };
}

it('drops an identical repeat while the first runs, and runs a different one after it, in order', async () => {
  const { started, dispatch, finish } = harness();
  dispatch(submitted('t1', 'first'));
  dispatch(submitted('t1', 'first'));
  dispatch(submitted('t1', 'second'));
  dispatch(submitted('t1', 'second'));
  dispatch(submitted('t1', 'third'));
  expect(started).toEqual(['t1:first']);
  await finish('t1:first');
  expect(started).toEqual(['t1:first', 't1:second']);
  await finish('t1:second');
  await finish('t1:third');
  expect(started).toEqual(['t1:first', 't1:second', 't1:third']);
  // Once finished, the same text again is a new submission.
  dispatch(submitted('t1', 'first'));
  expect(started).toEqual(['t1:first', 't1:second', 't1:third', 't1:first']);
});

it('runs different keys side by side', () => {
  const { started, dispatch } = harness();
  dispatch(submitted('t1', 'hello'));
  dispatch(submitted('t2', 'hello'));
  expect(started).toEqual(['t1:hello', 't2:hello']);
});

describe('several action creators on one queue', () => {
  it('orders actions of different creators on the same key, in the order they came', async () => {
    const { started, dispatch, finish } = harness([submitted, withdrawn]);
    dispatch(submitted('t1', 'post'));
    dispatch(withdrawn('t1', 'post'));
    dispatch(submitted('t1', 'again'));
    // The withdrawal waits for the submission it follows, though another creator made it.
    expect(started).toEqual(['t1:post']);
    await finish('t1:post');
    expect(started).toEqual(['t1:post', 'withdraw t1:post']);
    await finish('withdraw t1:post');
    expect(started).toEqual(['t1:post', 'withdraw t1:post', 't1:again']);
  });

  it('treats the same payload from another creator as a different action, not a repeat', async () => {
    const { started, dispatch, finish, waiting } = harness([submitted, withdrawn]);
    dispatch(submitted('t1', 'x'));
    dispatch(withdrawn('t1', 'x'));
    dispatch(withdrawn('t1', 'x'));
    await finish('t1:x');
    await finish('withdraw t1:x');
    // Exactly one withdrawal ran: its double was dropped while it waited.
    expect(started).toEqual(['t1:x', 'withdraw t1:x']);
    expect(waiting()).toBe(0);
  });

  it('runs other keys side by side across creators', () => {
    const { started, dispatch } = harness([submitted, withdrawn]);
    dispatch(submitted('t1', 'a'));
    dispatch(withdrawn('t2', 'a'));
    expect(started).toEqual(['t1:a', 'withdraw t2:a']);
  });

  it('(control) separate calls keep separate queues: no order across them', () => {
    const started: string[] = [];
    function* worker(action: Submit) {
      started.push(`${action.type}:${action.payload.key}`);
      yield call(() => new Promise<void>(() => undefined));
    }
    const channel = stdChannel<UnknownAction>();
    runSaga({ channel, dispatch: () => undefined, getState: () => ({}) }, function* root() {
      yield takeEachDistinct(submitted, worker, (action) => action.payload.key);
      yield takeEachDistinct(withdrawn, worker, (action) => action.payload.key);
    });
    channel.put(submitted('t1', 'a'));
    channel.put(withdrawn('t1', 'a'));
    expect(started).toEqual(['submitted:t1', 'withdrawn:t1']);
  });
});
