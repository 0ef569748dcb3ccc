import type { DirectoryPerson, ExploreViewer, RankedPerson } from './explorePeople';
import {
  bestMatchScore,
  filterAndSortPeople,
  findSharedSkills,
  formatMutualFriends,
  matchesSearch,
  pickSuggestions,
  rankPeople,
  skillOptions,
  sortPeople,
  suggestionReason,
  toDirectoryPerson,
  topSkills,
} from './explorePeople';

const person = (id: string, overrides: Partial<DirectoryPerson> = {}): DirectoryPerson => ({
  id,
  displayName: id,
  photoURL: null,
  bio: '',
  skills: [],
  joinDate: null,
  friendIds: [],
  ...overrides,
});

const viewer: ExploreViewer = { uid: 'me', skills: ['React', 'firebase', 'Go'], friendIds: ['f1', 'f2', 'f3'] };

const directory: DirectoryPerson[] = [
  person('me', { displayName: 'Me Myself', skills: ['React'] }),
  person('ada', {
    displayName: 'Ada Lovelace',
    skills: ['Python', 'React', 'Firebase'],
    joinDate: 100,
    friendIds: ['f1'],
  }),
  person('linus', { displayName: 'Linus', skills: ['C', 'Linux'], joinDate: 300, friendIds: ['f1', 'f2', 'f3', 'x'] }),
  person('grace', { displayName: 'Grace Hopper', skills: ['COBOL', 'go'], joinDate: 200 }),
  person('zed', { displayName: 'Zed', skills: [], joinDate: null }),
];

