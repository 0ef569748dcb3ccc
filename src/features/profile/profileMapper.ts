// Server shape -> app model. Legacy or partial documents get the spec's defaults, so the
// rest of the app can rely on every field being present and well typed.
import { fieldValue } from '../../backend/port';
import type { DocData, WriteData } from '../../backend/port';
import type { AuthUser } from '../../backend/port';
import type {
  AppNotification,
  FriendEntry,
  IncomingFriendRequest,
  SentFriendRequest,
  StoredNotifications,
  UserProfile,
} from './profileTypes';
import { DEFAULT_DISPLAY_NAME } from './profileTypes';

const asString = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const asNullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asNumber = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function asNotifications(value: unknown): StoredNotifications {
  if (Array.isArray(value)) return value as AppNotification[];
  if (typeof value === 'object' && value !== null) return value as Record<string, AppNotification>;
  return [];
}

export function toUserProfile(data: DocData): UserProfile {
  return {
    displayName: asString(data.displayName, DEFAULT_DISPLAY_NAME) || DEFAULT_DISPLAY_NAME,
    email: asNullableString(data.email),
    photoURL: asNullableString(data.photoURL),
    joinDate: typeof data.joinDate === 'number' ? data.joinDate : null,
    postCount: asNumber(data.postCount),
    bio: asString(data.bio),
    skills: asArray<unknown>(data.skills).filter((skill): skill is string => typeof skill === 'string'),
    friends: asArray<FriendEntry>(data.friends),
    friendCount: asNumber(data.friendCount),
    friendRequests: asArray<IncomingFriendRequest>(data.friendRequests),
    sentFriendRequests: asArray<SentFriendRequest>(data.sentFriendRequests),
    notifications: asNotifications(data.notifications),
    hasNewNotification: data.hasNewNotification === true,
  };
}

/**
 * The document created on first sign-in: the spec's defaults (section 3), except the email, which
 * every signed-in user could read here: it is kept in the owner-only accounts/{uid} (profileApi.ts).
 */
export function newProfileDocument(account: AuthUser): WriteData {
  return {
    displayName: account.displayName?.trim() || DEFAULT_DISPLAY_NAME,
    photoURL: account.photoURL ?? null,
    joinDate: fieldValue.serverTimestamp(),
    postCount: 0,
    bio: '',
    skills: [],
    friends: [],
    friendCount: 0,
    friendRequests: [],
    sentFriendRequests: [],
    notifications: [],
    hasNewNotification: false,
  };
}
