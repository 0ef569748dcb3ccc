// The boundary between the Firebase SDK and the port: SDK values in, plain data out, and the
// port's write sentinels and errors turned into their SDK counterparts (and back). Pure
// functions, tested without any Firebase service. No SDK import here: Auth uses this file too,
// and the Firestore SDK must stay in its own chunk (firestoreSentinels.ts holds its FieldValues).
import { BackendError, isFieldTransform } from '../port';
import type {
  AuthUser,
  BackendErrorCode,
  DocData,
  DocRef,
  DocSnapshot,
  DocValue,
  FieldTransform,
  QuerySpec,
  WriteData,
  WriteValue,
} from '../port';

// ---------- query cursors ----------

/**
 * A query's startAfter (or endAt) values for the SDK. Timestamps are read back as epoch ms, but
 * Firestore orders every number before every timestamp: a cursor on a `time` orderBy field goes
 * back as a timestamp (`fromMillis`), or the next page of a newest-first feed would come back empty.
 */
export function toCursorValues(
  spec: QuerySpec,
  fromMillis: (ms: number) => unknown,
  cursor: 'startAfter' | 'endAt' = 'startAfter',
): unknown[] {
  return (spec[cursor] ?? []).map((value, i) =>
    spec.orderBy?.[i]?.time && typeof value === 'number' ? fromMillis(value) : value,
  );
}

// ---------- SDK values -> plain data ----------

interface TimestampLike {
  toMillis(): number;
  seconds: number;
  nanoseconds: number;
}

function isTimestampLike(value: object): value is TimestampLike {
  return 'toMillis' in value && typeof value.toMillis === 'function' && 'seconds' in value && 'nanoseconds' in value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Any value read from Firestore as plain data: Timestamps become epoch milliseconds (at any
 * depth), GeoPoints {latitude, longitude}, document references their path, bytes base64.
 * undefined (a pending serverTimestamp without an estimate) becomes null.
 */
export function toPlain(value: unknown): DocValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => toPlain(item));
  if (typeof value !== 'object') return null;
  if (isTimestampLike(value)) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  if ('latitude' in value && 'longitude' in value && 'isEqual' in value && !isPlainObject(value)) {
    return { latitude: Number(value.latitude), longitude: Number(value.longitude) };
  }
  if ('path' in value && 'firestore' in value && typeof value.path === 'string') return value.path;
  if ('toBase64' in value && typeof value.toBase64 === 'function') return String((value.toBase64 as () => string)());
  const plain: { [key: string]: DocValue } = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) plain[key] = toPlain(item);
  }
  return plain;
}

export function toPlainData(data: Record<string, unknown>): DocData {
  return toPlain(data) as DocData;
}

/** The little of a Firestore DocumentSnapshot the port needs. */
export interface SnapshotLike {
  id: string;
  ref: { parent: { id: string } };
  exists(): boolean;
  data(options?: { serverTimestamps?: 'estimate' | 'previous' | 'none' }): Record<string, unknown> | undefined;
}

export function toDocRef(snapshot: SnapshotLike): DocRef {
  return { collection: snapshot.ref.parent.id, id: snapshot.id };
}

/** Pending server timestamps read as the local estimate, so a field never flickers through null. */
export function toDocSnapshot<T extends DocData = DocData>(snapshot: SnapshotLike): DocSnapshot<T> {
  const data = snapshot.exists() ? snapshot.data({ serverTimestamps: 'estimate' }) : undefined;
  return { ref: toDocRef(snapshot), data: data === undefined ? null : (toPlainData(data) as T) };
}

export interface FirebaseUserLike {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export function toAuthUser(user: FirebaseUserLike, displayNameOverride?: string | null): AuthUser {
  return {
    uid: user.uid,
    email: user.email ?? null,
    displayName: displayNameOverride ?? user.displayName ?? null,
    photoURL: user.photoURL ?? null,
  };
}

// ---------- port writes -> SDK writes ----------

/** How each port sentinel is made on the SDK side (Firestore's FieldValues: firestoreSentinels.ts). */
export interface SentinelFactory {
  serverTimestamp(): unknown;
  increment(by: number): unknown;
  arrayUnion(...elements: unknown[]): unknown;
  arrayRemove(...elements: unknown[]): unknown;
  deleteField(): unknown;
}

export function toFieldValue(transform: FieldTransform, sentinels: SentinelFactory): unknown {
  switch (transform.$transform) {
    case 'serverTimestamp':
      return sentinels.serverTimestamp();
    case 'increment':
      return sentinels.increment(transform.by);
    case 'arrayUnion':
      return sentinels.arrayUnion(...transform.elements);
    case 'arrayRemove':
      return sentinels.arrayRemove(...transform.elements);
    case 'deleteField':
      return sentinels.deleteField();
  }
}

function toFirestoreValue(value: WriteValue, sentinels: SentinelFactory): unknown {
  if (isFieldTransform(value)) return toFieldValue(value, sentinels);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return toFirestoreWrite(value, sentinels);
  return value;
}

/** Sentinels, at the top or inside maps, become FieldValues; everything else is already a Firestore value. */
export function toFirestoreWrite(data: WriteData, sentinels: SentinelFactory): Record<string, unknown> {
  const write: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    write[key] = toFirestoreValue(value, sentinels);
  }
  return write;
}

