// The rule-case table for the local policy: who may write what on whose document.
import { profileDoc } from '../../test/fixtures';
import type { DocData, DocRef } from '../port';
import { checkRead, checkWrite } from './policy';
import type { WriteContext } from './policy';

const ADA = 'adaUid';
const BOB = 'bobUid';
const NOW_ISO = '2026-01-15T12:00:00.000Z';
const users = (id: string): DocRef => ({ collection: 'users', id });

function profile(name: string, extra: DocData = {}): DocData {
  return { ...profileDoc(name, `${name.toLowerCase()}@example.com`), ...extra };
}

interface Case {
  actor: string | null;
  ref: DocRef;
  before: DocData | null;
  after: DocData | null;
  /** other documents after the batch */
  others?: Record<string, DocData>;
  /** other documents before the batch */
  othersBefore?: Record<string, DocData>;
}

const REQUEST_TIME = Date.UTC(2026, 0, 15, 12);

function allowed({ actor, ref, before, after, others = {}, othersBefore = {} }: Case): boolean {
  const ctx: WriteContext = {
    actorUid: actor,
    actorEmail: actor ? `${actor === ADA ? 'ada' : 'bob'}@example.com` : null,
    ref,
    before,
    after,
    getAfter: (target) => {
      const key = `${target.collection}/${target.id}`;
      if (key === `${ref.collection}/${ref.id}`) return after;
      return others[key] ?? null;
    },
    get: (target) => {
      const key = `${target.collection}/${target.id}`;
      if (key === `${ref.collection}/${ref.id}`) return before;
      return othersBefore[key] ?? null;
    },
    requestTime: REQUEST_TIME,
  };
  return checkWrite(ctx).allowed;
}

const ada = profile('Ada');
const bob = profile('Bob');
const update = (before: DocData, changes: DocData): DocData => ({ ...before, ...changes });

