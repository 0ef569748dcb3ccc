// Malformed documents written straight into the store, past the access policy (as a hostile
// client of an older rules version, or an old app version, could have left them), and then the
// whole app opened on them: the real store and root saga over the local backend, the real
// routes, the top-level error boundary. Each page shows the rest of its content, and nothing
// falls back to the full-screen error.
import { act, render, screen, within } from '@testing-library/react';

import type { DocData } from '../backend/port';
import { docRef } from '../backend/port';
import { createProject } from '../features/projects/projectWrites';
import { createPost, createTribe, joinTribe } from '../features/tribes/tribesApi';
import { setErrorReporter } from '../platform/errorReporting';
import { projectDraft } from '../test/fixtures';
import type { TestStore } from '../test/setupTestStore';
import { setupTwoUsers } from '../test/twoUsers';
import type { TestTab, TwoUsers } from '../test/twoUsers';
import { App } from './App';

let env: TwoUsers;
let testStore: TestStore | null = null;
let reported: unknown[] = [];
let tribeId: string;
let projectId: string;

const actor = (tab: TestTab) => ({ uid: tab.uid, displayName: tab.user.displayName ?? 'Anonymous', photoURL: null });
/** A Firestore Timestamp as plain data, where the app writes ISO strings or epoch ms. */
const timestamp = { seconds: Date.UTC(2026, 2, 1) / 1000, nanoseconds: 500_000_000 };
const HUGE = 'A'.repeat(100_000);

const draft = projectDraft({ summary: 'Maps for hikers', description: 'Offline trail maps.' });

async function rawSet(collection: string, id: string, data: DocData) {
  await env.admin.db.set(docRef(collection, id), data);
}
async function rawMerge(collection: string, id: string, data: DocData) {
  await env.admin.db.set(docRef(collection, id), data, { merge: true });
}

beforeEach(async () => {
  reported = [];
  setErrorReporter((error) => reported.push(error));
  env = await setupTwoUsers();
  const { bob, alice } = env;

  // Well-formed content, made by the app's own operations.
  tribeId = (
    await createTribe(bob.backend.db, actor(bob), {
      name: 'Rustaceans',
      tagline: '',
      description: 'All things Rust.',
      topics: ['Rust'],
      joinPolicy: 'open',
    })
  ).tribeId!;
  await joinTribe(alice.backend.db, actor(alice), tribeId);
  await createPost(bob.backend.db, actor(bob), tribeId, 'Hello from Bob');
  projectId = (await createProject(bob.backend.db, bob.uid, draft)).projectId!;

  // ...and malformed documents beside and inside it, past the policy.
  await rawSet('users', 'mallory', {
    displayName: 12345,
    photoURL: 'javascript:alert(1)',
    joinDate: timestamp,
    postCount: Number.NaN,
    friendCount: -3,
    bio: HUGE,
    skills: { 0: 'React' },
    friends: 'everyone',
    friendRequests: [null, 5, { requestId: 7 }],
    sentFriendRequests: { not: 'a list' },
    notifications: 'none',
    hasNewNotification: 'yes',
  });
  await rawMerge('users', alice.uid, { postCount: 'many' });
  // Alice's private inbox (docs/friends-model.md), malformed: lists as arrays, broken entries.
  await rawMerge('inboxes', alice.uid, {
    friendRequests: [
      // createdAt as a Timestamp, as epoch ms, and missing: sorting must not care.
      {
        requestId: 'mallory_1',
        senderId: 'mallory',
        senderName: { first: 'Mal' },
        senderPhoto: 42,
        status: 'pending',
        createdAt: timestamp,
      },
      {
        requestId: `${bob.uid}_2`,
        senderId: bob.uid,
        senderName: 'Bob',
        senderPhoto: null,
        status: 'pending',
        createdAt: Date.UTC(2026, 3, 1),
      },
      { requestId: 'zed_3', senderId: 'zed', senderName: 'Zed', status: 'pending' },
      'not a request',
    ],
    sentFriendRequests: [{ requestId: 'x', receiverId: ['mallory'], status: 'pending' }],
    notifications: {
      n1: {
        id: 'n1',
        type: 'friendRequestAccepted',
        message: ['Bob accepted'],
        senderId: bob.uid,
        senderName: 'Bob',
        read: false,
        createdAt: timestamp,
      },
      n2: 'garbage',
    },
  });
  await rawMerge('tribes', tribeId, {
    tagline: 42,
    topics: 'Rust',
    memberCount: Number.POSITIVE_INFINITY,
    postCount: -1,
    createdAt: timestamp,
    lastActivityAt: '2026-13-45',
  });
  await rawSet('posts', 'malformed-post', {
    postId: 'malformed-post',
    tribeId,
    authorId: 'mallory',
    authorName: ['Mallory'],
    authorPhoto: { url: 'https://example.com/a.png' },
    body: 'A post with a broken date',
    // Far outside what a Date can hold: toISOString would throw.
    createdAt: 1e20,
  });
  await rawSet('posts', 'bodiless-post', {
    postId: 'bodiless-post',
    tribeId,
    authorId: 'mallory',
    body: { text: 'not text' },
    createdAt: Date.UTC(2026, 10, 21),
  });
  await rawSet('tribeMembers', `${tribeId}_mallory`, {
    tribeId,
    uid: 'mallory',
    displayName: 7,
    photoURL: 'data:text/html,<script>alert(1)</script>',
    role: 'king',
    status: 'active',
    requestedAt: 'soon',
    joinedAt: { seconds: 'x' },
  });
  await rawMerge('projects', projectId, {
    summary: { text: 'not text' },
    requiredSkills: [1, 'React', null, HUGE],
    members: { 0: { id: 'mallory' } },
    memberIds: `${bob.uid}`,
    commitment: 1e9,
    repositoryUrl: 'javascript:alert(1)',
    createdAt: timestamp,
    status: 'exploded',
  });
  await rawSet('projects', 'untitled', {
    title: 123,
    ownerId: bob.uid,
    createdAt: Date.UTC(2026, 10, 1),
    memberIds: [bob.uid],
  });
  await rawSet('projectApplications', `${projectId}_mallory`, {
    projectId,
    ownerId: bob.uid,
    applicantId: 'mallory',
    applicantName: null,
    status: 'pending',
    createdAt: 'yesterday',
    note: 99,
  });
});

