// The demo projects in the seed: enough of them, teams in step with the demo developers, and
// every document one the access policy would accept from its owner or applicant.
import { DEMO_COMMUNITY } from '../../backend/local/demoCommunity';
import { checkWrite } from '../../backend/local/policy';
import { buildSeedDocuments } from '../../backend/local/seed';
import type { DocData } from '../../backend/port';
import { toApplication, toProject } from './projectRecords';

const NOW = Date.UTC(2026, 10, 22);
const seeded = buildSeedDocuments(DEMO_COMMUNITY, NOW);
const projects = seeded.filter((doc) => doc.collection === 'projects');
const applications = seeded.filter((doc) => doc.collection === 'projectApplications');
const developers = new Map(DEMO_COMMUNITY.developers.map((dev) => [dev.uid, dev]));
const byKey = new Map(seeded.map((doc) => [`${doc.collection}/${doc.id}`, doc.data]));

const allowedFor = (actor: string, collection: string, id: string, after: DocData) =>
  checkWrite({
    actorUid: actor,
    actorEmail: null,
    ref: { collection, id },
    before: null,
    after,
    getAfter: (ref) => byKey.get(`${ref.collection}/${ref.id}`) ?? null,
    get: () => null,
    // Each document as written at its own creation: createdAt is that write's server time.
    requestTime: typeof after.createdAt === 'number' ? after.createdAt : NOW,
  }).allowed;

it('seeds at least 6 projects with teams and required skills across the vocabulary', () => {
  expect(projects.length).toBeGreaterThanOrEqual(6);
  const skills = new Set(projects.flatMap((doc) => toProject(doc.id, doc.data)?.requiredSkills ?? []));
  expect(skills.size).toBeGreaterThanOrEqual(15);
  expect(projects.filter((doc) => (toProject(doc.id, doc.data)?.members.length ?? 0) > 1).length).toBeGreaterThanOrEqual(5);
});

it('keeps every member in step with the demo developer (name and skills) and times resolved', () => {
  for (const doc of projects) {
    const project = toProject(doc.id, doc.data)!;
    expect(project.createdAt).toBeLessThan(NOW);
    expect(project.memberIds[0]).toBe(project.ownerId);
    expect(project.ownerName).toBe(developers.get(project.ownerId)?.displayName);
    for (const member of project.members) {
      const dev = developers.get(member.id);
      expect({ id: member.id, displayName: member.displayName, skills: member.skills }).toEqual({
        id: member.id,
        displayName: dev?.displayName,
        skills: dev ? [...dev.skills] : undefined,
      });
    }
  }
});

it('writes only documents the policy accepts (project fields; pending requests to recruiting projects)', () => {
  for (const doc of projects) {
    const owner = doc.data.ownerId as string;
    // A new project starts with its owner alone; the rest of the team joined through requests.
    const solo = { ...doc.data, memberIds: [owner], members: (doc.data.members as DocData[]).slice(0, 1) };
    expect({ id: doc.id, allowed: allowedFor(owner, 'projects', doc.id, solo) }).toEqual({ id: doc.id, allowed: true });
  }
  expect(applications.length).toBeGreaterThan(0);
  for (const doc of applications) {
    const application = toApplication(doc.id, doc.data)!;
    expect(allowedFor(application.applicantId, 'projectApplications', doc.id, doc.data)).toBe(true);
  }
});