describe('policy: users/{uid}', () => {
  it('lets nobody signed out write anything', () => {
    expect(allowed({ actor: null, ref: users(ADA), before: null, after: ada })).toBe(false);
    expect(
      allowed({ actor: null, ref: { collection: 'posts', id: 'p1' }, before: null, after: { authorId: ADA } }),
    ).toBe(false);
  });

  it('creates a profile only for oneself, with the default shape', () => {
    // as profileApi.ensureProfile writes it: joinDate the server's time, no email (accounts/{uid} has it)
    const { email: _email, ...fresh } = update(ada, { joinDate: REQUEST_TIME });
    expect(allowed({ actor: ADA, ref: users(ADA), before: null, after: fresh })).toBe(true);
    expect(allowed({ actor: ADA, ref: users(ADA), before: null, after: update(fresh, { joinDate: 1 }) })).toBe(false);
    expect(
      allowed({ actor: ADA, ref: users(ADA), before: null, after: update(fresh, { email: 'ada@example.com' }) }),
    ).toBe(false);
    expect(allowed({ actor: BOB, ref: users(ADA), before: null, after: ada })).toBe(false);
    expect(allowed({ actor: ADA, ref: users(ADA), before: null, after: update(ada, { postCount: 3 }) })).toBe(false);
    expect(allowed({ actor: ADA, ref: users(ADA), before: null, after: update(ada, { friendCount: 1 }) })).toBe(false);
    expect(allowed({ actor: ADA, ref: users(ADA), before: null, after: update(ada, { friends: [{ id: BOB }] }) })).toBe(
      false,
    );
    expect(
      allowed({
        actor: ADA,
        ref: users(ADA),
        before: null,
        after: update(ada, { friendRequests: [{ senderId: BOB }] }),
      }),
    ).toBe(false);
    expect(
      allowed({ actor: ADA, ref: users(ADA), before: null, after: update(ada, { email: 'someone@else.com' }) }),
    ).toBe(false);
    expect(allowed({ actor: ADA, ref: users(ADA), before: null, after: update(ada, { isAdmin: true }) })).toBe(false);
  });

  it("keeps the owner's updates within the profile limits", () => {
    const own = (changes: DocData) =>
      allowed({ actor: ADA, ref: users(ADA), before: ada, after: update(ada, changes) });
    expect(own({ displayName: 'Ada L.', bio: 'x'.repeat(500), skills: ['TypeScript', 'x'.repeat(30)] })).toBe(true);
    expect(own({ photoURL: 'https://example.com/ada.png' })).toBe(true);
    expect(own({ photoURL: 'data:image/png;base64,iVBORw0KGgo=' })).toBe(true);
    expect(own({ photoURL: null })).toBe(true);
    // postCount moves only with the post it counts (lastPostId), created in the same write
    expect(own({ postCount: 1 })).toBe(false);
    expect(
      allowed({
        actor: ADA,
        ref: users(ADA),
        before: ada,
        after: update(ada, { postCount: 1, lastPostId: 'p1' }),
        others: { 'posts/p1': { authorId: ADA } },
      }),
    ).toBe(true);
    expect(own({ displayName: '' })).toBe(false);
    expect(own({ displayName: 'x'.repeat(51) })).toBe(false);
    expect(own({ bio: 'x'.repeat(501) })).toBe(false);
    expect(own({ skills: Array.from({ length: 21 }, (_, i) => `skill${i}`) })).toBe(false);
    expect(own({ skills: ['x'.repeat(31)] })).toBe(false);
    expect(own({ skills: [''] })).toBe(false);
    expect(own({ photoURL: 'http://example.com/ada.png' })).toBe(false);
    expect(own({ photoURL: 'javascript:alert(1)' })).toBe(false);
    expect(own({ photoURL: 'data:text/html;base64,PHNjcmlwdD4=' })).toBe(false);
    expect(own({ joinDate: 0 })).toBe(false);
    expect(own({ postCount: 2 })).toBe(false);
    expect(own({ postCount: -1 })).toBe(false);
    expect(own({ friendCount: 3 })).toBe(false);
    expect(own({ email: 'other@example.com' })).toBe(false);
  });

  it('lets postCount move down by one too', () => {
    const busy = update(ada, { postCount: 4 });
    const deleted = {
      before: busy,
      after: update(busy, { postCount: 3, lastPostId: 'p1' }),
      othersBefore: { 'posts/p1': { authorId: ADA } },
    };
    expect(allowed({ actor: ADA, ref: users(ADA), ...deleted })).toBe(true);
    // the post must be gone after the write, and be the owner's own
    expect(allowed({ actor: ADA, ref: users(ADA), ...deleted, others: { 'posts/p1': { authorId: ADA } } })).toBe(false);
    expect(allowed({ actor: ADA, ref: users(ADA), ...deleted, othersBefore: { 'posts/p1': { authorId: BOB } } })).toBe(
      false,
    );
  });

  it("never lets a user change another user's profile fields", () => {
    for (const changes of [
      { displayName: 'Hacked' },
      { bio: 'pwned' },
      { skills: ['Spam'] },
      { photoURL: 'https://evil.example/x.png' },
      { email: 'bob@example.com' },
      { joinDate: 1 },
      { postCount: 1 },
    ] as DocData[]) {
      expect(allowed({ actor: BOB, ref: users(ADA), before: ada, after: update(ada, changes) })).toBe(false);
    }
  });

  it('never deletes a profile', () => {
    expect(allowed({ actor: ADA, ref: users(ADA), before: ada, after: null })).toBe(false);
  });
});

