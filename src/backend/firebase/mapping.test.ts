import { BackendError, fieldValue } from '../port';
import { firestoreSentinels } from './firestoreSentinels';
import {
  isSdkError,
  mapSdkError,
  toAuthUser,
  toBackendError,
  toCursorValues,
  toDocSnapshot,
  toFirestoreWrite,
  toPlain,
} from './mapping';
import type { SentinelFactory, SnapshotLike } from './mapping';

/** Shaped like firebase/firestore's Timestamp (seconds, nanoseconds, toMillis). */
class FakeTimestamp {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number,
  ) {}
  toMillis() {
    return this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
  }
}

const sdkError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { name: 'FirebaseError', code });

function snapshot(
  collection: string,
  id: string,
  data: Record<string, unknown> | undefined,
): SnapshotLike & { options: unknown[] } {
  const options: unknown[] = [];
  return {
    id,
    ref: { parent: { id: collection } },
    exists: () => data !== undefined,
    data: (opts) => {
      options.push(opts);
      return data;
    },
    options,
  };
}

describe('toPlain', () => {
  it('turns Timestamps into epoch milliseconds at any depth', () => {
    const at = new FakeTimestamp(1_768_478_400, 250_000_000);
    expect(toPlain(at)).toBe(1_768_478_400_250);
    expect(toPlain({ joinDate: at, friends: [{ id: 'b', addedAt: at }], nested: { deeper: [[at]] } })).toEqual({
      joinDate: 1_768_478_400_250,
      friends: [{ id: 'b', addedAt: 1_768_478_400_250 }],
      nested: { deeper: [[1_768_478_400_250]] },
    });
  });

  it('keeps JSON values, drops undefined fields and reads a pending value as null', () => {
    expect(toPlain({ a: 1, b: 'x', c: true, d: null, e: undefined, f: [1, 'two'] })).toEqual({
      a: 1,
      b: 'x',
      c: true,
      d: null,
      f: [1, 'two'],
    });
    expect(toPlain(undefined)).toBeNull();
    expect(toPlain(new Date(5))).toBe(5);
  });
});

describe('toDocSnapshot', () => {
  it('maps an existing document to its ref and plain data, with estimated server timestamps', () => {
    const snap = snapshot('users', 'u1', { displayName: 'Ada', joinDate: new FakeTimestamp(10, 0) });
    expect(toDocSnapshot(snap)).toEqual({
      ref: { collection: 'users', id: 'u1' },
      data: { displayName: 'Ada', joinDate: 10_000 },
    });
    expect(snap.options).toEqual([{ serverTimestamps: 'estimate' }]);
  });

  it('maps a missing document to null data', () => {
    expect(toDocSnapshot(snapshot('users', 'nobody', undefined))).toEqual({
      ref: { collection: 'users', id: 'nobody' },
      data: null,
    });
  });
});

describe('toFirestoreWrite', () => {
  it('turns each port sentinel into the matching FieldValue', () => {
    const calls: unknown[][] = [];
    const recorder =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return `<${name}>`;
      };
    const sentinels: SentinelFactory = {
      serverTimestamp: recorder('serverTimestamp'),
      increment: recorder('increment'),
      arrayUnion: recorder('arrayUnion'),
      arrayRemove: recorder('arrayRemove'),
      deleteField: recorder('deleteField'),
    };
    const write = toFirestoreWrite(
      {
        at: fieldValue.serverTimestamp(),
        n: fieldValue.increment(2),
        tags: fieldValue.arrayUnion('a', { id: 'b' }),
        gone: fieldValue.arrayRemove('c'),
        old: fieldValue.deleteField(),
        plain: { kept: [1, 2] },
      },
      sentinels,
    );
    expect(write).toEqual({
      at: '<serverTimestamp>',
      n: '<increment>',
      tags: '<arrayUnion>',
      gone: '<arrayRemove>',
      old: '<deleteField>',
      plain: { kept: [1, 2] },
    });
    expect(calls).toEqual([
      ['serverTimestamp'],
      ['increment', 2],
      ['arrayUnion', 'a', { id: 'b' }],
      ['arrayRemove', 'c'],
      ['deleteField'],
    ]);
  });

  it("maps to Firestore's own FieldValues in the adapter", () => {
    const write = toFirestoreWrite(
      { n: fieldValue.increment(3), at: fieldValue.serverTimestamp() },
      firestoreSentinels,
    );
    const same = (a: unknown, b: unknown) => (a as { isEqual(other: unknown): boolean }).isEqual(b);
    expect(same(write.n, firestoreSentinels.increment(3))).toBe(true);
    expect(same(write.n, firestoreSentinels.increment(4))).toBe(false);
    expect(same(write.at, firestoreSentinels.serverTimestamp())).toBe(true);
  });
});

