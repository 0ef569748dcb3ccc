import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { call, select } from 'redux-saga/effects';

import { fail, ok } from '../../domain/result';
import type { OperationResult } from '../../domain/result';
import { logToConsole, setErrorReporter } from '../../platform/errorReporting';
import { answer, operationWorker, takeOperations } from './operation';
import type { OperationLifecycle } from './operation';
import { isPending, operationReducers, pendingSubjects } from './operationState';
import type { InFlight, OperationOutcome } from './operationState';

// A small feature: following people. Following and unfollowing one person share a key, so they
// run in the order asked; the work of each call waits until the test settles it.
type FollowOperation = 'follow' | 'unfollow';
interface FollowSubject {
  targetId: string;
}

const operations = operationReducers<FollowOperation, FollowSubject>(
  (_operation, { targetId }) => `person:${targetId}`,
);

interface FollowState {
  signedIn: boolean;
  inFlight: InFlight<FollowOperation, FollowSubject>;
  lastOutcome: OperationOutcome<FollowOperation, FollowSubject> | null;
}

const initialState: FollowState = { signedIn: true, inFlight: {}, lastOutcome: null };

const follows = createSlice({
  name: 'follows',
  initialState,
  reducers: {
    followRequested: operations.request('follow', (payload: { personId: string; note: string }) => ({
      targetId: payload.personId,
    })),
    unfollowRequested: operations.request('unfollow', (payload: { personId: string }) => ({
      targetId: payload.personId,
    })),
    operationFinished: operations.finished,
    signedOut(state) {
      state.signedIn = false;
    },
  },
});
const { followRequested, unfollowRequested, operationFinished, signedOut } = follows.actions;

const lifecycle: OperationLifecycle<FollowOperation, FollowSubject> = {
  finished: operationFinished,
  signedOut: fail('Sign in first'),
};

function setup() {
  const started: string[] = [];
  const open = new Map<string, { settle: (result: OperationResult) => void; fail: (error: Error) => void }>();
  function pending(label: string) {
    started.push(label);
    return new Promise<OperationResult>((settle, fail) => open.set(label, { settle, fail }));
  }
  const followWorker = operationWorker(lifecycle, function* follow(action: ReturnType<typeof followRequested>) {
    const signedIn: boolean = yield select((state: FollowState) => state.signedIn);
    if (!signedIn) return null;
    const result: OperationResult = yield call(pending, `follow ${action.payload.personId}`);
    return result;
  });
  const unfollowWorker = operationWorker(lifecycle, function* unfollow(action: ReturnType<typeof unfollowRequested>) {
    const result: OperationResult = yield call(pending, `unfollow ${action.payload.personId}`);
    return result;
  });

  const sagas = createSagaMiddleware();
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: follows.reducer,
    middleware: (defaults) => defaults().concat(sagas, record),
  });
  sagas.run(function* root() {
    yield takeOperations(answer(followRequested, followWorker), answer(unfollowRequested, unfollowWorker));
  });
  const settle = async (label: string, result: OperationResult | Error) => {
    const call = open.get(label)!;
    open.delete(label);
    if (result instanceof Error) call.fail(result);
    else call.settle(result);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const outcomes = () => actions.filter((action) => operationFinished.match(action)).map((action) => action.payload);
  return { store, started, settle, outcomes, waiting: () => open.size };
}

