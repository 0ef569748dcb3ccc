import type { MatchViewer } from '../../domain/matchScore';
import type { Project } from '../../domain/projectTypes';
import type { Tribe } from '../../domain/tribeTypes';
import type { DirectoryPerson } from '../explore';
import { rankPeople } from '../explore';
import {
  matchedRequiredSkills,
  profileCompleteness,
  recommendPeople,
  recommendProjects,
  recommendTribes,
} from './dashboardLogic';

describe('profileCompleteness', () => {
  it.each<[string, { photoURL: string | null; bio: string; skills: string[] }, number, string[]]>([
    ['an empty profile', { photoURL: null, bio: '', skills: [] }, 0, ['photo', 'bio', 'skills']],
    ['a blank bio counts as none', { photoURL: 'https://x/p.png', bio: '   ', skills: ['A', 'B', 'C'] }, 2, ['bio']],
    [
      'the same skill twice counts once',
      { photoURL: null, bio: 'Hi', skills: ['Go', 'go ', 'Rust'] },
      1,
      ['photo', 'skills'],
    ],
    ['a complete profile', { photoURL: 'https://x/p.png', bio: 'Hi', skills: ['A', 'B', 'C'] }, 3, []],
  ])('%s', (_case, profile, done, missing) => {
    const result = profileCompleteness(profile);
    expect(result).toMatchObject({ done, total: 3 });
    expect(result.missing.map((entry) => entry.item)).toEqual(missing);
  });

  it('says how many skills there are', () => {
    expect(profileCompleteness({ photoURL: null, bio: '', skills: ['Go'] }).missing[2]?.label).toBe(
      'List at least 3 skills (you have 1)',
    );
  });
});

const person = (id: string, skills: string[], friendIds: string[] = []): DirectoryPerson => ({
  id,
  displayName: id,
  photoURL: null,
  bio: '',
  skills,
  joinDate: null,
  friendIds,
});

describe('recommendPeople', () => {
  const viewer = { uid: 'me', skills: ['React', 'Firebase'], friendIds: ['f1'] };
  const ranked = rankPeople(
    [
      person('me', ['React']),
      person('ada', ['React', 'Firebase']),
      person('bo', ['Go'], ['f1']),
      person('cy', ['React']),
      person('f1', ['React']),
      person('dee', ['Go']),
    ],
    viewer,
  );
  it.each<[string, string[], [string, string][]]>([
    [
      'best match first, friends left out, each with its reason',
      [],
      [
        ['ada', 'Shares React and Firebase'],
        ['cy', 'Shares React'],
        ['bo', '1 mutual friend'],
      ],
    ],
    [
      'nobody a request is pending with',
      ['ada'],
      [
        ['cy', 'Shares React'],
        ['bo', '1 mutual friend'],
      ],
    ],
  ])('%s', (_case, pending, expected) => {
    expect(
      recommendPeople(ranked, viewer.friendIds, new Set(pending)).map(({ item, reason }) => [item.id, reason]),
    ).toEqual(expected);
  });
});

const project = (id: string, requiredSkills: string[], overrides: Partial<Project> = {}): Project => ({
  id,
  title: id,
  summary: '',
  description: '',
  requiredSkills,
  ownerId: 'owner',
  ownerName: 'Owner',
  memberIds: ['owner'],
  members: [{ id: 'owner', displayName: 'Owner', photoURL: null, skills: [] }],
  status: 'recruiting',
  commitment: 5,
  repositoryUrl: null,
  createdAt: 0,
  ...overrides,
});

describe('recommendProjects', () => {
  const viewer: MatchViewer = { id: 'me', skills: ['React', 'Go'], friendIds: [], tribeMateIds: [] };
  it.each<[string, Project[], string[]]>([
    [
      'top 3 by match score, each with its score and my skills',
      [
        project('a', ['React', 'Rust']),
        project('b', ['React', 'Go']),
        project('c', ['Go']),
        project('d', ['Go', 'Rust', 'C']),
      ],
      ['b: 80% match: you have React and Go', 'c: 76% match: you have Go', 'a: 41% match: you have React'],
    ],
    [
      'not projects I am on, not ones that stopped recruiting',
      [project('mine', ['React'], { memberIds: ['owner', 'me'] }), project('done', ['React'], { status: 'completed' })],
      [],
    ],
    ['not projects none of my skills fit', [project('far', ['COBOL'])], []],
  ])('%s', (_case, projects, expected) => {
    expect(recommendProjects(projects, viewer).map(({ item, reason }) => `${item.id}: ${reason}`)).toEqual(expected);
  });

  it("names matched skills in the project's spelling", () => {
    expect(matchedRequiredSkills({ requiredSkills: ['react', 'Rust'] }, ['React '])).toEqual(['react']);
  });
});

const tribe = (id: string, topics: string[], lastActivityAt = 0): Tribe => ({
  id,
  name: id,
  tagline: '',
  description: '',
  topics,
  joinPolicy: 'open',
  ownerId: 'owner',
  memberCount: 1,
  postCount: 0,
  createdAt: 0,
  lastActivityAt,
});

describe('recommendTribes', () => {
  const tribes = [
    tribe('web', ['TypeScript'], 5),
    tribe('systems', ['Rust', 'TypeScript']),
    tribe('gophers', ['Go']),
    tribe('joined', ['Rust']),
  ];
  it.each<[string[], string[]]>([
    [
      ['TypeScript', 'Rust'],
      ['systems: Matches your Rust and TypeScript', 'web: Matches your TypeScript'],
    ],
    [['COBOL'], []],
  ])('skills %j', (skills, expected) => {
    expect(
      recommendTribes(tribes, new Set(['joined']), skills).map(({ item, reason }) => `${item.id}: ${reason}`),
    ).toEqual(expected);
  });
});