describe('policy: friends (a public friends map, a private inbox)', () => {
  // The full table of friends cases is src/backend/rules/friendsRuleCases.ts; these are the
  // shapes one write at a time, through checkWrite and checkRead directly.
  const inboxes = (id: string): DocRef => ({ collection: 'inboxes', id });
  const requestId = `${BOB}_${REQUEST_TIME}`;
  const incoming = {
    requestId,
    senderId: BOB,
    senderName: 'Bob',
    senderPhoto: null,
    status: 'pending',
    createdAt: REQUEST_TIME,
  };
  const sent = {
    requestId,
    receiverId: ADA,
    receiverName: 'Ada',
    receiverPhoto: null,
    status: 'pending',
    createdAt: REQUEST_TIME,
  };
  // Bob's own inbox after sending: the sent entry, counted in his rate window
  const bobInboxAfterSending = {
    sentFriendRequests: { [ADA]: sent },
    requestWindowStart: REQUEST_TIME,
    requestWindowCount: 1,
  };
  const adaInboxAsked = { friendRequests: { [BOB]: incoming }, hasNewNotification: true };

  it('lets Bob send Ada a request into her inbox, mirrored in his own, and refuses the variations', () => {
    const send = (
      after: DocData,
      others: Record<string, DocData> = { [`inboxes/${BOB}`]: bobInboxAfterSending },
      othersBefore: Record<string, DocData> = { [`users/${ADA}`]: ada },
    ) =>
      allowed({
        actor: BOB,
        ref: inboxes(ADA),
        before: null,
        after,
        others: { [`users/${BOB}`]: bob, ...others },
        othersBefore,
      });
    expect(send(adaInboxAsked)).toBe(true);
    // without the mirror in Bob's own inbox in the same batch
    expect(send(adaInboxAsked, {})).toBe(false);
    // to someone without a profile
    expect(send(adaInboxAsked, undefined, {})).toBe(false);
    // someone else as the sender, keyed under someone else, a client time, a requestId not {senderId}_{ms}
    expect(send({ ...adaInboxAsked, friendRequests: { [BOB]: { ...incoming, senderId: 'carol' } } })).toBe(false);
    expect(send({ ...adaInboxAsked, friendRequests: { carol: incoming } })).toBe(false);
    expect(send({ ...adaInboxAsked, friendRequests: { [BOB]: { ...incoming, createdAt: NOW_ISO } } })).toBe(false);
    expect(send({ ...adaInboxAsked, friendRequests: { [BOB]: { ...incoming, requestId: `${BOB}_${ADA}` } } })).toBe(
      false,
    );
    // a second request while one from Bob is held (the duplicate check is the key)
    expect(
      allowed({
        actor: BOB,
        ref: inboxes(ADA),
        before: adaInboxAsked,
        after: { ...adaInboxAsked, friendRequests: { [BOB]: { ...incoming, requestId: `${BOB}_1` } } },
        others: { [`users/${BOB}`]: bob, [`inboxes/${BOB}`]: bobInboxAfterSending },
        othersBefore: { [`users/${ADA}`]: ada },
      }),
    ).toBe(false);
  });

  it('lets Ada accept: she joins his friends in her own name, his sent entry goes, he is told once', () => {
    const bobEntry = { id: BOB, displayName: 'Bob', photoURL: null, addedAt: NOW_ISO };
    const adaEntry = { id: ADA, displayName: 'Ada', photoURL: null, addedAt: NOW_ISO };
    const adaAfter = update(ada, { friends: { [BOB]: bobEntry }, friendCount: 1 });
    // her own inbox loses his pending request in the same write: consent
    const consent = {
      othersBefore: { [`inboxes/${ADA}`]: adaInboxAsked },
      others: { [`users/${ADA}`]: adaAfter, [`inboxes/${ADA}`]: { friendRequests: {}, hasNewNotification: true } },
    };
    const bobAfter = update(bob, { friends: { [ADA]: adaEntry }, friendCount: 1 });
    expect(allowed({ actor: ADA, ref: users(BOB), before: bob, after: bobAfter, ...consent })).toBe(true);
    expect(
      allowed({ actor: ADA, ref: users(BOB), before: bob, after: update(bobAfter, { friendCount: 5 }), ...consent }),
    ).toBe(false);
    expect(
      allowed({
        actor: ADA,
        ref: users(BOB),
        before: bob,
        after: update(bobAfter, { friends: { [ADA]: { ...adaEntry, displayName: 'Admin' } } }),
        ...consent,
      }),
    ).toBe(false);
    expect(allowed({ actor: ADA, ref: users(BOB), before: bob, after: bobAfter, others: consent.others })).toBe(false);
    // her own half: Bob joins her friends with the request gone
    expect(
      allowed({
        actor: ADA,
        ref: users(ADA),
        before: ada,
        after: adaAfter,
        othersBefore: consent.othersBefore,
        others: { ...consent.others, [`users/${BOB}`]: bob },
      }),
    ).toBe(true);
    // the notice to Bob: the spec's sentence, her name, the server's time, only as Bob gains her
    const notice = {
      id: `accepted_${requestId}_${REQUEST_TIME}`,
      type: 'friendRequestAccepted',
      message: 'Ada accepted your friend request',
      senderId: ADA,
      senderName: 'Ada',
      senderPhoto: null,
      read: false,
      createdAt: REQUEST_TIME,
    };
    const bobInboxAfter = {
      sentFriendRequests: {},
      notifications: { [notice.id]: notice },
      hasNewNotification: true,
      requestWindowStart: REQUEST_TIME,
      requestWindowCount: 1,
    };
    const answer = (after: DocData, bobProfileAfter: DocData = bobAfter) =>
      allowed({
        actor: ADA,
        ref: inboxes(BOB),
        before: bobInboxAfterSending,
        after,
        othersBefore: { ...consent.othersBefore, [`users/${BOB}`]: bob },
        others: { ...consent.others, [`users/${BOB}`]: bobProfileAfter },
      });
    expect(answer(bobInboxAfter)).toBe(true);
    expect(answer(bobInboxAfter, bob)).toBe(false);
    expect(
      answer({
        ...bobInboxAfter,
        notifications: { [notice.id]: { ...notice, message: 'Ada accepted your friend request. Click here' } },
      }),
    ).toBe(false);
    expect(answer({ ...bobInboxAfter, notifications: { [notice.id]: { ...notice, createdAt: NOW_ISO } } })).toBe(false);
    expect(answer({ ...bobInboxAfter, notifications: { [notice.id]: { ...notice, type: 'friendRequest' } } })).toBe(
      false,
    );
  });

  it('lets either side end a request and a friend leave, touching only their own keys', () => {
    // Bob cancels (his key leaves Ada's requests); Ada declines (her key leaves Bob's sent map)
    expect(
      allowed({
        actor: BOB,
        ref: inboxes(ADA),
        before: adaInboxAsked,
        after: { ...adaInboxAsked, friendRequests: {} },
      }),
    ).toBe(true);
    expect(
      allowed({
        actor: ADA,
        ref: inboxes(BOB),
        before: bobInboxAfterSending,
        after: { ...bobInboxAfterSending, sentFriendRequests: {} },
      }),
    ).toBe(true);
    expect(
      allowed({
        actor: 'carol',
        ref: inboxes(ADA),
        before: adaInboxAsked,
        after: { ...adaInboxAsked, friendRequests: {} },
      }),
    ).toBe(false);
    const adaWithBob = update(ada, {
      friends: { [BOB]: { id: BOB, displayName: 'Bob', photoURL: null, addedAt: NOW_ISO } },
      friendCount: 1,
    });
    expect(allowed({ actor: BOB, ref: users(ADA), before: adaWithBob, after: ada })).toBe(true);
    expect(allowed({ actor: BOB, ref: users(ADA), before: adaWithBob, after: update(ada, { friendCount: 1 }) })).toBe(
      false,
    );
    const adaWithCarol = update(ada, {
      friends: { carol: { id: 'carol', displayName: 'Carol', photoURL: null, addedAt: NOW_ISO } },
      friendCount: 1,
    });
    expect(allowed({ actor: BOB, ref: users(ADA), before: adaWithCarol, after: ada })).toBe(false);
  });

  it('lets only the owner read an inbox, existing or not, and nobody list inboxes', () => {
    expect(checkRead({ actorUid: ADA, kind: 'get', ref: inboxes(ADA), data: adaInboxAsked }).allowed).toBe(true);
    expect(checkRead({ actorUid: ADA, kind: 'get', ref: inboxes(ADA), data: null }).allowed).toBe(true);
    expect(checkRead({ actorUid: BOB, kind: 'get', ref: inboxes(ADA), data: adaInboxAsked }).allowed).toBe(false);
    expect(checkRead({ actorUid: BOB, kind: 'get', ref: inboxes(ADA), data: null }).allowed).toBe(false);
    expect(checkRead({ actorUid: ADA, kind: 'query', query: { collection: 'inboxes', limit: 1 } }).allowed).toBe(false);
  });
});

