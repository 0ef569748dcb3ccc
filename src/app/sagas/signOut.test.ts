import { createSlice } from '@reduxjs/toolkit';
import { delay, put } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { testProfile } from '../../test/fixtures';
import { signedInSession } from '../../test/signedInState';
import { authStateChanged } from './authState';
import { resetOnSignOut, untilSignedOut } from './signOut';

const counter = createSlice({
  name: 'counter',
  initialState: { count: 0 },
  reducers: { counted: (state) => ({ count: state.count + 1 }) },
  extraReducers: (builder) => {
    resetOnSignOut(builder, { count: 0 });
  },
});

describe('resetOnSignOut', () => {
  const { user } = signedInSession('ada', testProfile({ displayName: 'Ada' }));

  it('forgets the state on sign-out and keeps it on sign-in', () => {
    const counted = counter.reducer({ count: 0 }, counter.actions.counted());
    expect(counter.reducer(counted, authStateChanged({ user }))).toEqual({ count: 1 });
    expect(counter.reducer(counted, authStateChanged({ user: null }))).toEqual({ count: 0 });
  });
});

describe('untilSignedOut', () => {
  function* slowRead() {
    yield delay(30);
    yield put({ type: 'read' });
  }

  it('lets the saga finish while signed in', async () => {
    await expectSaga(untilSignedOut(slowRead)).put({ type: 'read' }).run(100);
  });

  it('stops the saga when the user signs out', async () => {
    await expectSaga(untilSignedOut(slowRead))
      .dispatch(authStateChanged({ user: null }))
      .not.put({ type: 'read' })
      .run(100);
  });
});
