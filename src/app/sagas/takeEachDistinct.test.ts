import type { UnknownAction } from '@reduxjs/toolkit';
import { stdChannel, runSaga } from 'redux-saga';
import { call } from 'redux-saga/effects';

import { takeEachDistinct } from './takeEachDistinct';

type Submit = { type: 'submitted'; payload: { key: string; text: string } };
const submitted = (key: string, text: string): Submit => ({ type: 'submitted', payload: { key, text } });

/** A worker whose calls stay open until the test finishes them, in any order. */
function harness() {
  const started: string[] = [];
  const open = new Map<string, () => void>();
  function* worker(action: Submit) {
    const label = `${action.payload.key}:${action.payload.text}`;
    started.push(label);
    yield call(() => new Promise<void>((resolve) => open.set(label, resolve)));
  }
  const channel = stdChannel<UnknownAction>();
  runSaga({ channel, dispatch: () => undefined, getState: () => ({}) }, function* root() {
    yield takeEachDistinct<Submit>('submitted', worker, (action) => action.payload.key);
  });
  const dispatch = (action: Submit) => channel.put(action);
  const finish = async (label: string) => {
    open.get(label)!();
    open.delete(label);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { started, dispatch, finish };
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
