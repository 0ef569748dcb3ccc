// The cleanup of stale sent requests (spec section 4), run for the signed-in user.
import { USERS } from './collections';
import type { WriteData } from './docData';
import type { FriendsWrite } from './friendsPlan';
import { deleted, entryData, friendEntryOf, listsFriend, update } from './friendsPlan';
import type { FriendEntry, UserProfile } from './profileTypes';

export type CleanupAction = 'markedAccepted' | 'friendReAdded' | 'dropped' | 'revertedToPending' | 'unchanged';

interface CleanupPlan {
  /** The field paths to write in the user's own inbox, null when none change. */
  inbox: WriteData | null;
  /** Friends to add back, one write each (the rules let friends grow by one entry per write). */
  friendsToAdd: FriendEntry[];
  changed: boolean;
  actions: Record<string, CleanupAction[]>;
}

/**
 * Compares each sent request with the receiver's public data (null: the receiver's document is
 * gone): marks it accepted when they list the user as a friend, re-adding a missing friend;
 * drops requests whose receiver is gone; reverts an accepted request to pending when the
 * receiver does not list the user. The receiver's own copy of the request is private to them:
 * declines and cancels delete both copies in one batch, so a pending sent entry is pending.
 */
export function planStaleCleanup(
  userId: string,
  user: UserProfile,
  receivers: Readonly<Record<string, Pick<UserProfile, 'displayName' | 'photoURL' | 'friends'> | null>>,
  now: number,
): CleanupPlan {
  const inbox: WriteData = {};
  const friendsToAdd: FriendEntry[] = [];
  const actions: Record<string, CleanupAction[]> = {};
  for (const sent of user.sentFriendRequests) {
    const receiver = receivers[sent.receiverId] ?? null;
    const log = (actions[sent.requestId] ??= []);
    if (!receiver) {
      log.push('dropped');
      inbox[`sentFriendRequests.${sent.receiverId}`] = deleted();
      continue;
    }
    if (listsFriend(receiver, userId)) {
      if (sent.status !== 'accepted') {
        log.push('markedAccepted');
        inbox[`sentFriendRequests.${sent.receiverId}.status`] = 'accepted';
      }
      if (!listsFriend(user, sent.receiverId) && !friendsToAdd.some((f) => f.id === sent.receiverId)) {
        friendsToAdd.push(friendEntryOf(sent.receiverId, receiver, now));
        log.push('friendReAdded');
      }
      continue;
    }
    if (sent.status === 'accepted') {
      log.push('revertedToPending');
      inbox[`sentFriendRequests.${sent.receiverId}.status`] = 'pending';
      continue;
    }
    log.push('unchanged');
  }
  const hasInbox = Object.keys(inbox).length > 0;
  return { inbox: hasInbox ? inbox : null, friendsToAdd, changed: hasInbox || friendsToAdd.length > 0, actions };
}

/** Re-adds one friend on the user's own document (cleanup), the count following the list as read. */
export function reAddFriendWrite(
  userId: string,
  user: Pick<UserProfile, 'friends'>,
  friend: FriendEntry,
): FriendsWrite {
  return update(USERS, userId, { [`friends.${friend.id}`]: entryData(friend), friendCount: user.friends.length + 1 });
}
