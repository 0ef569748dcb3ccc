// The signed-in user's notifications, in their own private inbox (docs/friends-model.md). Stored
// notifications may be an array or an object keyed by id (spec section 5); each one is marked
// read through its own field path, so a notification arriving meanwhile is not overwritten.
import type { DocumentStore, WriteData } from '../../backend/port';
import { docRef } from '../../backend/port';
import { INBOXES, notificationList } from '../../domain/friendsLogic';

const inboxRef = (uid: string) => docRef(INBOXES, uid);

/** Marks every stored notification read; answers how many were unread. */
export async function markNotificationsRead(db: DocumentStore, uid: string): Promise<number> {
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(inboxRef(uid));
    const stored = snapshot.data?.notifications;
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) {
      // An older inbox kept them as an array: it is rewritten whole, as the owner may.
      const list = Array.isArray(stored) ? notificationList(stored as never) : [];
      const unread = list.filter((n) => n.read !== true);
      if (unread.length === 0) return 0;
      tx.update(inboxRef(uid), { notifications: Object.fromEntries(list.map((n) => [n.id, { ...n, read: true }])) as WriteData });
      return unread.length;
    }
    const updates: WriteData = {};
    for (const [key, notification] of Object.entries(stored)) {
      if (typeof notification === 'object' && notification !== null && !Array.isArray(notification) && notification.read !== true) {
        updates[`notifications.${key}.read`] = true;
      }
    }
    const count = Object.keys(updates).length;
    if (count > 0) tx.update(inboxRef(uid), updates);
    return count;
  });
}

export async function clearNewNotificationFlag(db: DocumentStore, uid: string): Promise<void> {
  await db.set(inboxRef(uid), { hasNewNotification: false }, { merge: true });
}
