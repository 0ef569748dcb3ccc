// Server shape -> app model. Legacy or partial documents get the spec's defaults, so the
// rest of the app can rely on every field being present and well typed.
import { fieldValue } from '../../backend/port';
import type { DocData, WriteData } from '../../backend/port';
import type { AuthUser } from '../../backend/port';
import {
  asRecord,
  LIST_MAX,
  safeCount,
  safeFlag,
  safeId,
  safeIsoTime,
  safeEntries,
  safeList,
  safeName,
  safeNullableText,
  safePhotoURL,
  safeStringList,
  safeText,
  safeTimeMs,
} from '../../domain/coerce';
import { INBOX_FIELDS } from '../../domain/friendsPlan';
import { newProfileFields } from '../../domain/profileDefaults';
import type {
  AppNotification,
  FriendEntry,
  FriendRequestStatus,
  IncomingFriendRequest,
  NotificationType,
  SentFriendRequest,
  StoredNotifications,
  UserProfile,
} from '../../domain/profileTypes';
import {
  BIO_MAX,
  DEFAULT_DISPLAY_NAME,
  DISPLAY_NAME_MAX,
  SKILL_LENGTH_MAX,
  SKILLS_MAX,
} from '../../domain/profileTypes';

const EMAIL_MAX = 320;
const MESSAGE_MAX = 200;
const NOTIFICATION_TYPES: readonly NotificationType[] = [
  'friendRequest',
  'friendRequestAccepted',
  'projectApplicationApproved',
  'projectApplicationDeclined',
  'postComment',
  'commentReply',
];
/** Notifications that lead to a post's conversation: without the post and its tribe they lead nowhere. */
const CONVERSATION_TYPES: readonly NotificationType[] = ['postComment', 'commentReply'];
const REQUEST_STATUSES: readonly FriendRequestStatus[] = ['pending', 'accepted'];

const requestStatus = (value: unknown): FriendRequestStatus | null =>
  (REQUEST_STATUSES as readonly unknown[]).includes(value) ? (value as FriendRequestStatus) : null;

// A friend entry without a name stays nameless (''): getFriends leaves such entries out (spec section 5).
export function toFriendEntry(value: unknown): FriendEntry | null {
  const entry = asRecord(value);
  const id = safeId(entry?.id);
  if (!entry || !id) return null;
  return {
    id,
    displayName: safeText(entry.displayName, DISPLAY_NAME_MAX),
    photoURL: safePhotoURL(entry.photoURL),
    addedAt: safeIsoTime(entry.addedAt),
  };
}

