// Sending a friend request (spec section 4): the checks with their messages, the sender's rate
// window, and the pending entries both inboxes gain.
import type { DocData, WriteData } from './docData';
import { fieldValue } from './docData';
import { FRIEND_REQUESTS_MAX, SEND_RATE_LIMIT, SEND_RATE_WINDOW_MS } from './friendsLimits';
import type { FriendsWrite } from './friendsPlan';
import { listsFriend, mergeInto, requestIdFor } from './friendsPlan';
import type { UserProfile } from './profileTypes';

type SendCheck = { ok: true } | { ok: false; message: string };

export const SELF_REQUEST_MESSAGE = 'You cannot send a friend request to yourself';
export const ALREADY_FRIENDS_MESSAGE = 'You are already friends';
export const REQUEST_ALREADY_RECEIVED_MESSAGE = 'This user has already sent you a friend request';
export const INBOX_FULL_MESSAGE = `This user already has ${FRIEND_REQUESTS_MAX} pending friend requests. Try again once they have answered some.`;
export const RATE_LIMITED_MESSAGE = `You have sent ${SEND_RATE_LIMIT} friend requests in the last minute. Wait a minute, then try again.`;
/** A send the access rules refused: the receiver's inbox is private, so the sender cannot tell which reason holds. */
export const SEND_REFUSED_MESSAGE = `Friend request not sent: this user cannot take a request from you right now (one may be waiting already, or they have ${FRIEND_REQUESTS_MAX} pending). Try again later.`;
export const SENT_FULL_MESSAGE = `You have ${FRIEND_REQUESTS_MAX} friend requests waiting for an answer. Cancel some, or wait until they are answered.`;

/** The sender's friend-request rate window (inboxes/{uid}.requestWindowStart / requestWindowCount). */
interface SendWindow {
  /** epoch ms the window started (a server timestamp), null before the first request */
  start: number | null;
  count: number;
}

export function sendWindowOf(data: DocData | null): SendWindow {
  const start = data?.requestWindowStart;
  const count = data?.requestWindowCount;
  return {
    start: typeof start === 'number' && Number.isFinite(start) ? start : null,
    count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0,
  };
}

/**
 * A window is restarted (at the server's time) only once the client is sure it is over: the rules
 * judge by the server's clock, and a device clock a few seconds fast must not be refused.
 */
const SEND_WINDOW_CLOCK_MARGIN_MS = 5_000;

/** The window fields a send writes, or null when the sender is over the rate limit. */
export function nextSendWindow(window: SendWindow, now: number): WriteData | null {
  if (window.start === null || now >= window.start + SEND_RATE_WINDOW_MS + SEND_WINDOW_CLOCK_MARGIN_MS) {
    return { requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 };
  }
  if (window.count < SEND_RATE_LIMIT) return { requestWindowCount: window.count + 1 };
  return null;
}

/**
 * Refuses a duplicate pending request (spec section 5) and the requests that make no sense, and
 * a sender over the rate limit, each with its own message. The receiver's inbox is private: a
 * duplicate or a full inbox there is refused by the access rules, which the send then explains
 * (sendRefusalMessage).
 */
export function checkSend(
  senderId: string,
  sender: UserProfile,
  receiverId: string,
  receiver: Pick<UserProfile, 'friends'>,
  window: SendWindow = { start: null, count: 0 },
  now = 0,
): SendCheck {
  if (listsFriend(sender, receiverId) && listsFriend(receiver, senderId))
    return { ok: false, message: ALREADY_FRIENDS_MESSAGE };
  if (sender.sentFriendRequests.some((s) => s.receiverId === receiverId))
    return { ok: false, message: 'Friend request already sent' };
  if (sender.friendRequests.some((r) => r.senderId === receiverId && r.status === 'pending')) {
    return { ok: false, message: REQUEST_ALREADY_RECEIVED_MESSAGE };
  }
  if (sender.sentFriendRequests.length >= FRIEND_REQUESTS_MAX) return { ok: false, message: SENT_FULL_MESSAGE };
  if (nextSendWindow(window, now) === null) return { ok: false, message: RATE_LIMITED_MESSAGE };
  return { ok: true };
}

interface SendPlan {
  requestId: string;
  writes: FriendsWrite[];
}

/**
 * A pending entry on both users and the receiver's hasNewNotification flag (spec section 4): the
 * sender's own inbox gains the sent entry (and the rate window's count), the receiver's inbox the
 * incoming one, merged in without reading it, so sends from many people at once all land.
 */
export function applySend(
  senderId: string,
  sender: Pick<UserProfile, 'displayName' | 'photoURL'>,
  receiverId: string,
  receiver: Pick<UserProfile, 'displayName' | 'photoURL'>,
  now: number,
  windowFields: WriteData,
): SendPlan {
  const requestId = requestIdFor(senderId, now);
  const createdAt = fieldValue.serverTimestamp();
  // The two sides of one request: the same id, status and time, each naming the other person.
  const pending = (party: WriteData) => ({ requestId, ...party, status: 'pending', createdAt });
  const incoming = pending({ senderId, senderName: sender.displayName, senderPhoto: sender.photoURL ?? null });
  const sent = pending({ receiverId, receiverName: receiver.displayName, receiverPhoto: receiver.photoURL ?? null });
  return {
    requestId,
    writes: [
      mergeInto(senderId, { sentFriendRequests: { [receiverId]: sent }, ...windowFields }),
      mergeInto(receiverId, { friendRequests: { [senderId]: incoming }, hasNewNotification: true }),
    ],
  };
}
