// The signed-in user's notifications, in their own document. Stored notifications may be an
// array or an object keyed by id (spec section 5); writes keep whichever shape is stored.
import type { DocumentStore } from '../../backend/port';
import { markAllRead, toWriteData } from '../../domain/friendsLogic';
import { toStoredUserProfile, userRef } from '../profile';

/** Marks every stored notification read; answers how many were unread. */
export async function markNotificationsRead(db: DocumentStore, uid: string): Promise<number> {
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(userRef(uid));
    if (!snapshot.data) return 0;
    const profile = toStoredUserProfile(snapshot.data);
    const read = markAllRead(profile.notifications);
    if (!read) return 0;
    tx.update(userRef(uid), toWriteData({ notifications: read }));
    const before = Array.isArray(profile.notifications) ? profile.notifications : Object.values(profile.notifications);
    return before.filter((n) => n.read !== true).length;
  });
}

export async function clearNewNotificationFlag(db: DocumentStore, uid: string): Promise<void> {
  await db.update(userRef(uid), { hasNewNotification: false });
}
