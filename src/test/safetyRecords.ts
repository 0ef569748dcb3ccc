// Safety records for tests that arrange a scene: a block written by its blocker alone (without
// the friends follow-ups of the safety feature's blockPerson), and the moderator claim that an
// administrator grants outside the app.
import { openLocalDatabase } from '../backend/local/openLocalDatabase';
import { docRef, fieldValue } from '../backend/port';
import { BLOCKS } from '../domain/collections';
import { TEST_PASSWORD } from './testBackend';
import type { TestTab } from './twoUsers';

/** `from` blocks `to`, writing blocks/{from}_{to} as themself (judged by the access policy). */
export const writeBlock = (from: TestTab, to: TestTab) =>
  from.backend.db.set(docRef(BLOCKS, `${from.uid}_${to.uid}`), {
    blockerId: from.uid,
    blockedId: to.uid,
    blockedName: to.user.displayName ?? 'Someone',
    createdAt: fieldValue.serverTimestamp(),
  });

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
