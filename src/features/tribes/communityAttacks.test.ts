// A hostile client against the community collections, through the real local store and policy:
// each write the UI would never make is refused and changes nothing, and the app's own writes
// for the same situation go through.
import { docRef, fieldValue } from '../../backend/port';
import type { DocData } from '../../backend/port';
import { applyToProject, createProject, pendingRequestsToOwnerQuery } from '../../test/featureInternals';
import { projectDraft } from '../../test/fixtures';
import { actorOf } from '../../test/tabHelpers';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { membershipRef, postRef, tribeRef } from './tribeQueries';
import { createPost, createTribe, joinTribe } from './tribesApi';

const DENIED = { code: 'permission-denied' };

describe('the community collections against a hostile client', () => {
  let t: TwoUsers;
  let tribeId: string;

  beforeEach(async () => {
    t = await setupTwoUsers();
    const created = await createTribe(t.alice.backend.db, actorOf(t.alice), {
      name: 'Rustaceans',
      tagline: 'Systems programming, safely',
      description: 'We write Rust.',
      topics: ['rust'],
      joinPolicy: 'request',
    });
    tribeId = created.tribeId!;
  });
  afterEach(() => t.close());

  const tribe = () => t.rawDoc('tribes', tribeId);

  it('an owner cannot add a member who never asked; the user asks for themself', async () => {
    const before = await tribe();
    const forced = t.alice.backend.db.commit([
      {
        type: 'set',
        ref: membershipRef(tribeId, t.bob.uid),
        data: {
          tribeId,
          uid: t.bob.uid,
          displayName: 'Bob',
          photoURL: null,
          role: 'member',
          status: 'active',
          requestedAt: fieldValue.serverTimestamp(),
          joinedAt: fieldValue.serverTimestamp(),
        },
      },
      {
        type: 'update',
        ref: tribeRef(tribeId),
        data: { memberCount: fieldValue.increment(1), countedMemberId: t.bob.uid },
      },
    ]);
    await expect(forced).rejects.toMatchObject(DENIED);
    expect(await t.rawDoc('tribeMembers', `${tribeId}_${t.bob.uid}`)).toBeNull();
    expect(await tribe()).toEqual(before);
    expect(await joinTribe(t.bob.backend.db, actorOf(t.bob), tribeId)).toMatchObject({ success: true });
  });

  it('a member cannot post under another name, nor move postCount or the activity time without a post', async () => {
    await t.adminWrite('tribes', tribeId, { joinPolicy: 'open' });
    await joinTribe(t.bob.backend.db, actorOf(t.bob), tribeId);
    t.clock.advance(60_000);
    const before = await tribe();
    const spoofed = createPost(
      t.bob.backend.db,
      { ...actorOf(t.bob), displayName: 'Alice' },
      tribeId,
      'Hi, it is me, the owner',
    );
    expect(await spoofed).toMatchObject({ success: false });
    await expect(
      t.bob.backend.db.update(tribeRef(tribeId), {
        postCount: fieldValue.increment(1),
        lastActivityAt: fieldValue.serverTimestamp(),
        countedPostId: 'p9',
      }),
    ).rejects.toMatchObject(DENIED);
    await expect(
      t.bob.backend.db.update(tribeRef(tribeId), { lastActivityAt: fieldValue.serverTimestamp() }),
    ).rejects.toMatchObject(DENIED);
    expect(await tribe()).toEqual(before);
    const posted = await createPost(t.bob.backend.db, actorOf(t.bob), tribeId, 'Hello from Bob');
    expect(posted).toMatchObject({ success: true });
    expect(await tribe()).toMatchObject({ postCount: 1, countedPostId: posted.postId });
  });

  it('a post cannot carry a client-chosen time', async () => {
    await t.adminWrite('tribes', tribeId, { joinPolicy: 'open' });
    await joinTribe(t.bob.backend.db, actorOf(t.bob), tribeId);
    const post: DocData = {
      postId: 'p1',
      tribeId,
      authorId: t.bob.uid,
      authorName: 'Bob',
      authorPhoto: null,
      body: 'From the future',
      createdAt: Date.UTC(2099, 0, 1),
    };
    await expect(
      t.bob.backend.db.commit([
        { type: 'set', ref: postRef('p1'), data: post },
        { type: 'update', ref: tribeRef(tribeId), data: { postCount: fieldValue.increment(1), countedPostId: 'p1' } },
        { type: 'update', ref: docRef('users', t.bob.uid), data: { postCount: fieldValue.increment(1) } },
      ]),
    ).rejects.toMatchObject(DENIED);
    expect(await t.rawDoc('posts', 'p1')).toBeNull();
  });

  it('a project owner cannot add someone to the team who never asked', async () => {
    const { projectId } = await createProject(t.alice.backend.db, t.alice.uid, projectDraft({ commitment: 6 }));
    const before = await t.rawDoc('projects', projectId!);
    const bobEntry = { id: t.bob.uid, displayName: 'Bob', photoURL: null, skills: [] };
    await expect(
      t.alice.backend.db.update(docRef('projects', projectId!), {
        memberIds: [t.alice.uid, t.bob.uid],
        members: [...(before?.members as DocData[]), bobEntry],
      }),
    ).rejects.toMatchObject(DENIED);
    expect(await t.rawDoc('projects', projectId!)).toEqual(before);
  });

  it('nobody reads or lists the requests of a project that is not theirs, and lists need a limit', async () => {
    const { projectId } = await createProject(t.alice.backend.db, t.alice.uid, projectDraft({ commitment: 6 }));
    expect(await applyToProject(t.bob.backend.db, t.bob.uid, projectId!, 'Hi')).toMatchObject({ success: true });
    const carol = await t.addUser({ displayName: 'Carol' });
    await expect(
      carol.backend.db.get(docRef('projectApplications', `${projectId}_${t.bob.uid}`)),
    ).rejects.toMatchObject(DENIED);
    await expect(carol.backend.db.query(pendingRequestsToOwnerQuery(t.alice.uid))).rejects.toMatchObject(DENIED);
    expect(await t.alice.backend.db.query(pendingRequestsToOwnerQuery(t.alice.uid))).toHaveLength(1);
    await expect(t.alice.backend.db.query({ collection: 'tribes' })).rejects.toMatchObject(DENIED);
    await expect(t.alice.backend.db.query({ collection: 'users', limit: 500 })).rejects.toMatchObject(DENIED);
  });
});