const ranked = rankPeople(directory, viewer);
const ids = (people: readonly RankedPerson[]) => people.map((p) => p.id);
const byId = (id: string) => {
  const found = ranked.find((p) => p.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('findSharedSkills', () => {
  it.each<[string[], string[], string[]]>([
    [['React', 'Go'], ['react'], ['React']],
    [['React', 'Go'], [], []],
    [[], ['React'], []],
    [
      ['Node.js', 'Firebase', 'Rust'],
      ['FIREBASE', 'rust '],
      ['Firebase', 'Rust'],
    ],
  ])('%j vs viewer %j -> %j', (skills, viewerSkills, expected) => {
    expect(findSharedSkills(skills, viewerSkills)).toEqual(expected);
  });
});

describe('mutual friends (rankPeople: mutualFriendCount)', () => {
  it.each<[string[], string[], number]>([
    [[], ['a'], 0],
    [['a', 'b'], ['b', 'c'], 1],
    [['a', 'b', 'c'], ['a', 'b', 'c'], 3],
    [['a', 'a'], ['a'], 1],
  ])('%j and %j share %d', (theirs, mine, expected) => {
    const [ranked] = rankPeople([person('p', { friendIds: theirs })], { ...viewer, friendIds: mine });
    expect(ranked?.mutualFriendCount).toBe(expected);
  });
});

describe("bestMatchScore (the project match score, with the viewer's circle as the project)", () => {
  const many = ['React', 'Firebase', 'Go', 'Rust', 'C', 'Java', 'Kotlin', 'Swift', 'Zig'];
  it.each<[string, string[], string[], number]>([
    ['nothing in common', [], [], 0],
    ['1 of 3 of my skills (coverage 70 * 1/3)', ['react'], [], 23],
    ['all 3 of my skills', ['React', 'Firebase', 'GO'], [], 70],
    ['a skill I lack (complement, 1 point)', ['Rust'], [], 1],
    ['a mutual friend (social, 10 points)', [], ['f1'], 10],
    ['two mutual friends (social capped at 15)', [], ['f1', 'f2'], 15],
    ['the most a person scores: my skills, five more, two mutual friends', many, ['f1', 'f2'], 90],
  ])('%s', (_case, skills, mutualFriendIds, expected) => {
    expect(bestMatchScore(viewer, { id: 'p', skills }, mutualFriendIds)).toBe(expected);
  });

  it('weighs one shared skill of three above a mutual friend', () => {
    expect(bestMatchScore(viewer, { id: 'p', skills: ['Go'] }, [])).toBeGreaterThan(
      bestMatchScore(viewer, { id: 'p', skills: [] }, ['f1']),
    );
  });

  it('still ranks by mutual friends and new skills for a viewer without skills', () => {
    const newcomer: ExploreViewer = { uid: 'me', skills: [], friendIds: ['f1'] };
    expect(bestMatchScore(newcomer, { id: 'p', skills: ['Go'] }, ['f1'])).toBe(11);
  });
});

describe('rankPeople', () => {
  it('never lists the viewer', () => {
    expect(ids(ranked)).not.toContain('me');
    expect(ranked).toHaveLength(4);
  });

  describe('works out shared skills, mutual friends and score', () => {
    it.each<[string, Partial<RankedPerson>]>([
      // 47 for 2 of my 3 skills, 1 for Python, 10 for the mutual friend.
      ['ada', { sharedSkills: ['React', 'Firebase'], mutualFriendCount: 1, score: 58 }],
      // 2 for C and Linux, 15 (capped) for three mutual friends.
      ['linus', { sharedSkills: [], mutualFriendCount: 3, score: 17 }],
      // 23 for 1 of my 3 skills, 1 for COBOL.
      ['grace', { sharedSkills: ['go'], mutualFriendCount: 0, score: 24 }],
      ['zed', { sharedSkills: [], mutualFriendCount: 0, score: 0 }],
    ])('%s', (id, expected) => {
      expect(byId(id)).toMatchObject(expected);
    });
  });

  it('lists everyone when signed out', () => {
    expect(rankPeople(directory, { uid: null, skills: [], friendIds: [] })).toHaveLength(5);
  });
});

describe('matchesSearch', () => {
  it.each([
    ['', 'ada', true],
    ['ada', 'ada', true],
    ['LOVELACE', 'ada', true],
    ['pyth', 'ada', true],
    ['ada react', 'ada', true],
    ['ada rust', 'ada', false],
    ['linux', 'linus', true],
    ['linux', 'ada', false],
    ['  hopper  ', 'grace', true],
  ])('%j matches %s: %s', (query, id, expected) => {
    expect(matchesSearch(byId(id), query)).toBe(expected);
  });

  it('finds names and skills whatever their accents', () => {
    const lucia = rankPeople([person('lucia', { displayName: 'Lucía García', skills: ['Diseño'] })], viewer)[0]!;
    expect(matchesSearch(lucia, 'garcia')).toBe(true);
    expect(matchesSearch(lucia, 'Lucía')).toBe(true);
    expect(matchesSearch(lucia, 'lucia diseno')).toBe(true);
    expect(matchesSearch(lucia, 'maria')).toBe(false);
  });
});

describe('sortPeople', () => {
  it.each<[Parameters<typeof sortPeople>[1], string[]]>([
    ['bestMatch', ['ada', 'grace', 'linus', 'zed']],
    ['mostMutual', ['linus', 'ada', 'grace', 'zed']],
    ['newest', ['linus', 'grace', 'ada', 'zed']],
  ])('%s', (sort, expected) => {
    expect(ids(sortPeople(ranked, sort))).toEqual(expected);
  });

  it('breaks ties by name', () => {
    const tied = rankPeople([person('b', { displayName: 'bob' }), person('a', { displayName: 'Alice' })], viewer);
    expect(ids(sortPeople(tied, 'bestMatch'))).toEqual(['a', 'b']);
  });

  it('does not mutate its input', () => {
    const before = ids(ranked);
    sortPeople(ranked, 'newest');
    expect(ids(ranked)).toEqual(before);
  });
});

describe('filterAndSortPeople', () => {
  it.each<[string, string[], Parameters<typeof sortPeople>[1], string[]]>([
    ['', [], 'bestMatch', ['ada', 'grace', 'linus', 'zed']],
    ['react', [], 'bestMatch', ['ada']],
    ['', ['GO'], 'bestMatch', ['grace']],
    ['', ['React', 'Python'], 'newest', ['ada']],
    ['', ['React', 'Rust'], 'newest', []],
    ['o', [], 'newest', ['grace', 'ada']],
    ['nobody', [], 'bestMatch', []],
  ])('query %j, skills %j, %s', (query, skills, sort, expected) => {
    expect(ids(filterAndSortPeople(ranked, { query, skills, sort }))).toEqual(expected);
  });

  it('filters 500 people by name and by skill', () => {
    const many = Array.from({ length: 500 }, (_, index) =>
      person(`p${index}`, {
        displayName: `Person ${index}`,
        skills: [`Skill ${index % 40}`, index % 3 === 0 ? 'React' : 'Vue', 'Docker'],
        friendIds: [`f${index % 7}`, 'f1'],
        joinDate: index,
      }),
    );
    const rankedMany = rankPeople(many, viewer);
    // Speed is measured by `npm run bench`, not asserted here: timings flake on a busy machine.
    expect(filterAndSortPeople(rankedMany, { query: 'react', skills: [], sort: 'bestMatch' })).toHaveLength(167);
    // Every word of the query must match: "person" and "49" (anywhere in the name).
    expect(
      filterAndSortPeople(rankedMany, { query: 'person 49', skills: [], sort: 'newest' }).map((p) => p.id),
    ).toEqual([
      'p499',
      'p498',
      'p497',
      'p496',
      'p495',
      'p494',
      'p493',
      'p492',
      'p491',
      'p490',
      'p449',
      'p349',
      'p249',
      'p149',
      'p49',
    ]);
  });
});

describe('suggestions', () => {
  it.each<[string[], number, string | null]>([
    [['React', 'Firebase'], 0, 'shares React and Firebase'],
    [['React'], 0, 'shares React'],
    [[], 3, '3 mutual friends'],
    [[], 1, '1 mutual friend'],
    [['Go'], 2, 'shares Go · 2 mutual friends'],
    [['A', 'B', 'C'], 0, 'shares A, B and C'],
    [['A', 'B', 'C', 'D', 'E'], 0, 'shares A, B and 3 more skills'],
    [[], 0, null],
  ])('reason for %j and %d mutual', (sharedSkills, mutualFriendCount, expected) => {
    expect(suggestionReason({ sharedSkills, mutualFriendCount })).toBe(expected);
  });

  it('picks the best matches that are not friends yet and have a reason', () => {
    expect(ids(pickSuggestions(ranked, ['linus'], 3))).toEqual(['ada', 'grace']);
    expect(ids(pickSuggestions(ranked, [], 1))).toEqual(['ada']);
  });

  it('does not suggest someone whose only points are skills the viewer lacks', () => {
    const [stranger] = rankPeople([person('s', { skills: ['Rust'] })], viewer);
    expect(stranger?.score).toBe(1);
    expect(pickSuggestions(stranger ? [stranger] : [], [], 3)).toEqual([]);
  });
});

describe('card helpers', () => {
  it('puts shared skills first in the top skills', () => {
    expect(topSkills(byId('ada'), 2)).toEqual(['React', 'Firebase']);
    expect(topSkills(byId('ada'), 5)).toEqual(['React', 'Firebase', 'Python']);
  });

  it.each([
    [0, '0 mutual friends'],
    [1, '1 mutual friend'],
    [3, '3 mutual friends'],
  ])('formats %d mutual friends', (count, expected) => {
    expect(formatMutualFriends(count)).toBe(expected);
  });

  it('offers each skill once, most common first, in its most common spelling', () => {
    expect(
      skillOptions([
        person('a', { skills: ['React', 'Go'] }),
        person('b', { skills: ['react', 'Rust'] }),
        person('c', { skills: ['React', 'Go', 'Go'] }),
      ]),
    ).toEqual(['React', 'Go', 'Rust']);
  });
});

describe('toDirectoryPerson', () => {
  it('keeps only plain data the page needs', () => {
    expect(
      toDirectoryPerson('u1', {
        displayName: 'Ada',
        photoURL: null,
        bio: 'Hi',
        skills: ['Go'],
        joinDate: 5,
        friends: [{ id: 'f1', displayName: 'F', photoURL: null, addedAt: '2026-01-01T00:00:00.000Z' }],
      }),
    ).toEqual({
      id: 'u1',
      displayName: 'Ada',
      photoURL: null,
      bio: 'Hi',
      skills: ['Go'],
      joinDate: 5,
      friendIds: ['f1'],
    });
  });
});
