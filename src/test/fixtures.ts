// The default profile (the spec's defaults, as first sign-in creates it) and the signed-in states
// built from it, for arranging tests; and the spec's defaults written out on their own, for the
// tests that check the code against the spec.
import type { DocData } from '../backend/port';
import { newProfileFields } from '../domain/profileDefaults';
import type { UserProfile } from '../domain/profileTypes';
import type { AppNotification } from '../domain/profileTypes';
import type { Project, ProjectDraft } from '../domain/projectTypes';
import type { Tribe, TribeInput } from '../domain/tribeTypes';

/**
 * The spec's defaults (section 3) for a profile with nothing of its own: an account without a name
 * or photo, a legacy document without the fields. Written out, never built with newProfileFields:
 * it is what that code is checked against (profileMapper.test.ts, sessionJourney.test.ts).
 */
export const SPEC_DEFAULT_PROFILE: Readonly<UserProfile> = {
  displayName: 'Anonymous',
  email: null,
  photoURL: null,
  joinDate: null,
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

/** 2026-01-01: the join date of every fixture profile unless a test sets its own. */
export const FIXTURE_JOIN_DATE = Date.UTC(2026, 0, 1);

export function defaultProfile(
  displayName: string,
  email: string | null = null,
  overrides: Partial<UserProfile> = {},
): UserProfile {
  return {
    ...newProfileFields({ displayName, photoURL: null, joinDate: FIXTURE_JOIN_DATE }),
    friends: [],
    friendRequests: [],
    sentFriendRequests: [],
    notifications: [],
    hasNewNotification: false,
    email,
    ...overrides,
  };
}

/** The default profile as a stored users/{uid} document (friends as a map), `extra` fields on top. */
export function profileDoc(displayName: string, email: string | null = null, extra: DocData = {}): DocData {
  return { ...newProfileFields({ displayName, photoURL: null, joinDate: FIXTURE_JOIN_DATE }), email, ...extra };
}

/** A list of entries as stored: a map keyed by `key` of each entry (docs/friends-model.md). */
export function keyedBy<T extends object>(entries: readonly T[], key: keyof T): DocData {
  return Object.fromEntries(entries.map((entry) => [String(entry[key]), entry as unknown as DocData]));
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

/** A stored tribe t1 (tribeInput's), owned by bob, with two members and no posts. */
export const testTribe = (overrides: Partial<Tribe> = {}): Tribe => ({
  id: 't1',
  ...tribeInput(),
  ownerId: 'bob',
  memberCount: 2,
  postCount: 0,
  createdAt: 1,
  lastActivityAt: 1,
  ...overrides,
});

/** A stored project p1 (projectDraft's, without a repository), whose owner is its only member. */
export const testProject = (
  owner: { id: string; displayName: string; skills: string[] },
  overrides: Partial<Project> = {},
): Project => ({
  id: 'p1',
  ...projectDraft(),
  repositoryUrl: null,
  ownerId: owner.id,
  ownerName: owner.displayName,
  memberIds: [owner.id],
  members: [{ ...owner, photoURL: null }],
  createdAt: 1,
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
