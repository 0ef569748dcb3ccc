// Property: whatever a stored document holds, every mapper yields well-typed plain data, and the
// pages that show it render without a single broken piece. Documents come from fast-check with
// adversarial values (wrong types, NaN, huge numbers, Timestamps where ISO strings were written,
// maps where lists were written, huge strings) mixed with values the app itself writes.
import { configureStore, findNonSerializableValue } from '@reduxjs/toolkit';
import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import type { ReactElement } from 'react';

import type { AuthUser, DocData } from '../backend/port';
import { inboxNotifications, newestFirst, notificationList } from '../domain/friendsLists';
import { toPendingRemoval } from '../domain/friendsRemoval';
import type {
  AppNotification,
  FriendEntry,
  IncomingFriendRequest,
  SentFriendRequest,
  UserProfile,
} from '../domain/profileTypes';
import type { Project, ProjectApplication } from '../domain/projectTypes';
import type { Tribe, TribeMember, TribePost } from '../domain/tribeTypes';
import DashboardPage from '../features/dashboard/DashboardPage';
import { initialDashboardState } from '../features/dashboard/dashboardSlice';
import { toDirectoryPerson } from '../features/explore/explorePeople';
import ExplorePeoplePage from '../features/explore/ExplorePeoplePage';
import { initialExploreState } from '../features/explore/exploreSlice';
import { selectIncomingRequests, selectSentRequests } from '../features/friends/friendsSlice';
import { NotificationsBell } from '../features/notifications/NotificationsBell';
import { toStoredUserProfile, toUserProfile } from '../features/profile/profileMapper';
import ProfilePage from '../features/profile/ProfilePage';
import { initialProfileViewState, toProfileView } from '../features/profile/profileViewSlice';
import ProjectDetailsPage from '../features/projects/ProjectDetailsPage';
import { toApplication, toProject } from '../features/projects/projectRecords';
import ProjectsPage from '../features/projects/ProjectsPage';
import { initialProjectsState } from '../features/projects/projectsSlice';
import { initialSessionState } from '../features/session/sessionSlice';
import { toSessionUser } from '../features/session/sessionUser';
import TribeDetailsPage from '../features/tribes/TribeDetailsPage';
import { toTribe, toTribeMember, toTribePost } from '../features/tribes/tribeMapper';
import TribesPage from '../features/tribes/TribesPage';
import { initialTribesState } from '../features/tribes/tribesSlice';
import { setErrorReporter } from '../platform/errorReporting';
import { rootReducer } from '../test/allFeatures';
import { renderWithProviders } from '../test/renderWithProviders';
import type { RootState } from './rootReducer';

// ---------- adversarial documents ----------

const HUGE_TEXT = 'x'.repeat(200_000);

const nasty = fc.oneof(
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
  }),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, -1, 1.5, 1e21, -1e21, Number.MAX_VALUE, 8.64e15 + 1, 2 ** 53 + 2),
  fc.record({ seconds: fc.double(), nanoseconds: fc.double() }),
  fc.record({ seconds: fc.integer({ min: 0, max: 4e9 }), nanoseconds: fc.integer({ min: 0, max: 999_999_999 }) }),
  fc.constant({ toMillis: () => 1e300 }),
  fc.constant({
    toMillis: () => {
      throw new Error('not a Timestamp');
    },
  }),
  fc.constant({ toMillis: () => Date.UTC(2026, 0, 2) }),
  fc.constantFrom(
    HUGE_TEXT,
    '',
    '   ',
    'javascript:alert(1)',
    'http://example.com/a.png',
    'https://example.com/a.png',
    'not a date',
  ),
  fc.constantFrom(
    '2026-11-22T10:00:00.000Z',
    '2026-11-22',
    'Sun, 22 Nov 2026 10:00:00 GMT',
    '+275760-09-13T00:00:00.001Z',
  ),
  fc.string({ maxLength: 80, unit: 'grapheme' }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 30 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 4 }),
);

