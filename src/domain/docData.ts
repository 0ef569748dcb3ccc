// The shape of stored data and of writes (with their write-time sentinels, plain data too), shared
// by the entity types and rules here and the backend port above.

/** A stored value: JSON plus epoch-millisecond numbers for timestamps. */
export type DocValue = null | boolean | number | string | DocValue[] | { [key: string]: DocValue };
export type DocData = { [key: string]: DocValue };

/** Write-time sentinels, applied by the adapter (Firestore FieldValue equivalents). */
export type FieldTransform =
  | { readonly $transform: 'serverTimestamp' }
  | { readonly $transform: 'increment'; readonly by: number }
  | { readonly $transform: 'arrayUnion'; readonly elements: readonly DocValue[] }
  | { readonly $transform: 'arrayRemove'; readonly elements: readonly DocValue[] }
  | { readonly $transform: 'deleteField' };

/**
 * A written value: plain data, a sentinel, or a map whose values may hold sentinels too (Firestore
 * takes serverTimestamp() inside a map, never inside an array).
 */
export type WriteValue = DocValue | FieldTransform | { [key: string]: WriteValue };
/**
 * The fields of a write. In update() a key with dots is a field path ('friends.bobUid' writes one
 * entry of the friends map, leaving the others); set() takes keys literally, and set() with
 * merge merges nested maps field by field, as Firestore does.
 */
export type WriteData = { [key: string]: WriteValue };

export const fieldValue = {
  serverTimestamp: (): FieldTransform => ({ $transform: 'serverTimestamp' }),
  increment: (by: number): FieldTransform => ({ $transform: 'increment', by }),
  arrayUnion: (...elements: DocValue[]): FieldTransform => ({ $transform: 'arrayUnion', elements }),
  arrayRemove: (...elements: DocValue[]): FieldTransform => ({ $transform: 'arrayRemove', elements }),
  deleteField: (): FieldTransform => ({ $transform: 'deleteField' }),
};
