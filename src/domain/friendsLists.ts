// The friends list and the bell as the app reads them (spec section 5): valid entries, sorted by
// name; notifications stored as an array or as an object keyed by id, newest first.
import { compareNewestFirst } from './coerce';
import { compareIds, compareText } from './compareText';
import type {
  AppNotification,
  FriendEntry,
  IncomingFriendRequest,
  StoredNotifications,
  UserProfile,
} from './profileTypes';

export function isValidFriendEntry(entry: unknown): entry is FriendEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { id, displayName } = entry as Partial<FriendEntry>;
  return typeof id === 'string' && id.length > 0 && typeof displayName === 'string' && displayName.length > 0;
}

export function sortFriendsByName(friends: readonly FriendEntry[]): FriendEntry[] {
  return [...friends].sort((a, b) => compareText(a.displayName, b.displayName) || compareIds(a.id, b.id));
}

/** Newest first by the time createdAt holds, whatever its type; missing or unusable times sort last. */
export function newestFirst<T extends { createdAt: unknown }>(items: readonly T[]): T[] {
  return [...items].sort(compareNewestFirst);
}

// ---------- notifications: stored as an array or as an object keyed by id ----------

export function notificationList(stored: StoredNotifications | null | undefined): AppNotification[] {
  if (!stored) return [];
  const values = Array.isArray(stored) ? stored : Object.values(stored);
  return values.filter((n): n is AppNotification => typeof n === 'object' && n !== null && typeof n.id === 'string');
}

/** Only unread notifications, newest first (spec section 5). */
export function unreadNotifications(stored: StoredNotifications | null | undefined): AppNotification[] {
  return newestFirst(notificationList(stored).filter((n) => n.read !== true));
}

/** friendRequest notifications are derived from pending incoming requests, never stored (spec section 3). */
function requestNotifications(requests: readonly IncomingFriendRequest[]): AppNotification[] {
  return requests
    .filter((request) => request.status === 'pending')
    .map((request) => ({
      id: `request_${request.requestId}`,
      type: 'friendRequest',
      message: `${request.senderName} sent you a friend request`,
      senderId: request.senderId,
      senderName: request.senderName,
      senderPhoto: request.senderPhoto ?? null,
      read: false,
      createdAt: request.createdAt,
    }));
}

/** What the bell shows: derived request notifications plus stored unread ones, newest first. */
export function inboxNotifications(profile: Pick<UserProfile, 'friendRequests' | 'notifications'>): AppNotification[] {
  return newestFirst([...requestNotifications(profile.friendRequests), ...unreadNotifications(profile.notifications)]);
}
