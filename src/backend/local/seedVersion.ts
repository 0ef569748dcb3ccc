import type { LocalDatabase } from './openLocalDatabase';

/** Raise it when DEMO_COMMUNITY grows: databases seeded before then get the missing documents. */
export const SEED_VERSION = 4;
export const SEED_VERSION_KEY = 'seedVersion';

/** Whether this database already holds the current demo community (no need to load the seed). */
export async function isSeedCurrent(database: LocalDatabase): Promise<boolean> {
  const seeded = await database.get('meta', SEED_VERSION_KEY);
  return typeof seeded === 'number' && seeded >= SEED_VERSION;
}