/** Values the app writes, so that entries are often kept and their other fields exercised. */
const plausible = {
  id: fc.constantFrom('u1', 'u2', 'u_3', 'p1', 't1'),
  name: fc.constantFrom('Ada', 'Grace Hopper', 'Linus'),
  iso: fc.constantFrom('2026-11-22T10:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ms: fc.integer({ min: 0, max: Date.UTC(2030, 0, 1) }),
  status: fc.constantFrom(
    'pending',
    'accepted',
    'active',
    'approved',
    'declined',
    'withdrawn',
    'recruiting',
    'inProgress',
    'completed',
  ),
  type: fc.constantFrom(
    'friendRequest',
    'friendRequestAccepted',
    'projectApplicationApproved',
    'projectApplicationDeclined',
  ),
};

const either = <T,>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 2 }, { arbitrary: nasty, weight: 1 });

/** A document with the given fields (each maybe missing), plus a few stray keys. */
function doc(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<DocData> {
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 6 }), nasty, { maxKeys: 2 }))
    .map(([known, stray]) => ({ ...stray, ...known }) as DocData);
}

const listOf = (entry: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: fc.array(entry, { maxLength: 6 }), weight: 3 }, { arbitrary: nasty, weight: 1 });

const friendEntry = doc({
  id: either(plausible.id),
  displayName: either(plausible.name),
  photoURL: nasty,
  addedAt: either(plausible.iso),
});
const requestEntry = doc({
  requestId: either(plausible.id),
  senderId: either(plausible.id),
  receiverId: either(plausible.id),
  senderName: either(plausible.name),
  receiverName: either(plausible.name),
  senderPhoto: nasty,
  receiverPhoto: nasty,
  status: either(plausible.status),
  createdAt: either(plausible.iso),
});
const notificationEntry = doc({
  id: either(plausible.id),
  type: either(plausible.type),
  message: either(plausible.name),
  senderId: either(plausible.id),
  senderName: either(plausible.name),
  senderPhoto: nasty,
  read: either(fc.boolean()),
  createdAt: either(plausible.iso),
});

const userDoc = doc({
  displayName: either(plausible.name),
  email: nasty,
  photoURL: nasty,
  joinDate: either(plausible.ms),
  postCount: either(fc.nat()),
  bio: nasty,
  skills: either(fc.array(fc.constantFrom('React', 'Go', 'Rust'))),
  friends: listOf(friendEntry),
  friendCount: either(fc.nat()),
  friendRequests: listOf(requestEntry),
  sentFriendRequests: listOf(requestEntry),
  notifications: fc.oneof(listOf(notificationEntry), fc.dictionary(plausible.id, notificationEntry, { maxKeys: 3 })),
  hasNewNotification: nasty,
});