describe('the operation lifecycle', () => {
  it('marks the request in flight, runs it, and finishes with its outcome', async () => {
    const { store, started, settle, outcomes } = setup();
    store.dispatch(followRequested({ personId: 'ada', note: 'Hi' }));
    expect(started).toEqual(['follow ada']);
    expect(isPending(store.getState().inFlight, 'person:ada')).toBe(true);
    expect(isPending(store.getState().inFlight, 'person:ada', 'follow')).toBe(true);
    expect(isPending(store.getState().inFlight, 'person:ada', 'unfollow')).toBe(false);

    await settle('follow ada', ok('Following Ada'));
    expect(outcomes()).toEqual([{ operation: 'follow', targetId: 'ada', success: true, message: 'Following Ada' }]);
    expect(store.getState().inFlight).toEqual({});
    expect(store.getState().lastOutcome).toEqual({
      operation: 'follow',
      targetId: 'ada',
      success: true,
      message: 'Following Ada',
      seq: 1,
    });
  });

  it('orders two action creators on one key, and stays busy until the last has finished', async () => {
    const { store, started, settle, outcomes } = setup();
    store.dispatch(followRequested({ personId: 'ada', note: '' }));
    store.dispatch(unfollowRequested({ personId: 'ada' }));
    // The unfollow waits for the follow it came after.
    expect(started).toEqual(['follow ada']);
    expect(pendingSubjects(store.getState().inFlight, 'unfollow')).toEqual([{ targetId: 'ada' }]);

    await settle('follow ada', ok('Following Ada'));
    expect(started).toEqual(['follow ada', 'unfollow ada']);
    // The first outcome is shown, and the key is still busy with the second.
    expect(store.getState().lastOutcome).toMatchObject({ operation: 'follow', seq: 1 });
    expect(isPending(store.getState().inFlight, 'person:ada')).toBe(true);
    expect(isPending(store.getState().inFlight, 'person:ada', 'follow')).toBe(false);

    await settle('unfollow ada', ok('Unfollowed Ada'));
    expect(outcomes().map((outcome) => outcome.operation)).toEqual(['follow', 'unfollow']);
    expect(store.getState().inFlight).toEqual({});
    expect(store.getState().lastOutcome).toMatchObject({ operation: 'unfollow', seq: 2 });
  });

  it('(control) a request on another key is not held up', () => {
    const { store, started } = setup();
    store.dispatch(followRequested({ personId: 'ada', note: '' }));
    store.dispatch(unfollowRequested({ personId: 'grace' }));
    expect(started).toEqual(['follow ada', 'unfollow grace']);
  });

  it('runs a double click once, in the queue and in the slice; a changed request waits its turn', async () => {
    const { store, started, settle, outcomes, waiting } = setup();
    store.dispatch(followRequested({ personId: 'ada', note: 'Hi' }));
    store.dispatch(followRequested({ personId: 'ada', note: 'Hi' }));
    store.dispatch(followRequested({ personId: 'ada', note: 'Hello' }));
    expect(store.getState().inFlight['person:ada']).toHaveLength(2);

    await settle('follow ada', ok('Following Ada'));
    expect(isPending(store.getState().inFlight, 'person:ada')).toBe(true);
    await settle('follow ada', fail('Already following'));
    expect(started).toEqual(['follow ada', 'follow ada']);
    expect(waiting()).toBe(0);
    expect(outcomes().map((outcome) => outcome.message)).toEqual(['Following Ada', 'Already following']);
    expect(store.getState().inFlight).toEqual({});
  });

  it("answers the feature's signed-out message when the work finds nobody signed in", async () => {
    const { store, started, outcomes } = setup();
    store.dispatch(signedOut());
    store.dispatch(followRequested({ personId: 'ada', note: '' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([]);
    expect(outcomes()).toEqual([{ operation: 'follow', targetId: 'ada', success: false, message: 'Sign in first' }]);
    expect(store.getState().inFlight).toEqual({});
  });

  it('finishes a request whose work threw, reports the error, and goes on with the queue', async () => {
    const reported = jest.fn();
    setErrorReporter(reported);
    try {
      const { store, started, settle, outcomes } = setup();
      store.dispatch(followRequested({ personId: 'ada', note: '' }));
      store.dispatch(unfollowRequested({ personId: 'ada' }));

      await settle('follow ada', new Error('Network down'));
      expect(outcomes()).toEqual([{ operation: 'follow', targetId: 'ada', success: false, message: 'Network down' }]);
      expect(reported).toHaveBeenCalledWith(new Error('Network down'), {
        description: 'The follow operation failed:',
      });
      // The queue survived the failure: the next request on the key runs.
      expect(started).toEqual(['follow ada', 'unfollow ada']);
      await settle('unfollow ada', ok('Unfollowed Ada'));
      expect(store.getState().inFlight).toEqual({});
    } finally {
      setErrorReporter(logToConsole);
    }
  });
});
