// Skills match for someone whose browser speaks Turkish. There "I" lowers to a dotless "ı", and
// a Turkish keyboard types "İ" for a capital i, so a profile may say "JAVASCRIPT" or "TYPESCRİPT"
// where projects, people and tribes say "JavaScript" and "typescript". Read through the real
// reducers and the selectors the pages use, with the runtime's default locale set to Turkish.
import type { LoadedState } from '../app/rootReducer';
import { validateNewSkill } from '../domain/profileValidation';
import { sharedTopics } from '../domain/tribeLogic';
import type { DirectoryPerson } from '../features/explore';
import { peopleLoaded } from '../features/explore/exploreSlice';
import { selectExploreResults, selectSkillOptions } from '../features/explore/exploreSlice';
import {
  filterRankedProjects,
  listLoaded,
  selectProjectSkillOptions,
  selectRankedProjects,
} from '../features/projects/projectsSlice';
import { selectTribeResults } from '../features/tribes/tribeSelectors';
import { directoryLoaded } from '../features/tribes/tribesSlice';
import { rootReducer } from './allFeatures';
import { defaultLocaleLowerCase, withDefaultLocaleDuringTests } from './defaultLocale';
import { testProject, testTribe } from './fixtures';
import { signedInRootState } from './signedInState';

withDefaultLocaleDuringTests('tr-TR');

const AYSE_SKILLS = ['JAVASCRIPT', 'TYPESCRİPT', 'SQL'];

const project = testProject(
  { id: 'bob', displayName: 'Bob', skills: ['Go'] },
  { requiredSkills: ['JavaScript', 'TypeScript'] },
);

const person = (id: string, displayName: string, skills: string[]): DirectoryPerson => ({
  id,
  displayName,
  photoURL: null,
  bio: '',
  skills,
  joinDate: 1,
  friendIds: [],
});

const tribe = testTribe({ name: 'Web Platform', topics: ['JavaScript', 'TypeScript', 'CSS'] });

function ayseState(): LoadedState {
  const signedIn = signedInRootState({ uid: 'ayse', email: null, displayName: 'Ayşe' }, { skills: AYSE_SKILLS });
  return [
    listLoaded({ projects: [project] }),
    peopleLoaded({
      people: [
        person('ilker', 'İlker', ['javascript', 'typescript']),
        person('cem', 'Cem', ['JavaScript', 'Go']),
        person('deniz', 'Deniz', ['JavaScript']),
      ],
    }),
    directoryLoaded({ tribes: [tribe] }),
  ].reduce(rootReducer, signedIn);
}

it('(control) the runtime lowers capitals the Turkish way', () => {
  expect(defaultLocaleLowerCase('JAVASCRIPT')).toBe('javascrıpt');
});

it('matches the profile skills to a project’s required skills', () => {
  const [ranked] = selectRankedProjects(ayseState());
  const coverage = ranked?.match.components.find((component) => component.key === 'coverage');
  expect(coverage).toMatchObject({ points: 70, detail: 'You have 2 of 2 required skills: JavaScript and TypeScript.' });
  expect(ranked?.match.suggestions).toEqual([]);
});

it('filters projects by a skill in any spelling, with one option per skill', () => {
  const state = ayseState();
  const ranked = selectRankedProjects(state);
  expect(filterRankedProjects(ranked, { skill: 'JAVASCRİPT', status: '' })).toHaveLength(1);
  expect(filterRankedProjects(ranked, { skill: 'TYPESCRIPT', status: '' })).toHaveLength(1);
  expect(selectProjectSkillOptions(state)).toEqual(['JavaScript', 'TypeScript']);
});

it('finds people by skill on explore, and shows the skills they share', () => {
  const state = ayseState();
  const withJavaScript = selectExploreResults(state, '', 'JavaScript', 'bestMatch');
  expect(withJavaScript.map((found) => [found.id, found.sharedSkills])).toEqual([
    ['ilker', ['javascript', 'typescript']],
    ['cem', ['JavaScript']],
    ['deniz', ['JavaScript']],
  ]);
  expect(selectExploreResults(state, '', 'TYPESCRIPT', 'bestMatch').map((found) => found.id)).toEqual(['ilker']);
  expect(selectSkillOptions(state)).toEqual(['JavaScript', 'Go', 'typescript']);
});

it('matches tribe topics to the profile skills', () => {
  const state = ayseState();
  expect(sharedTopics(tribe, AYSE_SKILLS)).toEqual(['JavaScript', 'TypeScript']);
  expect(selectTribeResults(state, 'typescrıpt', 'forYou').map((found) => found.id)).toEqual(['t1']);
});

it('refuses a skill already on the profile in another spelling', () => {
  expect(validateNewSkill('javascript', AYSE_SKILLS)).toBe('JAVASCRIPT is already in your skills.');
  expect(validateNewSkill('TypeScript', AYSE_SKILLS)).toBe('TYPESCRİPT is already in your skills.');
});