describe('policy: pendingFriendRemovals', () => {
  const ref = { collection: 'pendingFriendRemovals', id: `${ADA}_${BOB}` };
  // times the server's (request.time): a client's ISO time is refused
  const record = {
    initiatorId: ADA,
    targetId: BOB,
    timestamp: REQUEST_TIME,
    attempts: 0,
    lastAttempt: null,
    createdAt: REQUEST_TIME,
  };

  it('is created by the initiator with a matching id and attempts 0', () => {
    expect(allowed({ actor: ADA, ref, before: null, after: record })).toBe(true);
    expect(allowed({ actor: BOB, ref, before: null, after: record })).toBe(false);
    expect(allowed({ actor: ADA, ref, before: null, after: { ...record, timestamp: 1 } })).toBe(false);
    expect(allowed({ actor: 'carol', ref, before: null, after: record })).toBe(false);
    expect(allowed({ actor: ADA, ref: { ...ref, id: `${BOB}_${ADA}` }, before: null, after: record })).toBe(false);
    expect(allowed({ actor: ADA, ref, before: null, after: { ...record, attempts: 2 } })).toBe(false);
    expect(allowed({ actor: ADA, ref, before: null, after: { ...record, createdAt: NOW_ISO } })).toBe(false);
  });

  it('only grows attempts, and is deleted by a party', () => {
    expect(
      allowed({ actor: BOB, ref, before: record, after: { ...record, attempts: 1, lastAttempt: REQUEST_TIME } }),
    ).toBe(true);
    expect(allowed({ actor: BOB, ref, before: record, after: { ...record, attempts: 1, lastAttempt: NOW_ISO } })).toBe(
      false,
    );
    expect(
      allowed({ actor: BOB, ref, before: record, after: { ...record, attempts: 2, lastAttempt: REQUEST_TIME } }),
    ).toBe(false);
    expect(
      allowed({
        actor: BOB,
        ref,
        before: { ...record, attempts: 9 },
        after: { ...record, attempts: 10, lastAttempt: REQUEST_TIME },
      }),
    ).toBe(true);
    expect(
      allowed({
        actor: BOB,
        ref,
        before: { ...record, attempts: 10 },
        after: { ...record, attempts: 11, lastAttempt: REQUEST_TIME },
      }),
    ).toBe(false);
    expect(allowed({ actor: ADA, ref, before: { ...record, attempts: 2 }, after: { ...record, attempts: 1 } })).toBe(
      false,
    );
    expect(allowed({ actor: ADA, ref, before: record, after: { ...record, targetId: 'carol' } })).toBe(false);
    expect(allowed({ actor: BOB, ref, before: record, after: null })).toBe(true);
    expect(allowed({ actor: 'carol', ref, before: record, after: null })).toBe(false);
  });

  it('is read only by the parties, and queried only for oneself', () => {
    expect(checkRead({ actorUid: ADA, kind: 'get', ref, data: record }).allowed).toBe(true);
    expect(checkRead({ actorUid: 'carol', kind: 'get', ref, data: record }).allowed).toBe(false);
    expect(checkRead({ actorUid: BOB, kind: 'get', ref, data: null }).allowed).toBe(true);
    const query = (field: string, value: string) => ({
      collection: 'pendingFriendRemovals',
      where: [{ field, op: '==' as const, value }],
      limit: 50,
    });
    expect(checkRead({ actorUid: BOB, kind: 'query', query: query('targetId', BOB) }).allowed).toBe(true);
    expect(checkRead({ actorUid: BOB, kind: 'query', query: query('targetId', ADA) }).allowed).toBe(false);
    expect(checkRead({ actorUid: BOB, kind: 'query', query: { collection: 'pendingFriendRemovals' } }).allowed).toBe(
      false,
    );
  });
});