function toIncomingFriendRequest(value: unknown): IncomingFriendRequest | null {
  const entry = asRecord(value);
  const requestId = safeId(entry?.requestId);
  const senderId = safeId(entry?.senderId);
  const status = requestStatus(entry?.status);
  if (!entry || !requestId || !senderId || !status) return null;
  return {
    requestId,
    senderId,
    senderName: safeName(entry.senderName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    senderPhoto: safePhotoURL(entry.senderPhoto),
    status,
    createdAt: safeIsoTime(entry.createdAt),
  };
}

function toSentFriendRequest(value: unknown): SentFriendRequest | null {
  const entry = asRecord(value);
  const requestId = safeId(entry?.requestId);
  const receiverId = safeId(entry?.receiverId);
  const status = requestStatus(entry?.status);
  if (!entry || !requestId || !receiverId || !status) return null;
  return {
    requestId,
    receiverId,
    receiverName: safeName(entry.receiverName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    receiverPhoto: safePhotoURL(entry.receiverPhoto),
    status,
    createdAt: safeIsoTime(entry.createdAt),
  };
}

function toNotification(value: unknown): AppNotification | null {
  const entry = asRecord(value);
  const id = safeId(entry?.id);
  if (!entry || !id || !(NOTIFICATION_TYPES as readonly unknown[]).includes(entry.type)) return null;
  const type = entry.type as NotificationType;
  const notification: AppNotification = {
    id,
    type,
    message: safeText(entry.message, MESSAGE_MAX),
    senderId: safeId(entry.senderId) ?? '',
    senderName: safeName(entry.senderName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    senderPhoto: safePhotoURL(entry.senderPhoto),
    read: safeFlag(entry.read),
    createdAt: safeIsoTime(entry.createdAt),
  };
  if (!CONVERSATION_TYPES.includes(type)) return notification;
  const postId = safeId(entry.postId);
  const tribeId = safeId(entry.tribeId);
  if (!postId || !tribeId) return null;
  const commentId = safeId(entry.commentId);
  return { ...notification, postId, tribeId, ...(commentId ? { commentId } : {}) };
}

/** The spec allows an array or an object keyed by id; the stored shape is kept, bad entries dropped. */
function toStoredNotifications(value: unknown): StoredNotifications {
  if (Array.isArray(value)) return safeList(value, toNotification);
  const map = asRecord(value);
  if (!map) return [];
  const kept: Record<string, AppNotification> = {};
  for (const [key, entry] of Object.entries(map).slice(0, LIST_MAX)) {
    const notification = toNotification(entry);
    if (notification) kept[key] = notification;
  }
  return kept;
}

/** Any document shape gives a well-typed profile (see domain/coerce.ts). */
export function toUserProfile(data: DocData): UserProfile {
  return {
    displayName: safeName(data.displayName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    email: safeNullableText(data.email, EMAIL_MAX),
    photoURL: safePhotoURL(data.photoURL),
    joinDate: safeTimeMs(data.joinDate),
    postCount: safeCount(data.postCount),
    bio: safeText(data.bio, BIO_MAX),
    skills: safeStringList(data.skills, SKILLS_MAX, SKILL_LENGTH_MAX),
    friends: safeEntries(data.friends, toFriendEntry),
    friendCount: safeCount(data.friendCount),
    friendRequests: safeEntries(data.friendRequests, toIncomingFriendRequest),
    sentFriendRequests: safeEntries(data.sentFriendRequests, toSentFriendRequest),
    notifications: toStoredNotifications(data.notifications),
    hasNewNotification: safeFlag(data.hasNewNotification),
  };
}

const storedEntries = <T>(value: unknown): T[] => safeEntries(value, (entry) => asRecord(entry) as T | null);

/**
 * A user's document with their inbox's fields in place of any the user document still holds
 * (an older document kept them there): the one shape the profile mappers read. No inbox: none.
 */
export function withInbox(user: DocData, inbox: DocData | null): DocData {
  const merged: DocData = { ...user };
  for (const field of INBOX_FIELDS) {
    const value = inbox?.[field];
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

function storedNotifications(value: unknown): StoredNotifications {
  if (Array.isArray(value)) return storedEntries<AppNotification>(value);
  const map = asRecord(value);
  if (!map) return [];
  return Object.fromEntries(Object.entries(map).filter(([, entry]) => asRecord(entry) !== null)) as Record<
    string,
    AppNotification
  >;
}

/**
 * The profile for a read-modify-write of its lists (the friends and project operations, marking
 * notifications read). Scalars are coerced as in toUserProfile, but every list entry that is an
 * object is kept exactly as stored, even with fields missing or mistyped: the access policy
 * compares a list before and after entry by entry, so an entry "repaired" on the way through
 * would read as a change the operation is not allowed to make. Never for display: use
 * toUserProfile.
 */
export function toStoredUserProfile(data: DocData): UserProfile {
  return {
    ...toUserProfile(data),
    friends: storedEntries<FriendEntry>(data.friends),
    friendRequests: storedEntries<IncomingFriendRequest>(data.friendRequests),
    sentFriendRequests: storedEntries<SentFriendRequest>(data.sentFriendRequests),
    notifications: storedNotifications(data.notifications),
  };
}

/**
 * The document created on first sign-in: the spec's defaults (section 3), "Anonymous" for an account
 * without a name; the email goes to accounts/{uid} instead (profileApi.ts).
 */
export function newProfileDocument(account: AuthUser): WriteData {
  return newProfileFields({
    displayName: account.displayName?.trim() || DEFAULT_DISPLAY_NAME,
    photoURL: account.photoURL ?? null,
    joinDate: fieldValue.serverTimestamp(),
  });
}
