// Limits the friends feature and the access policy (src/backend/local, firestore.rules) share.

/** A receiver's pending inbox holds at most this many requests (rules: capOk('friendRequests', 50)). */
export const FRIEND_REQUESTS_MAX = 50;
/** A sender sends at most this many requests per window... */
export const SEND_RATE_LIMIT = 10;
/** ...of this length, counted from the first request of the window (rules: duration.value(60, 's')). */
export const SEND_RATE_WINDOW_MS = 60_000;
/** Failed retries after which a pending friend removal is no longer counted (rules: attempts <= 10). */
export const PENDING_REMOVAL_MAX_ATTEMPTS = 10;
/** The accepted-request notification's text: nothing else is accepted in another user's document. */
export const acceptedMessageFor = (accepterName: string) => `${accepterName} accepted your friend request`;

/** At most this many notifications in an inbox; a notification to a full inbox is refused. */
export const NOTIFICATIONS_MAX = 100;
/**
 * Existing notifications (read) or sent entries (status) one owner write may change: the rules
 * cannot loop, so they unroll this many; the app marks notifications read this many per update.
 */
export const INBOX_CHANGES_PER_WRITE_MAX = 10;
/** Notifications read before that are kept when marking read (older ones are deleted), so an inbox stays below NOTIFICATIONS_MAX. */
export const READ_NOTIFICATIONS_KEPT = 30;
