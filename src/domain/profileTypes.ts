// The users/{uid} document, exactly the spec's fields (section 3), in plain data.
import type { ConversationNotificationType } from './conversationTypes';

export type FriendRequestStatus = 'pending' | 'accepted';

export interface FriendEntry {
  id: string;
  displayName: string;
  photoURL: string | null;
  /** ISO time */
  addedAt: string;
}

export interface IncomingFriendRequest {
  requestId: string;
  senderId: string;
  senderName: string;
  senderPhoto: string | null;
  status: FriendRequestStatus;
  /** ISO time */
  createdAt: string;
}

export interface SentFriendRequest {
  requestId: string;
  receiverId: string;
  receiverName: string;
  receiverPhoto: string | null;
  status: FriendRequestStatus;
  /** ISO time */
  createdAt: string;
}

/**
 * The spec's friends types, the project owner's answer to a request to join (projectWrites), and a
 * comment on one's post or a reply to one's comment (conversations).
 */
export type NotificationType =
  | 'friendRequest'
  | 'friendRequestAccepted'
  | 'projectApplicationApproved'
  | 'projectApplicationDeclined'
  | ConversationNotificationType;

export interface AppNotification {
  id: string;
  type: NotificationType;
  message: string;
  senderId: string;
  senderName: string;
  senderPhoto: string | null;
  read: boolean;
  /** ISO time */
  createdAt: string;
  /** Conversation notifications: the post (and its tribe) they link to, and the comment they are about. */
  postId?: string;
  tribeId?: string;
  commentId?: string;
}

/** The spec allows notifications stored as an array or as an object keyed by id. */
export type StoredNotifications = AppNotification[] | Record<string, AppNotification>;

export interface UserProfile {
  displayName: string;
  email: string | null;
  photoURL: string | null;
  /** epoch ms (a server timestamp at creation) */
  joinDate: number | null;
  postCount: number;
  bio: string;
  skills: string[];
  friends: FriendEntry[];
  friendCount: number;
  friendRequests: IncomingFriendRequest[];
  sentFriendRequests: SentFriendRequest[];
  notifications: StoredNotifications;
  hasNewNotification: boolean;
}

export const DEFAULT_DISPLAY_NAME = 'Anonymous';
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const SKILLS_MAX = 20;
export const SKILL_LENGTH_MAX = 30;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
