// What a person in a test "tab" (src/test/twoUsers.ts) does in many suites, written once: acts in
// a tribe under their name, blocks someone (as the app's block does), and is made a moderator.
import { blockRef } from '../backend/documentRefs';
import { openLocalDatabase } from '../backend/local/openLocalDatabase';
import { fieldValue } from '../backend/port';
import type { TribeActor } from '../domain/tribeTypes';
import { TEST_PASSWORD } from './testBackend';
import type { TestTab } from './twoUsers';

/** The tab's user as the author of tribe posts, comments and reactions (no photo). */
export const actorOf = (tab: TestTab): TribeActor => ({
  uid: tab.uid,
  displayName: tab.user.displayName ?? 'Anonymous',
  photoURL: null,
});

/**
 * `from` blocks `to`: the block document the app writes, as `from` (the access policy judges it),
 * without the friends follow-ups of the safety feature's blockPerson.
 */
export const blockAs = (from: TestTab, to: TestTab) =>
  from.backend.db.set(blockRef(from.uid, to.uid), {
    blockerId: from.uid,
    blockedId: to.uid,
    blockedName: to.user.displayName ?? 'Someone',
    createdAt: fieldValue.serverTimestamp(),
  });

/** The account gets the moderator claim (as an administrator would), then signs in again to carry it. */
export async function makeModerator(dbName: string, tab: TestTab): Promise<void> {
  const database = await openLocalDatabase(indexedDB, dbName);
  const account = await database.getFromIndex('accounts', 'byUid', tab.uid);
  if (!account) throw new Error('no account');
  await database.put('accounts', { ...account, claims: { moderator: true } });
  database.close();
  await tab.backend.auth.signOut();
  await tab.backend.auth.signIn(account.email, TEST_PASSWORD);
}
