// The viewer's blocked and muted people: the queries and their mapping, kept apart from the
// operations (safetyApi.ts) so the live lists load with the app and the operations on first use.
import type { DocSnapshot, QuerySpec } from '../../backend/port';
import type { ListedPerson } from './safetyTypes';

// Here rather than in safetyTypes.ts, so the app's first chunk does not carry the report texts.
export const BLOCKS = 'blocks';
export const MUTES = 'mutes';
/**
 * The blocked or muted people one list reads: every list query carries a limit of at most 50
 * (firestore.rules, policy.ts QUERY_LIMIT_MAX). Not paged yet: people beyond the first 50 are
 * still blocked by the rules, but the app's lists and filters do not see them.
 */
export const SAFETY_LIST_LIMIT = 50;

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

export const blocksQuery = (uid: string): QuerySpec => ({
  collection: BLOCKS,
  where: [{ field: 'blockerId', op: '==', value: uid }],
  limit: SAFETY_LIST_LIMIT,
});

export const mutesQuery = (uid: string): QuerySpec => ({
  collection: MUTES,
  where: [{ field: 'muterId', op: '==', value: uid }],
  limit: SAFETY_LIST_LIMIT,
});

/** The people of a blocks or mutes snapshot, by name. */
export function toListedPeople(snapshots: readonly DocSnapshot[], idField: 'blockedId' | 'mutedId'): ListedPerson[] {
  const nameField = idField === 'blockedId' ? 'blockedName' : 'mutedName';
  return snapshots
    .flatMap((snapshot) => {
      const id = str(snapshot.data?.[idField]);
      return id ? [{ id, name: str(snapshot.data?.[nameField], 'Someone') }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

