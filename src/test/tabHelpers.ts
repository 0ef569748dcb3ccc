// What tests do as the user of a tab (twoUsers.ts), written once.
import { docRef, fieldValue } from '../backend/port';
import { BLOCKS } from '../domain/collections';
import type { TribeActor } from '../domain/tribeTypes';
import type { TestTab } from './twoUsers';

/** The tab's user as tribe and conversation operations name their author (no photo). */
export const actorOf = (tab: TestTab): TribeActor => ({
  uid: tab.uid,
  displayName: tab.user.displayName ?? 'Anonymous',
  photoURL: null,
});

/** `from` blocks `to`, written as `from` through the access policy, as the safety feature writes it. */
export const blockAs = (from: TestTab, to: TestTab) =>
  from.backend.db.set(docRef(BLOCKS, `${from.uid}_${to.uid}`), {
    blockerId: from.uid,
    blockedId: to.uid,
    blockedName: to.user.displayName ?? 'Someone',
    createdAt: fieldValue.serverTimestamp(),
  });
