// The friends lists read for the screen: valid entries only, sorted; [] on failure.
import { fail, ok } from '../../app/sagas';
import type { OperationResult } from '../../app/sagas';
import type { DocumentStore } from '../../backend/port';
import { isValidFriendEntry, sortFriendsByName } from '../../domain/friendsLists';
import type { FriendEntry } from '../../domain/profileTypes';
import { userRef } from '../profile';
import { toFriendEntry } from '../profile';
import { detailOf, MESSAGES, present, readUserOutside } from './friendsDocuments';

// ---------- lists ----------

export interface FriendsListResult extends OperationResult {
  friends: FriendEntry[];
}

/** Valid entries (id and displayName) of users that still exist, sorted by displayName; [] on failure. */
export async function getFriends(db: DocumentStore, uid: string): Promise<FriendsListResult> {
  if (!uid) return fail(MESSAGES.missingUserId, { friends: [] });
  try {
    const user = await readUserOutside(db, uid);
    if (!user) return fail(MESSAGES.userProfileNotFound, { friends: [] });
    const valid = user.friends.filter(isValidFriendEntry).map(toFriendEntry).filter(present);
    const unique = [...new Map(valid.map((friend) => [friend.id, friend])).values()];
    const snapshots = await db.getMany(unique.map((friend) => userRef(friend.id)));
    const friends = sortFriendsByName(unique.filter((_, index) => snapshots[index]?.data != null));
    return ok(`${friends.length} friends`, { friends });
  } catch (error) {
    return fail(MESSAGES.errorGettingFriends(detailOf(error)), { friends: [] });
  }
}
