// Three users on the local adapter (fake-indexeddb), each writing as themselves through the
// access policy: create, apply, withdraw, approve, decline, the notifications they send, and
// bad input that must change nothing.
import { docRef, fieldValue } from '../../backend/port';
import type { ProjectDraft } from '../../domain/projectTypes';
import { projectDraft } from '../../test/fixtures';
import { blockAs } from '../../test/tabHelpers';
import { TEST_START_MS } from '../../test/testBackend';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import { listProjects } from './projectQueries';
import { PROJECT_MESSAGES, projectNotificationIdFor } from './projectRecords';
import * as projectWrites from './projectWrites';

let t: TwoUsers;
let carol: TestTab;

beforeEach(async () => {
  t = await setupTwoUsers();
  carol = await t.addUser({ displayName: 'Carol' });
  await t.adminWrite('users', t.bob.uid, { skills: ['React', 'Docker'] });
});

afterEach(async () => {
  await t.close();
});

const draft = (overrides: Partial<ProjectDraft> = {}): ProjectDraft =>
  projectDraft({
    summary: 'Offline maps for hikers',
    description: 'A PWA with offline tiles.',
    requiredSkills: ['React', 'TypeScript', 'Docker'],
    commitment: 6,
    repositoryUrl: 'https://github.com/example/trail-map',
    ...overrides,
  });

async function aliceCreates(overrides: Partial<ProjectDraft> = {}): Promise<string> {
  const result = await projectWrites.createProject(t.alice.backend.db, t.alice.uid, draft(overrides));
  expect(result.success).toBe(true);
  return result.projectId!;
}

const applicationId = (projectId: string, uid: string) => `${projectId}_${uid}`;
/** The application operations as `tab`'s user calls them from their own tab. */
const applyAs = (tab: TestTab, projectId: string, message = '') =>
  projectWrites.applyToProject(tab.backend.db, tab.uid, projectId, message);
const withdrawAs = (tab: TestTab, projectId: string) =>
  projectWrites.withdrawApplication(tab.backend.db, tab.uid, projectId);
const approveAs = (tab: TestTab, projectId: string, applicantId: string) =>
  projectWrites.approveApplication(tab.backend.db, tab.uid, projectId, applicantId, t.clock);
const declineAs = (tab: TestTab, projectId: string, applicantId: string) =>
  projectWrites.declineApplication(tab.backend.db, tab.uid, projectId, applicantId, t.clock);

const snapshot = async (projectId: string) => ({
  project: await t.rawDoc('projects', projectId),
  bobApplication: await t.rawDoc('projectApplications', applicationId(projectId, t.bob.uid)),
  bob: await t.rawDoc('users', t.bob.uid),
  // the decision notification goes to the applicant's private inbox (docs/friends-model.md)
  bobInbox: await t.rawDoc('inboxes', t.bob.uid),
});

