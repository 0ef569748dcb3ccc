// The signed-in user's notifications, in their own private inbox (docs/friends-model.md): a map
// keyed by id. Each one is marked read through its own field path, so a notification arriving
// meanwhile is not overwritten; the rules let one write mark at most INBOX_CHANGES_PER_WRITE_MAX.
import type { DocumentStore, WriteData } from '../../backend/port';
import { docRef, fieldValue } from '../../backend/port';
import { INBOXES } from '../../domain/collections';
import { INBOX_CHANGES_PER_WRITE_MAX, READ_NOTIFICATIONS_KEPT } from '../../domain/friendsLimits';
import { newestFirst, notificationList } from '../../domain/friendsLists';
import type { StoredNotifications } from '../../domain/profileTypes';

const inboxRef = (uid: string) => docRef(INBOXES, uid);

/**
 * Marks every stored notification read, INBOX_CHANGES_PER_WRITE_MAX per update, and deletes those
 * read before beyond the newest READ_NOTIFICATIONS_KEPT, so the inbox does not fill up (a full one
 * refuses new notifications). Answers how many were unread.
 */
export async function markNotificationsRead(db: DocumentStore, uid: string): Promise<number> {
  const snapshot = await db.get(inboxRef(uid));
  const stored = snapshot.data?.notifications as StoredNotifications | undefined;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return 0;
  const all = notificationList(stored);
  const unread = all.filter((n) => n.read !== true).map((n) => n.id);
  const stale = newestFirst(all.filter((n) => n.read === true))
    .slice(READ_NOTIFICATIONS_KEPT)
    .map((n) => n.id);
  for (let start = 0; start < unread.length; start += INBOX_CHANGES_PER_WRITE_MAX) {
    const chunk: WriteData = {};
    for (const id of unread.slice(start, start + INBOX_CHANGES_PER_WRITE_MAX)) chunk[`notifications.${id}.read`] = true;
    if (start === 0) for (const id of stale) chunk[`notifications.${id}`] = fieldValue.deleteField();
    await db.update(inboxRef(uid), chunk);
  }
  if (unread.length === 0 && stale.length > 0) {
    await db.update(
      inboxRef(uid),
      Object.fromEntries(stale.map((id) => [`notifications.${id}`, fieldValue.deleteField()])),
    );
  }
  return unread.length;
}

export async function clearNewNotificationFlag(db: DocumentStore, uid: string): Promise<void> {
  await db.set(inboxRef(uid), { hasNewNotification: false }, { merge: true });
}