const tribeDoc = doc({
  name: either(fc.constantFrom('Rustaceans', 'Gophers')),
  ownerId: either(plausible.id),
  tagline: nasty,
  description: nasty,
  topics: either(fc.array(fc.constantFrom('Rust', 'Go'))),
  joinPolicy: either(fc.constantFrom('open', 'request')),
  memberCount: either(fc.nat()),
  postCount: either(fc.nat()),
  createdAt: either(plausible.ms),
  lastActivityAt: either(plausible.ms),
});
const memberDoc = doc({
  tribeId: either(plausible.id),
  uid: either(plausible.id),
  displayName: either(plausible.name),
  photoURL: nasty,
  role: either(fc.constantFrom('owner', 'member')),
  status: either(fc.constantFrom('active', 'pending')),
  requestedAt: either(plausible.ms),
  joinedAt: either(plausible.ms),
});
const postDoc = doc({
  tribeId: either(plausible.id),
  authorId: either(plausible.id),
  authorName: either(plausible.name),
  authorPhoto: nasty,
  body: either(fc.constantFrom('Hello tribe', '')),
  createdAt: either(plausible.ms),
});
const projectDoc = doc({
  title: either(fc.constantFrom('Trail map', 'Type checker')),
  summary: nasty,
  description: nasty,
  requiredSkills: either(fc.array(fc.constantFrom('React', 'Go'))),
  ownerId: either(plausible.id),
  ownerName: either(plausible.name),
  memberIds: either(fc.array(plausible.id)),
  members: listOf(
    doc({ id: either(plausible.id), displayName: either(plausible.name), photoURL: nasty, skills: nasty }),
  ),
  status: either(plausible.status),
  commitment: either(fc.integer({ min: 1, max: 60 })),
  repositoryUrl: nasty,
  createdAt: either(plausible.ms),
});
const applicationDoc = doc({
  projectId: either(plausible.id),
  ownerId: either(plausible.id),
  applicantId: either(plausible.id),
  applicantName: either(plausible.name),
  applicantPhoto: nasty,
  note: nasty,
  status: either(plausible.status),
  createdAt: either(plausible.ms),
  decidedAt: either(plausible.ms),
});
const removalDoc = doc({
  initiatorId: either(plausible.id),
  targetId: either(plausible.id),
  timestamp: either(plausible.ms),
  attempts: either(fc.nat()),
  lastAttempt: either(plausible.iso),
  createdAt: either(plausible.iso),
});

// ---------- what "well typed" means ----------

const DATE_MS_MAX = 8.64e15;
const isText = (value: unknown, max = 10_000) => typeof value === 'string' && value.length <= max;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isTimeMs = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= DATE_MS_MAX;
const isIso = (value: unknown) => value === '' || (typeof value === 'string' && isTimeMs(Date.parse(value)));
const isPhoto = (value: unknown) =>
  value === null || value === '' || (typeof value === 'string' && /^(https:\/\/|data:image\/)/.test(value));
const isId = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= 256;
const isStringList = (value: unknown, max: number, itemMax: number) =>
  Array.isArray(value) &&
  value.length <= max &&
  value.every((item: unknown) => typeof item === 'string' && item.length <= itemMax && item.trim() !== '');

function expectPlainData(value: unknown) {
  expect(findNonSerializableValue(value)).toBe(false);
}

function expectFriendEntry(entry: FriendEntry) {
  expect(isId(entry.id) && isText(entry.displayName, 50) && isPhoto(entry.photoURL) && isIso(entry.addedAt)).toBe(true);
}
function expectIncoming(entry: IncomingFriendRequest) {
  expect(
    isId(entry.requestId) && isId(entry.senderId) && isText(entry.senderName, 50) && entry.senderName.trim() !== '',
  ).toBe(true);
  expect(isPhoto(entry.senderPhoto) && ['pending', 'accepted'].includes(entry.status) && isIso(entry.createdAt)).toBe(
    true,
  );
}
function expectSent(entry: SentFriendRequest) {
  expect(isId(entry.requestId) && isId(entry.receiverId) && isText(entry.receiverName, 50)).toBe(true);
  expect(isPhoto(entry.receiverPhoto) && ['pending', 'accepted'].includes(entry.status) && isIso(entry.createdAt)).toBe(
    true,
  );
}
function expectNotification(entry: AppNotification) {
  expect(isId(entry.id) && isText(entry.message, 200) && isText(entry.senderId) && isText(entry.senderName, 50)).toBe(
    true,
  );
  expect(typeof entry.read === 'boolean' && isPhoto(entry.senderPhoto) && isIso(entry.createdAt)).toBe(true);
}

function expectProfile(profile: UserProfile) {
  expectPlainData(profile);
  expect(isText(profile.displayName, 50) && profile.displayName.trim() !== '').toBe(true);
  expect(profile.email === null || isText(profile.email, 320)).toBe(true);
  expect(isPhoto(profile.photoURL)).toBe(true);
  expect(profile.joinDate === null || isTimeMs(profile.joinDate)).toBe(true);
  expect(isCount(profile.postCount) && isCount(profile.friendCount)).toBe(true);
  expect(isText(profile.bio, 500) && isStringList(profile.skills, 20, 30)).toBe(true);
  expect(typeof profile.hasNewNotification).toBe('boolean');
  profile.friends.forEach(expectFriendEntry);
  profile.friendRequests.forEach(expectIncoming);
  profile.sentFriendRequests.forEach(expectSent);
  notificationList(profile.notifications).forEach(expectNotification);
}

