// The one default profile (the spec's defaults, as first sign-in creates it) and the signed-in
// states built from it, for arranging tests. Assertions about the defaults stay literal in the
// tests that check them (profileMapper.test.ts, sessionJourney.test.ts).
import type { DocData } from '../backend/port';
import type { UserProfile } from '../domain/profileTypes';
import type { AppNotification } from '../domain/profileTypes';
import type { ProjectDraft } from '../domain/projectTypes';
import type { TribeInput } from '../domain/tribeTypes';

/** 2026-01-01: the join date of every fixture profile unless a test sets its own. */
export const FIXTURE_JOIN_DATE = Date.UTC(2026, 0, 1);

export function defaultProfile(displayName: string, email: string | null = null, overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    displayName,
    email,
    photoURL: null,
    joinDate: FIXTURE_JOIN_DATE,
    postCount: 0,
    bio: '',
    skills: [],
    friends: [],
    friendCount: 0,
    friendRequests: [],
    sentFriendRequests: [],
    notifications: [],
    hasNewNotification: false,
    ...overrides,
  };
}

/** The default profile as a stored users/{uid} document, `extra` fields on top. */
export function profileDoc(displayName: string, email: string | null = null, extra: DocData = {}): DocData {
  // UserProfile is an interface (no index signature); its values are plain JSON all the same.
  return { ...(defaultProfile(displayName, email) as unknown as DocData), ...extra };
}

/** The viewer of the people, profile and explore screens' tests. */
export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return defaultProfile('Viewer', 'viewer@example.com', { joinDate: Date.UTC(2026, 2, 10), ...overrides });
}

/** A valid project draft: recruiting, React, five hours a week. */
export const projectDraft = (overrides: Partial<ProjectDraft> = {}): ProjectDraft => ({
  title: 'Trail map',
  summary: '',
  description: '',
  requiredSkills: ['React'],
  status: 'recruiting',
  commitment: 5,
  repositoryUrl: '',
  ...overrides,
});

/** A valid tribe: open, about Rust. */
export const tribeInput = (overrides: Partial<TribeInput> = {}): TribeInput => ({
  name: 'Rustaceans',
  tagline: '',
  description: '',
  topics: ['Rust'],
  joinPolicy: 'open',
  ...overrides,
});

/** A stored "accepted your friend request" notification, from a sender named like its id. */
export const acceptedNotification = (id: string, createdAt: string, read = false): AppNotification => ({
  id,
  type: 'friendRequestAccepted',
  message: `${id} accepted your friend request`,
  senderId: id,
  senderName: id,
  senderPhoto: null,
  read,
  createdAt,
});
