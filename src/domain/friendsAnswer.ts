// Answering a friend request (spec section 4): the receiver accepts or declines it, or the sender
// cancels it.
import { INBOXES, USERS } from './collections';
import type { WriteData } from './docData';
import { fieldValue } from './docData';
import { acceptedMessageFor } from './friendsLimits';
import type { FriendsWrite } from './friendsPlan';
import {
  acceptedNotificationIdFor,
  countMovedBy,
  deleted,
  entryData,
  friendEntryOf,
  listsFriend,
  mergeInto,
  toIso,
  update,
} from './friendsPlan';
import type { AppNotification, IncomingFriendRequest, SentFriendRequest, UserProfile } from './profileTypes';

interface AcceptPlan {
  writes: FriendsWrite[];
  /** Both already listed each other: only the request entries were removed. */
  alreadyFriends: boolean;
  notification: AppNotification | null;
}

/**
 * The receiver accepts `request`: the request leaves the receiver's inbox and the sender's sent
 * requests, each joins the other's friends (when not already there; counts move by one, so
 * concurrent accepts on one person merge), and the sender gets a friendRequestAccepted
 * notification and the new-notification flag.
 */
export function applyAccept(
  receiverId: string,
  receiver: UserProfile,
  sender: UserProfile,
  request: IncomingFriendRequest,
  now: number,
): AcceptPlan {
  const senderId = request.senderId;
  const receiverListsSender = listsFriend(receiver, senderId);
  const senderListsReceiver = listsFriend(sender, receiverId);
  const writes: FriendsWrite[] = [update(INBOXES, receiverId, { [`friendRequests.${senderId}`]: deleted() })];
  if (!receiverListsSender) {
    // The receiver's own count follows its list as read in this transaction (a stale count is repaired).
    writes.push(
      update(USERS, receiverId, {
        [`friends.${senderId}`]: entryData(friendEntryOf(senderId, sender, now)),
        friendCount: receiver.friends.length + 1,
      }),
    );
  } else if (receiver.friendCount !== receiver.friends.length) {
    writes.push(update(USERS, receiverId, { friendCount: receiver.friends.length }));
  }
  let notification: AppNotification | null = null;
  const senderInbox: WriteData = { sentFriendRequests: { [receiverId]: deleted() } };
  if (!senderListsReceiver) {
    notification = {
      id: acceptedNotificationIdFor(request.requestId, now),
      type: 'friendRequestAccepted',
      message: acceptedMessageFor(receiver.displayName),
      senderId: receiverId,
      senderName: receiver.displayName,
      senderPhoto: receiver.photoURL ?? null,
      read: false,
      createdAt: toIso(now),
    };
    writes.push(
      update(USERS, senderId, {
        [`friends.${receiverId}`]: entryData(friendEntryOf(receiverId, receiver, now)),
        friendCount: countMovedBy(sender, 1),
      }),
    );
    senderInbox.notifications = {
      [notification.id]: { ...entryData(notification), createdAt: fieldValue.serverTimestamp() },
    };
    senderInbox.hasNewNotification = true;
  }
  writes.push(mergeInto(senderId, senderInbox));
  return { writes, alreadyFriends: receiverListsSender && senderListsReceiver, notification };
}

// ---------- decline and cancel ----------

/** The receiver declines: the entry leaves both users (declined is implied by removal). */
export function applyDecline(receiverId: string, senderId: string): FriendsWrite[] {
  return [
    update(INBOXES, receiverId, { [`friendRequests.${senderId}`]: deleted() }),
    mergeInto(senderId, { sentFriendRequests: { [receiverId]: deleted() } }),
  ];
}

/** Finds the sent request to cancel: by requestId or, failing that, by receiver with pending status. */
export function findSentRequest(
  sender: UserProfile,
  receiverId: string,
  requestId: string | null,
): SentFriendRequest | null {
  const byId = requestId ? sender.sentFriendRequests.find((s) => s.requestId === requestId) : undefined;
  if (byId) return byId.receiverId === receiverId ? byId : null;
  return sender.sentFriendRequests.find((s) => s.receiverId === receiverId && s.status === 'pending') ?? null;
}

export function applyCancel(senderId: string, receiverId: string): FriendsWrite[] {
  return [
    update(INBOXES, senderId, { [`sentFriendRequests.${receiverId}`]: deleted() }),
    mergeInto(receiverId, { friendRequests: { [senderId]: deleted() } }),
  ];
}
