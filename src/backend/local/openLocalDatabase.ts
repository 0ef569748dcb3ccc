// The IndexedDB schema of the local backend, opened through idb.
import { wrap } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';

import { BackendError } from '../port';
import type { DocData } from '../port';
import type { PasswordHash } from './passwordHash';

export interface StoredDocRecord {
  /** `${collection}/${id}` */
  key: string;
  collection: string;
  id: string;
  data: DocData;
  /** Random per write, so a transaction can tell whether a document it read has changed since. */
  version: string;
}

export interface StoredAccount {
  /** normalized: trimmed and lower-cased */
  email: string;
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  password: PasswordHash;
  createdAt: number;
  /** Custom claims, like Firebase Auth's; the seed makes one demo developer a moderator. */
  claims?: { moderator?: boolean };
}

interface StoredFile {
  /** `users/${uid}/photo` */
  key: string;
  uid: string;
  contentType: string;
  size: number;
  dataURL: string;
  updatedAt: number;
}

export interface LocalSchema extends DBSchema {
  docs: { key: string; value: StoredDocRecord; indexes: { byCollection: string } };
  accounts: { key: string; value: StoredAccount; indexes: { byUid: string } };
  files: { key: string; value: StoredFile };
  meta: { key: string; value: unknown };
}

export type LocalDatabase = IDBPDatabase<LocalSchema>;

const SCHEMA_VERSION = 1;

export const UNAVAILABLE_MESSAGE =
  'Local storage is unavailable in this browser (private browsing may block it). DevTribe needs it to run on this device.';

function unavailable(): BackendError {
  return new BackendError('unavailable', UNAVAILABLE_MESSAGE);
}

/** Opens (creating or upgrading) the database; any failure becomes the 'unavailable' error the app shows. */
export async function openLocalDatabase(factory: IDBFactory | null | undefined, name: string): Promise<LocalDatabase> {
  if (!factory) throw unavailable();
  let request: IDBOpenDBRequest;
  try {
    request = factory.open(name, SCHEMA_VERSION);
  } catch {
    throw unavailable();
  }
  request.onupgradeneeded = () => {
    const raw = request.result;
    if (!raw.objectStoreNames.contains('docs')) {
      raw.createObjectStore('docs', { keyPath: 'key' }).createIndex('byCollection', 'collection');
    }
    if (!raw.objectStoreNames.contains('accounts')) {
      raw.createObjectStore('accounts', { keyPath: 'email' }).createIndex('byUid', 'uid', { unique: true });
    }
    if (!raw.objectStoreNames.contains('files')) raw.createObjectStore('files', { keyPath: 'key' });
    if (!raw.objectStoreNames.contains('meta')) raw.createObjectStore('meta');
  };
  let db: LocalDatabase;
  try {
    db = (await wrap(request)) as unknown as LocalDatabase;
  } catch {
    throw unavailable();
  }
  // Another tab upgrading the schema must not be blocked by this one.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
