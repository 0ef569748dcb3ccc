// The backend port: everything the app needs from a backend, in plain data.
// Ids are strings, times are epoch milliseconds, errors are BackendError with a code.
// Two adapters implement it: backend/local (IndexedDB, the default) and backend/firebase.
import type { DocData, DocValue, FieldTransform, WriteData } from '../domain/docData';

export type Unsubscribe = () => void;

export type BackendErrorCode =
  | 'auth/email-already-in-use'
  | 'auth/invalid-email'
  | 'auth/weak-password'
  | 'auth/invalid-credential'
  | 'auth/too-many-requests'
  | 'auth/network-request-failed'
  | 'auth/popup-closed'
  | 'auth/provider-unavailable'
  | 'permission-denied'
  | 'not-found'
  | 'already-exists'
  | 'failed-precondition'
  | 'invalid-argument'
  | 'aborted'
  | 'unavailable'
  | 'unknown';

/** Thrown by every adapter; only `{ code, message }` ever crosses into Redux. */
export class BackendError extends Error {
  readonly code: BackendErrorCode;

  constructor(code: BackendErrorCode, message: string) {
    super(message);
    this.name = 'BackendError';
    this.code = code;
  }
}

export interface SerializedError {
  code: BackendErrorCode;
  message: string;
}

export function toSerializedError(error: unknown): SerializedError {
  if (error instanceof BackendError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'unknown', message: error.message };
  return { code: 'unknown', message: String(error) };
}

// ---------- auth ----------

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export type AuthProviderId = 'google' | 'github';

export interface SignUpInput {
  email: string;
  password: string;
  displayName: string;
}

export interface AuthPort {
  /** Fires once with the current user (or null) when the first check completes, then on every change. */
  onAuthStateChanged(onChange: (user: AuthUser | null) => void, onError: (error: BackendError) => void): Unsubscribe;
  signUp(input: SignUpInput): Promise<AuthUser>;
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** The social providers this adapter can sign in with; empty for the local adapter. */
  readonly providers: readonly AuthProviderId[];
  signInWithProvider(provider: AuthProviderId): Promise<AuthUser>;
  /** Whether the signed-in account has the `moderator` custom claim (false when signed out). */
  isModerator(): Promise<boolean>;
  /**
   * Optional: starts loading whatever a sign-in needs (the Firebase adapter defers its Auth SDK
   * until then), so the submit that follows does not wait for it. Never throws; a load that
   * fails is retried, and reported, by the operation that needs it.
   */
  warmUp?(): void;
}

// ---------- document store (the subset of Firestore the app uses) ----------

export interface DocRef {
  collection: string;
  id: string;
}

export function docRef(collection: string, id: string): DocRef {
  return { collection, id };
}

// The stored data's plain types and the write-time sentinels (plain data too) live in the domain
// layer, which the whole app builds on; the adapters apply the sentinels.
export type { DocData, DocValue, FieldTransform, WriteData, WriteValue } from '../domain/docData';
export { fieldValue } from '../domain/docData';

export function isFieldTransform(value: unknown): value is FieldTransform {
  return typeof value === 'object' && value !== null && '$transform' in value;
}

export interface DocSnapshot<T extends DocData = DocData> {
  ref: DocRef;
  /** null when the document does not exist */
  data: T | null;
}

export type WhereOp = '==' | 'in' | 'array-contains';

export interface WhereClause {
  field: string;
  op: WhereOp;
  value: DocValue;
}

export interface OrderBy {
  /** A field, or DOCUMENT_ID_FIELD for the document id. */
  field: string;
  direction: 'asc' | 'desc';
  /**
   * The field holds server timestamps (read back as epoch ms): the adapter turns this field's
   * startAfter value back into a timestamp, since Firestore orders numbers before timestamps.
   */
  time?: boolean;
}

/** Orders by the document id (Firestore's `__name__`); its startAfter value is the id. */
export const DOCUMENT_ID_FIELD = '__name__';

export interface QuerySpec {
  collection: string;
  where?: readonly WhereClause[];
  orderBy?: readonly OrderBy[];
  limit?: number;
  /** Values of the orderBy fields of the last document of the previous page. */
  startAfter?: readonly DocValue[];
  /**
   * Values of the orderBy fields of the last document to include (Firestore's endAt): with
   * startAfter, a range whose posts stay put as newer documents arrive above it.
   */
  endAt?: readonly DocValue[];
}

export interface SetOptions {
  merge?: boolean;
}

export type WriteOp =
  | { type: 'set'; ref: DocRef; data: WriteData; options?: SetOptions }
  | { type: 'update'; ref: DocRef; data: WriteData }
  | { type: 'delete'; ref: DocRef };

export interface Transaction {
  get<T extends DocData = DocData>(ref: DocRef): Promise<DocSnapshot<T>>;
  set(ref: DocRef, data: WriteData, options?: SetOptions): void;
  /** Fails the transaction with 'not-found' when the document does not exist. */
  update(ref: DocRef, data: WriteData): void;
  delete(ref: DocRef): void;
}

export interface DocumentStore {
  get<T extends DocData = DocData>(ref: DocRef): Promise<DocSnapshot<T>>;
  /** Reads several documents in as few round trips as the backend allows; results in the order of `refs`. */
  getMany<T extends DocData = DocData>(refs: readonly DocRef[]): Promise<DocSnapshot<T>[]>;
  set(ref: DocRef, data: WriteData, options?: SetOptions): Promise<void>;
  /** Rejects with 'not-found' when the document does not exist. */
  update(ref: DocRef, data: WriteData): Promise<void>;
  delete(ref: DocRef): Promise<void>;
  query<T extends DocData = DocData>(spec: QuerySpec): Promise<DocSnapshot<T>[]>;
  /** Applies every op or none (a batched write). */
  commit(ops: readonly WriteOp[]): Promise<void>;
  /** Reads then writes atomically; reads must come before writes. */
  runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  subscribeDoc<T extends DocData = DocData>(
    ref: DocRef,
    onNext: (snapshot: DocSnapshot<T>) => void,
    onError: (error: BackendError) => void,
  ): Unsubscribe;
  subscribeQuery<T extends DocData = DocData>(
    spec: QuerySpec,
    onNext: (snapshots: DocSnapshot<T>[]) => void,
    onError: (error: BackendError) => void,
  ): Unsubscribe;
  /** A new unique document id for the collection. */
  newId(collection: string): string;
}

// ---------- storage ----------

export interface StoragePort {
  /** Stores a user's profile photo and returns the URL to put in photoURL. */
  uploadUserPhoto(uid: string, file: Blob): Promise<string>;
}

// ---------- the whole backend ----------

export type BackendKind = 'local' | 'firebase';

export interface Backend {
  readonly kind: BackendKind;
  readonly auth: AuthPort;
  readonly db: DocumentStore;
  readonly storage: StoragePort;
}

/** The only source of time for sagas and business logic; a fixed clock in tests. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
