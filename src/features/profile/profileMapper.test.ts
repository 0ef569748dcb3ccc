import { fieldValue } from '../../backend/port';
import { SPEC_DEFAULT_PROFILE } from '../../test/fixtures';
import { newProfileDocument, toStoredUserProfile, toUserProfile } from './profileMapper';

describe('newProfileDocument', () => {
  // The email is not among them: it goes to the owner-only accounts/{uid} (profileApi.ensureProfile).
  // Nor are requests and notifications: they live in the owner-only inboxes/{uid}, made by the
  // first write that needs it (docs/friends-model.md); friends is a map keyed by id.
  test('has every default of the spec but the email and the inbox fields', () => {
    const {
      email: _email,
      friendRequests: _requests,
      sentFriendRequests: _sent,
      notifications: _notifications,
      hasNewNotification: _flag,
      ...specDocument
    } = SPEC_DEFAULT_PROFILE;
    expect(newProfileDocument({ uid: 'u1', email: 'ada@example.com', displayName: null, photoURL: null })).toEqual({
      ...specDocument,
      friends: {},
      joinDate: fieldValue.serverTimestamp(),
    });
    // ...and a document read back that way, without an inbox, is the spec's default profile
    expect(toUserProfile({ ...specDocument, friends: {} })).toEqual(SPEC_DEFAULT_PROFILE);
  });

  test("keeps the account's name and photo", () => {
    const doc = newProfileDocument({ uid: 'u1', email: null, displayName: 'Ada', photoURL: 'https://x.dev/a.png' });
    expect(doc).toMatchObject({ displayName: 'Ada', photoURL: 'https://x.dev/a.png' });
    expect(doc).not.toHaveProperty('email');
  });

  test('a blank account name counts as none', () => {
    expect(newProfileDocument({ uid: 'u1', email: null, displayName: '   ', photoURL: null }).displayName).toBe(
      'Anonymous',
    );
  });
});

describe('toUserProfile', () => {
  test('fills a legacy document with defaults', () => {
    expect(toUserProfile({ displayName: 'Grace' })).toEqual({ ...SPEC_DEFAULT_PROFILE, displayName: 'Grace' });
  });

  test('accepts notifications stored as an object', () => {
    const notification = {
      id: 'n1',
      type: 'friendRequestAccepted',
      message: 'Ada accepted your friend request',
      senderId: 'u2',
      senderName: 'Ada',
      senderPhoto: null,
      read: false,
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    expect(toUserProfile({ notifications: { n1: notification } }).notifications).toEqual({ n1: notification });
  });

  test('drops values of the wrong type', () => {
    const profile = toUserProfile({
      displayName: 5,
      skills: ['Go', 3, null],
      postCount: 'many',
      hasNewNotification: 'yes',
    });
    expect(profile).toMatchObject({
      displayName: 'Anonymous',
      skills: ['Go'],
      postCount: 0,
      hasNewNotification: false,
    });
  });
});

describe('malformed profiles', () => {
  const timestamp = { seconds: Date.UTC(2026, 2, 1) / 1000, nanoseconds: 0 };

  test('times of any kind, counts of any kind, maps where lists were written', () => {
    const profile = toUserProfile({
      joinDate: timestamp,
      postCount: Number.NaN,
      friendCount: -2,
      skills: { 0: 'Go' },
      friends: 'everyone',
      photoURL: 'javascript:alert(1)',
      bio: 'b'.repeat(10_000),
    });
    expect(profile).toMatchObject({
      joinDate: Date.UTC(2026, 2, 1),
      postCount: 0,
      friendCount: 0,
      skills: [],
      friends: [],
      photoURL: null,
    });
    expect(profile.bio).toHaveLength(500);
  });

  test('list entries: usable ones are kept (repaired), unusable ones dropped', () => {
    const profile = toUserProfile({
      friendRequests: [
        null,
        'request',
        { requestId: 'r1', senderId: 'u2', status: 'declined' },
        { requestId: 'r2', senderId: 'u2', senderName: ['Ada'], status: 'pending', createdAt: timestamp },
      ],
      notifications: {
        n1: { id: 'n1', type: 'somethingNew' },
        n2: { id: 'n2', type: 'friendRequestAccepted', read: 'yes' },
      },
    });
    expect(profile.friendRequests).toEqual([
      {
        requestId: 'r2',
        senderId: 'u2',
        senderName: 'Anonymous',
        senderPhoto: null,
        status: 'pending',
        createdAt: '2026-03-01T00:00:00.000Z',
      },
    ]);
    expect(profile.notifications).toEqual({
      n2: {
        id: 'n2',
        type: 'friendRequestAccepted',
        message: '',
        senderId: '',
        senderName: 'Anonymous',
        senderPhoto: null,
        read: false,
        createdAt: '',
      },
    });
  });

  test('the stored form keeps every object entry exactly as stored, for writing lists back', () => {
    const legacy = { id: 'old', type: 'friendRequestAccepted', read: true };
    const stored = toStoredUserProfile({
      displayName: 7,
      notifications: { old: legacy, bad: 'x' },
      friends: [null, { id: 'u2' }],
    });
    expect(stored.displayName).toBe('Anonymous');
    expect(stored.notifications).toEqual({ old: legacy });
    expect(stored.friends).toEqual([{ id: 'u2' }]);
  });
});
