// Every demo project and application in the seed is one the access policy would accept from
// its owner or applicant (features/projects/projectsDemo.test.ts reads them as the app does).
import type { DocData } from '../../port';
import { checkWrite } from '../policy';
import { buildSeedDocuments } from '../seed';
import { DEMO_COMMUNITY } from './demoCommunity';

const NOW = Date.UTC(2026, 10, 22);
const seeded = buildSeedDocuments(DEMO_COMMUNITY, NOW);
const projects = seeded.filter((doc) => doc.collection === 'projects');
const applications = seeded.filter((doc) => doc.collection === 'projectApplications');
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

it('writes only documents the policy accepts (project fields; pending requests to recruiting projects)', () => {
  for (const doc of projects) {
    const owner = doc.data.ownerId as string;
    // A new project starts with its owner alone; the rest of the team joined through requests.
    const solo = { ...doc.data, memberIds: [owner], members: (doc.data.members as DocData[]).slice(0, 1) };
    expect({ id: doc.id, allowed: allowedFor(owner, 'projects', doc.id, solo) }).toEqual({ id: doc.id, allowed: true });
  }
  expect(applications.length).toBeGreaterThan(0);
  for (const doc of applications) {
    expect(allowedFor(doc.data.applicantId as string, 'projectApplications', doc.id, doc.data)).toBe(true);
  }
});