describe('SDK errors', () => {
  it.each([
    ['auth/wrong-password', 'auth/invalid-credential'],
    ['auth/user-not-found', 'auth/invalid-credential'],
    ['auth/invalid-credential', 'auth/invalid-credential'],
    ['auth/invalid-login-credentials', 'auth/invalid-credential'],
    ['auth/email-already-in-use', 'auth/email-already-in-use'],
    ['auth/invalid-email', 'auth/invalid-email'],
    ['auth/weak-password', 'auth/weak-password'],
    ['auth/too-many-requests', 'auth/too-many-requests'],
    ['auth/network-request-failed', 'auth/network-request-failed'],
    ['auth/popup-closed-by-user', 'auth/popup-closed'],
    ['auth/popup-blocked', 'auth/provider-unavailable'],
    ['permission-denied', 'permission-denied'],
    ['unauthenticated', 'permission-denied'],
    ['not-found', 'not-found'],
    ['already-exists', 'already-exists'],
    ['failed-precondition', 'failed-precondition'],
    ['aborted', 'aborted'],
    ['unavailable', 'unavailable'],
    ['deadline-exceeded', 'unavailable'],
    ['functions/permission-denied', 'permission-denied'],
    ['storage/unauthorized', 'permission-denied'],
    ['storage/object-not-found', 'not-found'],
    ['auth/something-new', 'unknown'],
  ])('%s becomes %s', (sdkCode, code) => {
    const mapped = toBackendError(sdkError(sdkCode));
    expect(mapped).toBeInstanceOf(BackendError);
    expect(mapped.code).toBe(code);
  });

  it("keeps the readable part of Firebase's message", () => {
    expect(toBackendError(sdkError('permission-denied', 'Missing or insufficient permissions.')).message).toBe(
      'Missing or insufficient permissions.',
    );
    expect(
      toBackendError(
        sdkError('auth/weak-password', 'Firebase: Password should be at least 6 characters (auth/weak-password).'),
      ).message,
    ).toBe('Password should be at least 6 characters');
    expect(toBackendError(sdkError('auth/user-not-found')).message).toBe('auth/user-not-found');
  });

  it("words the emulator's refusals as the real service does: no rule line numbers in place of the app's message", () => {
    for (const emulatorMessage of [
      "PERMISSION_DENIED: \nfalse for 'create' @ L337, false for 'update' @ L341",
      "\nfalse for 'create' @ L723",
      "Property hidden is undefined on object. for 'update' @ L412",
      "evaluation error at L88:14 for 'list' @ L88",
    ]) {
      expect(toBackendError(sdkError('permission-denied', emulatorMessage))).toMatchObject({
        code: 'permission-denied',
        message: 'Missing or insufficient permissions.',
      });
    }
    // A callable function's own refusal, and Storage's, keep their words.
    expect(toBackendError(sdkError('functions/permission-denied', 'Only moderators can do that.')).message).toBe(
      'Only moderators can do that.',
    );
    expect(
      toBackendError(
        sdkError(
          'storage/unauthorized',
          "Firebase Storage: User does not have permission to access 'users/u1/photo-1'. (storage/unauthorized)",
        ),
      ).message,
    ).toBe("User does not have permission to access 'users/u1/photo-1'.");
    // Another status worded by the emulator loses its gRPC prefix.
    expect(
      toBackendError(
        sdkError('invalid-argument', 'INVALID_ARGUMENT: Value for argument "data" is not a valid Firestore document.'),
      ).message,
    ).toBe('Value for argument "data" is not a valid Firestore document.');
  });

  it("passes the app's own errors through a transaction untouched", () => {
    const own = new Error('changed my mind');
    expect(isSdkError(own)).toBe(false);
    expect(mapSdkError(own)).toBe(own);
    const backendError = new BackendError('not-found', 'gone');
    expect(mapSdkError(backendError)).toBe(backendError);
    expect(mapSdkError(sdkError('aborted'))).toMatchObject({ code: 'aborted' });
    expect(toBackendError('weird')).toMatchObject({ code: 'unknown', message: 'weird' });
  });
});

describe('toAuthUser', () => {
  it('keeps only the plain account fields', () => {
    const user = {
      uid: 'u1',
      email: 'a@b.dev',
      displayName: null,
      photoURL: null,
      getIdToken: () => Promise.resolve('t'),
    };
    expect(toAuthUser(user)).toEqual({ uid: 'u1', email: 'a@b.dev', displayName: null, photoURL: null });
    expect(toAuthUser(user, 'Ada')).toMatchObject({ displayName: 'Ada' });
  });
});

describe('toCursorValues', () => {
  it('sends a time field’s cursor back as a timestamp, and every other value as it is', () => {
    const spec = {
      collection: 'posts',
      orderBy: [
        { field: 'createdAt', direction: 'desc' as const, time: true },
        { field: 'postId', direction: 'desc' as const },
      ],
      startAfter: [1_700_000_000_123, 'p9'],
    };
    const values = toCursorValues(spec, (ms) => new FakeTimestamp(Math.floor(ms / 1000), (ms % 1000) * 1e6));
    expect(values[0]).toBeInstanceOf(FakeTimestamp);
    expect((values[0] as FakeTimestamp).toMillis()).toBe(1_700_000_000_123);
    expect(values[1]).toBe('p9');
  });

  it('leaves numbers alone on fields that are not times, and specs without a cursor', () => {
    const orderBy = [{ field: 'score', direction: 'desc' as const }];
    expect(toCursorValues({ collection: 'c', orderBy, startAfter: [5] }, () => 'timestamp')).toEqual([5]);
    expect(toCursorValues({ collection: 'c', orderBy }, () => 'timestamp')).toEqual([]);
    // The endAt cursor the same way.
    const timed = [{ field: 'at', direction: 'desc' as const, time: true }];
    expect(toCursorValues({ collection: 'c', orderBy: timed, endAt: [7] }, () => 'timestamp', 'endAt')).toEqual([
      'timestamp',
    ]);
  });
});