function expectTribe(tribe: Tribe) {
  expectPlainData(tribe);
  expect(
    isText(tribe.name, 40) && isId(tribe.ownerId) && isText(tribe.tagline, 120) && isText(tribe.description, 2000),
  ).toBe(true);
  expect(isStringList(tribe.topics, 5, 30) && ['open', 'request'].includes(tribe.joinPolicy)).toBe(true);
  expect(
    isCount(tribe.memberCount) &&
      isCount(tribe.postCount) &&
      isTimeMs(tribe.createdAt) &&
      isTimeMs(tribe.lastActivityAt),
  ).toBe(true);
}
function expectMember(member: TribeMember) {
  expectPlainData(member);
  expect(isId(member.tribeId) && isId(member.uid) && isText(member.displayName, 50) && isPhoto(member.photoURL)).toBe(
    true,
  );
  expect(['owner', 'member'].includes(member.role) && ['active', 'pending'].includes(member.status)).toBe(true);
  expect(isTimeMs(member.requestedAt) && (member.joinedAt === null || isTimeMs(member.joinedAt))).toBe(true);
}
function expectPost(post: TribePost) {
  expectPlainData(post);
  expect(isId(post.tribeId) && isId(post.authorId) && isText(post.authorName, 50) && isPhoto(post.authorPhoto)).toBe(
    true,
  );
  expect(isText(post.body, 5000) && isTimeMs(post.createdAt)).toBe(true);
}
function expectProject(project: Project) {
  expectPlainData(project);
  expect(isText(project.title, 80) && isText(project.summary, 140) && isText(project.description, 5000)).toBe(true);
  expect(isStringList(project.requiredSkills, 10, 30) && isId(project.ownerId) && isText(project.ownerName, 50)).toBe(
    true,
  );
  expect(project.memberIds.every(isId) && ['recruiting', 'inProgress', 'completed'].includes(project.status)).toBe(
    true,
  );
  expect(isCount(project.commitment) && project.commitment <= 60 && isTimeMs(project.createdAt)).toBe(true);
  expect(project.repositoryUrl === null || project.repositoryUrl.startsWith('https://')).toBe(true);
  project.members.forEach((member) =>
    expect(
      isId(member.id) &&
        isText(member.displayName, 50) &&
        isPhoto(member.photoURL) &&
        isStringList(member.skills, 20, 30),
    ).toBe(true),
  );
}
function expectApplication(application: ProjectApplication) {
  expectPlainData(application);
  expect(isId(application.projectId) && isId(application.applicantId) && isText(application.ownerId)).toBe(true);
  expect(
    isText(application.applicantName, 50) && isPhoto(application.applicantPhoto) && isText(application.note, 500),
  ).toBe(true);
  expect(['pending', 'approved', 'declined', 'withdrawn'].includes(application.status)).toBe(true);
  expect(isTimeMs(application.createdAt) && (application.decidedAt === null || isTimeMs(application.decidedAt))).toBe(
    true,
  );
}

// ---------- the mappers ----------

const RUNS = { numRuns: 300 };

/** A mapper answers a well-formed value or null (the document is skipped): what it answers must pass `check`. */
function whenMapped<T>(mapped: T | null | undefined, check: (value: T) => void) {
  if (mapped) check(mapped);
}

