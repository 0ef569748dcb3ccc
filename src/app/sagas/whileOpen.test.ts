import { createAction } from '@reduxjs/toolkit';
import { call, cancelled, delay, put } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { whileOpen } from './whileOpen';

const pageClosed = createAction<{ pageId: string }>('page/closed');
const seen = createAction<string>('page/seen');

/** Follows the page until cancelled, saying when it stops (a subscription would close there). */
function* follow(pageId: string) {
  try {
    yield put(seen(`${pageId}: open`));
    yield delay(20);
    yield put(seen(`${pageId}: done`));
  } finally {
    if ((yield cancelled()) as boolean) yield put(seen(`${pageId}: closed`));
  }
}

function* page(pageId: string) {
  yield* whileOpen(pageClosed, call(follow, pageId), (closed) => closed.payload.pageId === pageId);
}

describe('whileOpen', () => {
  it("cancels the page's work when the page closes, running its finally", async () => {
    await expectSaga(page, 'p1')
      .dispatch(pageClosed({ pageId: 'p1' }))
      .put(seen('p1: open'))
      .put(seen('p1: closed'))
      .not.put(seen('p1: done'))
      .run(50);
  });

  it('(control) another page closing does not end this one', async () => {
    await expectSaga(page, 'p1')
      .dispatch(pageClosed({ pageId: 'p2' }))
      .put(seen('p1: open'))
      .put(seen('p1: done'))
      .not.put(seen('p1: closed'))
      .run(100);
  });

  it('ends with the work when the work ends first', async () => {
    function* brief() {
      yield put(seen('loaded'));
    }
    await expectSaga(function* () {
      yield* whileOpen(pageClosed, call(brief));
      yield put(seen('after'));
    })
      .put(seen('loaded'))
      .put(seen('after'))
      .run(50);
  });

  it('without a page test, any close ends the work', async () => {
    await expectSaga(function* () {
      yield* whileOpen(pageClosed, call(follow, 'p1'));
    })
      .dispatch(pageClosed({ pageId: 'p9' }))
      .put(seen('p1: closed'))
      .run(50);
  });
});