describe('createProject', () => {
  it('creates the project with the owner as its only member, skills as of now', async () => {
    const projectId = await aliceCreates({ title: '  Trail map  ', requiredSkills: ['React', 'react', ' Docker '] });
    expect(await t.rawDoc('projects', projectId)).toEqual({
      title: 'Trail map',
      summary: 'Offline maps for hikers',
      description: 'A PWA with offline tiles.',
      requiredSkills: ['React', 'Docker'],
      ownerId: t.alice.uid,
      ownerName: 'Alice',
      memberIds: [t.alice.uid],
      members: [{ id: t.alice.uid, displayName: 'Alice', photoURL: null, skills: [] }],
      status: 'recruiting',
      commitment: 6,
      repositoryUrl: 'https://github.com/example/trail-map',
      createdAt: TEST_START_MS,
    });
    const listed = await listProjects(t.bob.backend.db);
    expect(listed.projects.map((p) => p.id)).toEqual([projectId]);
  });

  it('answers field errors for bad input and writes nothing', async () => {
    const result = await projectWrites.createProject(
      t.alice.backend.db,
      t.alice.uid,
      draft({
        title: 'ab',
        summary: 'x'.repeat(141),
        requiredSkills: [],
        commitment: 61,
        repositoryUrl: 'http://example.com',
      }),
    );
    expect(result).toEqual({
      success: false,
      message: PROJECT_MESSAGES.fixFields,
      fieldErrors: {
        title: 'Title must be 3-80 characters.',
        summary: 'Summary must be at most 140 characters.',
        requiredSkills: 'List 1-10 required skills.',
        commitment: 'Commitment must be a whole number of hours from 1 to 60.',
        repositoryUrl: 'Repository URL must start with https:// (or leave it empty).',
      },
    });
    expect((await listProjects(t.alice.backend.db)).projects).toEqual([]);
  });

  it('is refused by the policy when someone writes a project for another owner or skips validation', async () => {
    const forged = {
      ...draft(),
      ownerId: t.alice.uid,
      ownerName: 'Alice',
      memberIds: [t.alice.uid],
      members: [],
      createdAt: 1,
    };
    await expect(t.bob.backend.db.set(docRef('projects', 'forged'), forged)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const tooLong = {
      ...forged,
      ownerId: t.bob.uid,
      ownerName: 'Bob',
      memberIds: [t.bob.uid],
      members: [{ id: t.bob.uid, displayName: 'Bob', photoURL: null, skills: [] }],
      title: 'x'.repeat(81),
    };
    await expect(t.bob.backend.db.set(docRef('projects', 'long'), tooLong)).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });
});

describe('applying, withdrawing and answering', () => {
  it('apply -> approve: the member joins, the request is approved, the applicant is notified', async () => {
    const projectId = await aliceCreates();
    t.clock.advance(1000);
    expect(await applyAs(t.bob, projectId, '  I know Docker well. ')).toEqual({
      success: true,
      message: 'Request sent',
    });
    expect(await t.rawDoc('projectApplications', applicationId(projectId, t.bob.uid))).toEqual({
      projectId,
      ownerId: t.alice.uid,
      applicantId: t.bob.uid,
      applicantName: 'Bob',
      applicantPhoto: null,
      note: 'I know Docker well.',
      status: 'pending',
      createdAt: TEST_START_MS + 1000,
      decidedAt: null,
    });

    t.clock.advance(1000);
    const decidedAt = TEST_START_MS + 2000;
    expect(await approveAs(t.alice, projectId, t.bob.uid)).toEqual({
      success: true,
      message: 'Request approved',
    });
    const after = await snapshot(projectId);
    expect(after.project?.memberIds).toEqual([t.alice.uid, t.bob.uid]);
    expect(after.project?.members).toEqual([
      { id: t.alice.uid, displayName: 'Alice', photoURL: null, skills: [] },
      { id: t.bob.uid, displayName: 'Bob', photoURL: null, skills: ['React', 'Docker'] },
    ]);
    expect(after.bobApplication).toMatchObject({ status: 'approved', decidedAt });
    expect(after.bobInbox?.hasNewNotification).toBe(true);
    expect(after.bobInbox?.notifications).toEqual({
      [projectNotificationIdFor(projectId, t.bob.uid, decidedAt)]: {
        id: projectNotificationIdFor(projectId, t.bob.uid, decidedAt),
        type: 'projectApplicationApproved',
        message: 'Alice approved your request to join Trail map',
        senderId: t.alice.uid,
        senderName: 'Alice',
        senderPhoto: null,
        read: false,
        // the server's time of the decision
        createdAt: decidedAt,
      },
    });
  });

  it('apply -> decline: no member added, the applicant is notified, and may ask again', async () => {
    const projectId = await aliceCreates();
    await applyAs(carol, projectId);
    t.clock.advance(500);
    expect(await declineAs(t.alice, projectId, carol.uid)).toEqual({
      success: true,
      message: 'Request declined',
    });
    expect((await t.rawDoc('projects', projectId))?.memberIds).toEqual([t.alice.uid]);
    expect(await t.rawDoc('projectApplications', applicationId(projectId, carol.uid))).toMatchObject({
      status: 'declined',
      decidedAt: TEST_START_MS + 500,
    });
    const carolInbox = await t.rawDoc('inboxes', carol.uid);
    expect(carolInbox?.hasNewNotification).toBe(true);
    expect(Object.values(carolInbox?.notifications ?? {})).toEqual([
      expect.objectContaining({
        type: 'projectApplicationDeclined',
        senderId: t.alice.uid,
        message: 'Alice declined your request to join Trail map',
      }),
    ]);
    expect((await applyAs(carol, projectId, 'Second try')).success).toBe(true);
  });

  it('adds the notification to those already in the inbox, keyed by id', async () => {
    const projectId = await aliceCreates();
    await t.adminWrite('inboxes', t.bob.uid, {
      notifications: { old: { id: 'old', type: 'friendRequestAccepted', read: true } },
    });
    await applyAs(t.bob, projectId);
    expect((await approveAs(t.alice, projectId, t.bob.uid)).success).toBe(true);
    const notifications = (await t.rawDoc('inboxes', t.bob.uid))?.notifications as Record<string, unknown>;
    expect(Object.keys(notifications)).toEqual(['old', projectNotificationIdFor(projectId, t.bob.uid, TEST_START_MS)]);
  });

  it('a block between owner and applicant stops the approval, not the decline', async () => {
    const projectId = await aliceCreates();
    await applyAs(t.bob, projectId);
    await applyAs(carol, projectId);
    await blockAs(t.alice, t.bob);
    await blockAs(carol, t.alice);
    const before = await snapshot(projectId);
    // Alice's own block is said plainly; Carol's, which Alice cannot read, is refused by the rules.
    expect(await approveAs(t.alice, projectId, t.bob.uid)).toEqual({
      success: false,
      message: 'You blocked Bob. Unblock them to approve their request.',
    });
    expect((await approveAs(t.alice, projectId, carol.uid)).success).toBe(false);
    expect(await snapshot(projectId)).toEqual(before);
    expect((await t.rawDoc('projectApplications', applicationId(projectId, carol.uid)))?.status).toBe('pending');
    expect((await declineAs(t.alice, projectId, t.bob.uid)).success).toBe(true);
  });

  it('withdraw: only a pending request, by its applicant', async () => {
    const projectId = await aliceCreates();
    await applyAs(t.bob, projectId);
    expect(await withdrawAs(t.bob, projectId)).toEqual({
      success: true,
      message: 'Request withdrawn',
    });
    expect((await t.rawDoc('projectApplications', applicationId(projectId, t.bob.uid)))?.status).toBe('withdrawn');
    expect(await withdrawAs(t.bob, projectId)).toEqual({
      success: false,
      message: 'This request was already withdrawn',
    });
    expect(await withdrawAs(carol, projectId)).toEqual({
      success: false,
      message: 'Request not found',
    });
  });
});

describe('bad input changes nothing', () => {
  it('an unknown project id', async () => {
    const missing = 'no-such-project';
    expect(await applyAs(t.bob, missing)).toEqual({
      success: false,
      message: 'This project does not exist',
    });
    expect(await approveAs(t.alice, missing, t.bob.uid)).toEqual({
      success: false,
      message: 'This project does not exist',
    });
    expect(await t.rawDoc('projectApplications', applicationId(missing, t.bob.uid))).toBeNull();
  });

  it('applying twice while pending', async () => {
    const projectId = await aliceCreates();
    await applyAs(t.bob, projectId, 'First');
    const before = await snapshot(projectId);
    t.clock.advance(1000);
    expect(await applyAs(t.bob, projectId, 'Second')).toEqual({
      success: false,
      message: 'You already asked to join this project.',
    });
    expect(await snapshot(projectId)).toEqual(before);
  });

  it('approving a request that was withdrawn', async () => {
    const projectId = await aliceCreates();
    await applyAs(t.bob, projectId);
    await withdrawAs(t.bob, projectId);
    const before = await snapshot(projectId);
    expect(await approveAs(t.alice, projectId, t.bob.uid)).toEqual({
      success: false,
      message: 'This request was withdrawn',
    });
    expect(await snapshot(projectId)).toEqual(before);
    expect(before.bobInbox?.notifications ?? {}).toEqual({});
  });

  it('the owner applying, a member applying, a non-owner answering, a note too long', async () => {
    const projectId = await aliceCreates();
    expect((await applyAs(t.alice, projectId)).message).toBe('You own this project.');
    expect((await applyAs(t.bob, projectId, 'x'.repeat(501))).message).toBe('The note must be at most 500 characters.');
    await applyAs(t.bob, projectId);
    expect(await approveAs(carol, projectId, t.bob.uid)).toEqual({
      success: false,
      message: 'Only the project owner can answer requests.',
    });
    await approveAs(t.alice, projectId, t.bob.uid);
    expect((await applyAs(t.bob, projectId)).message).toBe('You are already a member of this project.');
    expect(await declineAs(t.alice, projectId, t.bob.uid)).toEqual({
      success: false,
      message: 'This request was already approved',
    });
  });
});

describe('the policy behind the operations', () => {
  it('lets nobody join a team or approve themselves by writing directly', async () => {
    const projectId = await aliceCreates();
    await applyAs(t.bob, projectId);
    const appRef = docRef('projectApplications', applicationId(projectId, t.bob.uid));
    await expect(t.bob.backend.db.update(appRef, { status: 'approved', decidedAt: 1 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      t.bob.backend.db.update(docRef('projects', projectId), { memberIds: fieldValue.arrayUnion(t.bob.uid) }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    // The owner cannot add a member without approving a request in the same write.
    await expect(
      t.alice.backend.db.update(docRef('projects', projectId), {
        memberIds: [t.alice.uid, carol.uid],
        members: [
          { id: t.alice.uid, displayName: 'Alice', photoURL: null, skills: [] },
          { id: carol.uid, displayName: 'Carol', photoURL: null, skills: [] },
        ],
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('lets nobody but the owner who decided send the decision notification', async () => {
    const projectId = await aliceCreates();
    await applyAs(t.bob, projectId);
    const forged = {
      id: projectNotificationIdFor(projectId, t.bob.uid, TEST_START_MS),
      type: 'projectApplicationApproved',
      message: 'Carol approved your request to join Trail map',
      senderId: carol.uid,
      senderName: 'Carol',
      senderPhoto: null,
      read: false,
      createdAt: new Date(TEST_START_MS).toISOString(),
    };
    await expect(
      carol.backend.db.set(
        docRef('inboxes', t.bob.uid),
        { notifications: { [forged.id]: forged }, hasNewNotification: true },
        { merge: true },
      ),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    // Even the owner may not send one without deciding in the same write.
    await expect(
      t.alice.backend.db.set(
        docRef('inboxes', t.bob.uid),
        {
          notifications: {
            [forged.id]: {
              ...forged,
              senderId: t.alice.uid,
              senderName: 'Alice',
              createdAt: fieldValue.serverTimestamp(),
            },
          },
        },
        { merge: true },
      ),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