describe('every mapper turns any document into well-typed plain data', () => {
  test('users/{uid}: the profile, its friends, requests and notifications, and what is derived from them', () => {
    fc.assert(
      fc.property(userDoc, nasty, nasty, (data, accountName, accountPhoto) => {
        const profile = toUserProfile(data);
        expectProfile(profile);
        inboxNotifications(profile).forEach(expectNotification);
        const person = toDirectoryPerson('u9', profile);
        expectPlainData(person);
        expect(person.friendIds.every(isId)).toBe(true);
        expectPlainData(toProfileView('u9', profile));
        // The account comes from the auth adapter; its fields are checked all the same.
        const account = { uid: 'u9', email: null, displayName: accountName, photoURL: accountPhoto } as AuthUser;
        const user = toSessionUser(account, profile);
        expectPlainData(user);
        expect((user.displayName === null || isText(user.displayName, 50)) && isPhoto(user.photoURL)).toBe(true);
        const session = { session: { ...initialSessionState, status: 'signedIn' as const, user } };
        selectIncomingRequests(session).forEach(expectIncoming);
        selectSentRequests(session).forEach(expectSent);
        // The stored form keeps scalars safe, and its lists sort whatever their entries hold.
        const stored = toStoredUserProfile(data);
        expect(stored.displayName).toBe(profile.displayName);
        expect(() => newestFirst(stored.friendRequests)).not.toThrow();
      }),
      RUNS,
    );
  });

  test('tribes, memberships and posts', () => {
    fc.assert(
      fc.property(tribeDoc, memberDoc, postDoc, (tribeData, memberData, postData) => {
        whenMapped(toTribe('t1', tribeData), expectTribe);
        whenMapped(toTribeMember(memberData), expectMember);
        whenMapped(toTribePost('p1', postData), expectPost);
      }),
      RUNS,
    );
  });

  test('projects, requests to join and pending friend removals', () => {
    fc.assert(
      fc.property(projectDoc, applicationDoc, removalDoc, (projectData, applicationData, removalData) => {
        whenMapped(toProject('p1', projectData), expectProject);
        whenMapped(toApplication('p1_u1', applicationData), expectApplication);
        const removal = toPendingRemoval(removalData);
        if (removal) {
          expectPlainData(removal);
          expect(isTimeMs(removal.timestamp) && isCount(removal.attempts) && isIso(removal.createdAt)).toBe(true);
          expect(removal.lastAttempt === null || isIso(removal.lastAttempt)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  test('documents the app itself writes come through unchanged', () => {
    const request = {
      requestId: 'u2_1',
      senderId: 'u2',
      senderName: 'Ada',
      senderPhoto: null,
      status: 'pending',
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    const profile = toUserProfile({ displayName: 'Grace', friendRequests: [request], joinDate: Date.UTC(2026, 0, 1) });
    expect(profile.friendRequests).toEqual([request]);
    expect(profile.joinDate).toBe(Date.UTC(2026, 0, 1));
  });
});

// ---------- the pages ----------

/** A store frozen at `state`: the pages' own "opened" actions change nothing, so what renders is the mapped data. */
function frozenStore(state: RootState) {
  return configureStore({
    reducer: (current: RootState | undefined) => current ?? state,
    preloadedState: state,
    // Nothing changes in this store; the mapped data was checked for plain values above.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false, immutableCheck: false, serializableCheck: false }),
  });
}

function renderAt(state: RootState, route: string, path: string, page: ReactElement) {
  renderWithProviders(page, { store: frozenStore(state), route, path });
}

const present = <T,>(item: T | null): item is T => item !== null;
const ready = { status: 'ready' as const, error: null };

describe('the pages render whatever the documents held', () => {
  const reported: unknown[] = [];
  beforeEach(() => {
    reported.length = 0;
    setErrorReporter((error) => reported.push(error));
    // React logs every error a boundary catches; the reports above are what this test checks.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => setErrorReporter((error, context) => console.error(error, context ?? '')));

  test('dashboard, profile, explore, tribes and projects', () => {
    const world = fc.record({
      me: userDoc,
      people: fc.array(userDoc, { maxLength: 4 }),
      tribes: fc.array(tribeDoc, { maxLength: 3 }),
      members: fc.array(memberDoc, { maxLength: 3 }),
      posts: fc.array(postDoc, { maxLength: 3 }),
      projects: fc.array(projectDoc, { maxLength: 3 }),
      applications: fc.array(applicationDoc, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(world, (docs) => {
        const profile = toUserProfile(docs.me);
        const people = docs.people.map((data, index) => toDirectoryPerson(`p${index}`, toUserProfile(data)));
        const tribes = docs.tribes.map((data, index) => toTribe(`t${index}`, data)).filter(present);
        const tribe = toTribe('t1', docs.tribes[0] ?? {}) ?? { ...toTribe('t1', { name: 'Fallback', ownerId: 'me' })! };
        const members = docs.members.map(toTribeMember).filter(present);
        const posts = docs.posts.map((data, index) => toTribePost(`post${index}`, data)).filter(present);
        const projects = docs.projects.map((data, index) => toProject(`pr${index}`, data)).filter(present);
        const project = projects[0] ?? toProject('pr0', { title: 'Fallback', ownerId: 'me' })!;
        const applications = docs.applications.map((data, index) => toApplication(`a${index}`, data)).filter(present);

        const initial = rootReducer(undefined, { type: '@@INIT' });
        const user = toSessionUser({ uid: 'me', email: 'me@example.com', displayName: 'Me', photoURL: null }, profile);
        const state: RootState = {
          ...initial,
          session: { ...initial.session, status: 'signedIn', user },
          friends: {
            ...initial.friends,
            friends: profile.friends.filter((f) => f.displayName !== ''),
            listStatus: 'ready',
          },
          dashboard: {
            ...initialDashboardState,
            sections: { myTribes: ready, myProjects: ready, people: ready, projects: ready, tribes: ready },
            myTribes: tribes,
            myProjects: projects,
            people,
            projects,
            tribes,
          },
          explore: { ...initialExploreState, status: 'ready', people },
          profileView: {
            ...initialProfileViewState,
            userId: 'me',
            status: 'ready',
            profile: toProfileView('me', profile),
          },
          tribes: {
            ...initialTribesState,
            directory: { status: 'ready', tribes, error: null },
            details: {
              ...initialTribesState.details,
              tribeId: tribe.id,
              status: 'ready',
              tribe,
              membership: members[0] ?? null,
              members,
              membersStatus: 'ready',
              feed: { ranges: [{ after: null, until: null, posts }] },
              feedStatus: 'ready',
            },
          },
          projects: {
            ...initialProjectsState,
            list: { status: 'ready', projects, error: null },
            details: {
              ...initialProjectsState.details,
              projectId: project.id,
              status: 'ready',
              project,
              applications,
              ownApplication: applications[0] ?? null,
            },
          },
        };

        const pages: [string, string, ReactElement, string][] = [
          ['/dashboard', '/dashboard', <DashboardPage key="d" />, 'Dashboard'],
          ['/profile/me', '/profile/:userId', <ProfilePage key="p" />, profile.displayName],
          ['/explore', '/explore', <ExplorePeoplePage key="e" />, 'Explore People'],
          ['/tribes', '/tribes', <TribesPage key="t" />, 'Explore Tribes'],
          [`/tribes/${tribe.id}`, '/tribes/:tribeId', <TribeDetailsPage key="td" />, tribe.name],
          ['/project-matchmaking', '/project-matchmaking', <ProjectsPage key="pr" />, 'Project Matchmaking'],
          [
            `/project-matchmaking/${project.id}`,
            '/project-matchmaking/:projectId',
            <ProjectDetailsPage key="pd" />,
            project.title,
          ],
          ['/', '/', <NotificationsBell key="n" />, ''],
        ];
        for (const [route, path, page, heading] of pages) {
          renderAt(state, route, path, page);
          if (heading) expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(heading.trim());
          expect(document.querySelector('.section-error')).toBeNull();
          cleanup();
        }
        expect(reported).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