// ---------- SDK errors -> BackendError ----------

const ERROR_CODES: Record<string, BackendErrorCode> = {
  // auth: one answer for a wrong password and an unknown account, so accounts cannot be probed
  'auth/wrong-password': 'auth/invalid-credential',
  'auth/user-not-found': 'auth/invalid-credential',
  'auth/invalid-credential': 'auth/invalid-credential',
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  'auth/invalid-password': 'auth/invalid-credential',
  'auth/missing-password': 'auth/invalid-credential',
  'auth/user-disabled': 'auth/invalid-credential',
  'auth/email-already-in-use': 'auth/email-already-in-use',
  'auth/credential-already-in-use': 'auth/email-already-in-use',
  'auth/account-exists-with-different-credential': 'auth/email-already-in-use',
  'auth/invalid-email': 'auth/invalid-email',
  'auth/missing-email': 'auth/invalid-email',
  'auth/weak-password': 'auth/weak-password',
  'auth/password-does-not-meet-requirements': 'auth/weak-password',
  'auth/too-many-requests': 'auth/too-many-requests',
  'auth/network-request-failed': 'auth/network-request-failed',
  'auth/timeout': 'auth/network-request-failed',
  'auth/popup-closed-by-user': 'auth/popup-closed',
  'auth/cancelled-popup-request': 'auth/popup-closed',
  'auth/user-cancelled': 'auth/popup-closed',
  'auth/popup-blocked': 'auth/provider-unavailable',
  'auth/operation-not-allowed': 'auth/provider-unavailable',
  'auth/operation-not-supported-in-this-environment': 'auth/provider-unavailable',
  'auth/unauthorized-domain': 'auth/provider-unavailable',
  'auth/web-storage-unsupported': 'auth/provider-unavailable',
  // Firestore / Functions (with or without the "functions/" prefix) / Storage
  'permission-denied': 'permission-denied',
  unauthenticated: 'permission-denied',
  'storage/unauthorized': 'permission-denied',
  'storage/unauthenticated': 'permission-denied',
  'not-found': 'not-found',
  'storage/object-not-found': 'not-found',
  'already-exists': 'already-exists',
  'failed-precondition': 'failed-precondition',
  'invalid-argument': 'invalid-argument',
  'out-of-range': 'invalid-argument',
  'storage/invalid-argument': 'invalid-argument',
  'storage/invalid-format': 'invalid-argument',
  aborted: 'aborted',
  cancelled: 'aborted',
  'storage/canceled': 'aborted',
  unavailable: 'unavailable',
  'deadline-exceeded': 'unavailable',
  'resource-exhausted': 'unavailable',
  'storage/retry-limit-exceeded': 'unavailable',
  'storage/quota-exceeded': 'unavailable',
};

function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/** True for errors raised by the Firebase SDK (FirebaseError and Firestore's error both carry a string code). */
export function isSdkError(error: unknown): boolean {
  if (error instanceof BackendError) return false;
  const code = errorCodeOf(error);
  return code !== null && (error as { name?: unknown }).name === 'FirebaseError';
}

export function toBackendErrorCode(sdkCode: string): BackendErrorCode {
  const code = sdkCode.replace(/^(functions|firestore)\//, '');
  return ERROR_CODES[code] ?? 'unknown';
}

/** What Cloud Firestore says when its rules refuse a call (the app's policy twin says the same). */
export const PERMISSION_DENIED_MESSAGE = 'Missing or insufficient permissions.';

/**
 * The emulators' own wording, which the real services never send: a gRPC status name first
 * ("PERMISSION_DENIED: ...") or the rules' evaluation ("false for 'create' @ L337",
 * "evaluation error at L12:5", "Property x is undefined on object. for 'update' @ L40").
 */
const EMULATOR_DETAIL = /^\s*[A-Z][A-Z_]{2,}:|@ L\d+|\bevaluation error\b|^\s*false for '/;

/**
 * Firebase's messages read "Firebase: Error (auth/x)." or "Firebase Storage: ... (storage/x)";
 * keep the readable part only. A refusal worded by the emulator reads as the real service's, so
 * a user never sees rule line numbers in place of the app's message.
 */
function cleanMessage(message: string, code: string): string {
  if (toBackendErrorCode(code) === 'permission-denied' && !code.includes('/') && EMULATOR_DETAIL.test(message))
    return PERMISSION_DENIED_MESSAGE;
  const cleaned = message
    .replace(/^Firebase(?: Storage)?:\s*/, '')
    .replace(/^[A-Z][A-Z_]{2,}:\s*/, '')
    .replace(/\s*\([\w/-]+\)\.?$/, '')
    .trim();
  return cleaned && cleaned !== 'Error' ? cleaned : code;
}

export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === null) return new BackendError('unknown', message);
  return new BackendError(toBackendErrorCode(code), cleanMessage(message, code));
}

/** SDK errors become BackendErrors; anything else (an app's own error thrown in a transaction) passes through. */
export function mapSdkError(error: unknown): unknown {
  return isSdkError(error) ? toBackendError(error) : error;
}