describe('policy: community collections and the rest', () => {
  it('checks authors and owners', () => {
    const post = { collection: 'posts', id: 'p1' };
    // A post outside any tribe is the store tests' scratch document; a tribe post needs its tribe,
    // the membership and both counters in the same write (the rule-case table has those batches).
    expect(allowed({ actor: ADA, ref: post, before: null, after: { authorId: ADA } })).toBe(true);
    expect(allowed({ actor: ADA, ref: post, before: null, after: { authorId: ADA, tribeId: 't1' } })).toBe(false);
    expect(allowed({ actor: ADA, ref: post, before: null, after: { authorId: BOB, tribeId: 't1' } })).toBe(false);
    expect(allowed({ actor: BOB, ref: post, before: { authorId: ADA }, after: null })).toBe(false);
    const membership = { collection: 'tribeMembers', id: `t1_${ADA}` };
    // A membership needs an existing tribe, and is created only by its member: not even the
    // tribe's owner adds someone who never asked (the owner approves pending requests).
    expect(allowed({ actor: ADA, ref: membership, before: null, after: { tribeId: 't1', uid: ADA } })).toBe(false);
    expect(allowed({ actor: BOB, ref: membership, before: null, after: { tribeId: 't1', uid: ADA } })).toBe(false);
    expect(
      allowed({
        actor: BOB,
        ref: membership,
        before: null,
        after: { tribeId: 't1', uid: ADA },
        others: { 'tribes/t1': { ownerId: BOB } },
      }),
    ).toBe(false);
  });

  it('denies collections without a rule, and reads when signed out', () => {
    expect(allowed({ actor: ADA, ref: { collection: 'admin', id: 'x' }, before: null, after: { a: 1 } })).toBe(false);
    expect(checkRead({ actorUid: null, kind: 'get', ref: users(ADA), data: ada }).allowed).toBe(false);
    expect(checkRead({ actorUid: ADA, kind: 'get', ref: { collection: 'admin', id: 'x' }, data: null }).allowed).toBe(
      false,
    );
  });
});