afterEach(async () => {
  testStore = null;
  await env.close();
  setErrorReporter((error, context) => console.error(error, context ?? ''));
});

/** Alice's tab: the whole app, opened at `path`. */
async function openAsAlice(path: string) {
  testStore = await env.storeFor(env.alice);
  window.history.pushState({}, '', path);
  render(<App store={testStore.store} />);
}

function expectNoBreakage() {
  expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  expect(document.querySelector('.section-error')).toBeNull();
  expect(reported).toEqual([]);
}

test('the tribe page shows the tribe, its posts and its members', async () => {
  await openAsAlice(`/tribes/${tribeId}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Rustaceans' })).toBeInTheDocument();
  expect(await screen.findByText('Hello from Bob')).toBeInTheDocument();
  expect(screen.getByText('A post with a broken date')).toBeInTheDocument();
  expect(screen.queryByText('not text')).not.toBeInTheDocument();
  expect(screen.getByText('All things Rust.')).toBeInTheDocument();
  const members = await screen.findByRole('list', { name: 'Members' });
  expect(within(members).getByRole('link', { name: 'Bob' })).toBeInTheDocument();
  expect(within(members).getByRole('link', { name: 'Anonymous' })).toHaveAttribute('href', '/profile/mallory');
  expect(screen.getByText('0 members')).toBeInTheDocument();
  expectNoBreakage();
});

test('the profile page of a malformed profile shows what can be shown', async () => {
  await openAsAlice('/profile/mallory');
  expect(await screen.findByRole('heading', { level: 1, name: 'Anonymous' })).toBeInTheDocument();
  expect(screen.getByText('Joined March 2026')).toBeInTheDocument();
  expect(screen.getByText('0 posts')).toBeInTheDocument();
  expect(screen.getByText('0 friends')).toBeInTheDocument();
  expect(screen.getByText('A'.repeat(500))).toBeInTheDocument();
  expect(screen.getByText('No skills listed yet.')).toBeInTheDocument();
  // Mallory's malformed request to Alice still reads as a request Alice can answer.
  const friendship = screen.getByRole('group', { name: 'Friendship with Anonymous' });
  expect(within(friendship).getByRole('button', { name: /Accept/ })).toBeInTheDocument();
  expectNoBreakage();
});

test('explore lists everyone, the malformed profile too', async () => {
  await openAsAlice('/explore');
  const everyone = await screen.findByRole('region', { name: 'All developers' });
  expect(await within(everyone).findByRole('link', { name: 'Bob' })).toBeInTheDocument();
  expect(within(everyone).getByRole('link', { name: 'Anonymous' })).toHaveAttribute('href', '/profile/mallory');
  expectNoBreakage();
});

test('the dashboard shows requests sorted whatever their createdAt, and every panel', async () => {
  await openAsAlice('/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  const requests = screen.getByRole('region', { name: /^Friend requests/ });
  // Newest first: Bob (April, epoch ms), then the Timestamp (March), then the one without a time.
  const names = within(requests)
    .getAllByRole('link')
    .map((link) => link.textContent);
  expect(names).toEqual(['Bob', 'Anonymous', 'Zed']);
  expect(await screen.findByRole('link', { name: 'Rustaceans' })).toBeInTheDocument();
  const myProjects = screen.getByRole('region', { name: /^My projects/ });
  expect(within(myProjects).getByText(/You are not on a project yet/)).toBeInTheDocument();
  // The bell counts the three requests and the accepted notification.
  expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  await act(() =>
    testStore!.waitFor((state) =>
      Object.values(state.dashboard.sections).every((section) => section.status === 'ready'),
    ),
  );
  expectNoBreakage();
});

test('the project pages show the project without its malformed parts', async () => {
  await openAsAlice('/project-matchmaking');
  expect(await screen.findByRole('link', { name: 'Trail map' })).toBeInTheDocument();
  expect(screen.queryByText('123')).not.toBeInTheDocument();
  expectNoBreakage();

  await act(async () => {
    window.history.pushState({}, '', `/project-matchmaking/${projectId}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await Promise.resolve();
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Trail map' })).toBeInTheDocument();
  expect(screen.getByText('Created March 1, 2026')).toBeInTheDocument();
  expect(screen.getByText('Offline trail maps.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Repository' })).not.toBeInTheDocument();
  expect(screen.getByText('Recruiting')).toBeInTheDocument();
  expectNoBreakage();
});
