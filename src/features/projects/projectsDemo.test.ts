// The demo projects in the seed, read as the app reads them: enough of them, teams in step with
// the demo developers, and every application a valid one.
import { buildSeedDocuments, DEMO_COMMUNITY } from '../../backend/local/seed';
import { toApplication, toProject } from './projectRecords';

const NOW = Date.UTC(2026, 10, 22);
const seeded = buildSeedDocuments(DEMO_COMMUNITY, NOW);
const projects = seeded.filter((doc) => doc.collection === 'projects');
const applications = seeded.filter((doc) => doc.collection === 'projectApplications');
const developers = new Map(DEMO_COMMUNITY.developers.map((dev) => [dev.uid, dev]));

it('seeds at least 6 projects with teams and required skills across the vocabulary', () => {
  expect(projects.length).toBeGreaterThanOrEqual(6);
  const skills = new Set(projects.flatMap((doc) => toProject(doc.id, doc.data)?.requiredSkills ?? []));
  expect(skills.size).toBeGreaterThanOrEqual(15);
  expect(
    projects.filter((doc) => (toProject(doc.id, doc.data)?.members.length ?? 0) > 1).length,
  ).toBeGreaterThanOrEqual(5);
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

it('seeds applications the app reads, each from a demo developer', () => {
  expect(applications.length).toBeGreaterThan(0);
  for (const doc of applications) {
    const application = toApplication(doc.id, doc.data);
    expect(developers.has(application?.applicantId ?? '')).toBe(true);
  }
});
