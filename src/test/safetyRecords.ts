// The moderator claim that an administrator grants outside the app, for tests that arrange a
// moderation scene (a block written by its blocker alone is tabHelpers.ts's blockAs).
import { openLocalDatabase } from '../backend/local/openLocalDatabase';
import { TEST_PASSWORD } from './testBackend';
import type { TestTab } from './twoUsers';

/** The account gets the moderator claim (as an administrator would), then signs in again to carry it. */
export async function grantModeratorClaim(dbName: string, tab: TestTab): Promise<void> {
  const database = await openLocalDatabase(indexedDB, dbName);
  const account = await database.getFromIndex('accounts', 'byUid', tab.uid);
  if (!account) throw new Error('no account');
  await database.put('accounts', { ...account, claims: { moderator: true } });
  database.close();
  await tab.backend.auth.signOut();
  await tab.backend.auth.signIn(account.email, TEST_PASSWORD);
}
