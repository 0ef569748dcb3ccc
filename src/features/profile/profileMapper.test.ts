import { fieldValue } from '../../backend/port';
import { newProfileDocument, toUserProfile } from './profileMapper';

describe('newProfileDocument', () => {
  // The email is not among them: it goes to the owner-only accounts/{uid} (profileApi.ensureProfile).
  test('has every default of the spec but the email', () => {
    expect(newProfileDocument({ uid: 'u1', email: 'ada@example.com', displayName: null, photoURL: null })).toEqual({
      displayName: 'Anonymous',
      photoURL: null,
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
    });
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
    expect(toUserProfile({ displayName: 'Grace' })).toEqual({
      displayName: 'Grace',
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
    });
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
    const profile = toUserProfile({ displayName: 5, skills: ['Go', 3, null], postCount: 'many', hasNewNotification: 'yes' });
    expect(profile).toMatchObject({ displayName: 'Anonymous', skills: ['Go'], postCount: 0, hasNewNotification: false });
  });
});
