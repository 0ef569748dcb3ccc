// Operations run as the signed-in user: the uid comes from the session, the store from the saga context.
import { call, select } from 'redux-saga/effects';

import type { Backend, DocumentStore } from '../../backend/port';
import { getBackend } from '../sagaContext';
import { selectOwnUid } from './authState';

/** The signed-in user's uid, or null when signed out (operations then answer their signed-out message). */
export function* ownUid(): Generator<ReturnType<typeof select>, string | null, string | null> {
  const uid = yield select(selectOwnUid);
  return uid;
}

/** `call(fn, db, uid, ...args)` as the signed-in user; null, with nothing called, when signed out. */
export function* callAsUser<Args extends unknown[], R>(
  fn: (db: DocumentStore, uid: string, ...args: Args) => Promise<R>,
  ...args: Args
) {
  const uid: string | null = yield* ownUid();
  if (!uid) return null;
  const backend: Backend = yield* getBackend();
  const result = (yield call(fn, backend.db, uid, ...args)) as R;
  return result;
}
