// Explore people as pure functions: who is shown, in which order, and why they are suggested.
// rankPeople runs once per directory or viewer change; filterAndSortPeople once per keystroke,
// over precomputed keys, so 500 people filter without re-deriving anything.
import { compareIds, compareText, textKey } from '../../domain/compareText';
import type { MatchProject } from '../../domain/matchScore';
import { matchScore } from '../../domain/matchScore';
import type { UserProfile } from '../../domain/profileTypes';
import { searchKey } from '../../domain/searchText';

/** One person of the directory, as plain data. */
export interface DirectoryPerson {
  id: string;
  displayName: string;
  photoURL: string | null;
  bio: string;
  skills: string[];
  /** epoch ms */
  joinDate: number | null;
  friendIds: string[];
}

export interface ExploreViewer {
  uid: string | null;
  skills: readonly string[];
  friendIds: readonly string[];
}

export interface RankedPerson extends DirectoryPerson {
  /** The person's skills that the viewer has too, in the person's spelling. */
  sharedSkills: string[];
  mutualFriendCount: number;
  score: number;
  /** Name and skills as search compares them (searchKey: no case, no accents). */
  nameKey: string;
  skillSearchKeys: string[];
  /** Skills under textKey (any case, in any locale), for the skill filter. */
  skillKeys: string[];
}

export type ExploreSort = 'bestMatch' | 'mostMutual' | 'newest';

export const EXPLORE_SORTS: readonly { value: ExploreSort; label: string }[] = [
  { value: 'bestMatch', label: 'Best match' },
  { value: 'mostMutual', label: 'Most mutual friends' },
  { value: 'newest', label: 'Newest' },
];

interface ExploreCriteria {
  query: string;
  /** Only people with every one of these skills (case-insensitive). */
  skills: readonly string[];
  sort: ExploreSort;
}

export function findSharedSkills(personSkills: readonly string[], viewerSkills: readonly string[]): string[] {
  const viewerKeys = new Set(viewerSkills.map(textKey));
  return personSkills.filter((skill) => viewerKeys.has(textKey(skill)));
}

/** The person's friends who are the viewer's friends too (each once). */
function findMutualFriendIds(personFriendIds: readonly string[], viewerFriendIds: ReadonlySet<string>): string[] {
  return [...new Set(personFriendIds)].filter((id) => viewerFriendIds.has(id));
}

/**
 * "Best match" is the project match score (src/domain/matchScore.ts), with the roles mapped so that it
 * asks "how well does this person fit me?" instead of "how well do I fit this project?":
 * - the "project" is the viewer's circle: its required skills are the viewer's skills, and its
 *   team is the viewer and the viewer's friends;
 * - the person is the candidate who would join it, bringing their skills and their friends.
 * So the score's components read, for people:
 * - coverage (up to 70): the share of the viewer's skills the person has too (shared skills);
 * - complement (up to 15): skills the person brings that the viewer lacks (1 point each, at
 *   most 5; the required-gap part is always 0, since the viewer has every "required" skill,
 *   so a person scores at most 90);
 * - social (up to 15): 10 per mutual friend (the person's friends on the viewer's "team").
 * Only mutual friends can score on the team side (the viewer's other friends are not the
 * person's friends, and friend entries carry no skills), so the team is the viewer plus the
 * mutual friends: scoring 500 people stays cheap with 5,000 friends. Being the viewer's friend
 * already earns nothing, and tribes are not loaded on /explore, so tribe-mates do not count.
 */
export function bestMatchScore(
  viewer: ExploreViewer,
  person: Pick<DirectoryPerson, 'id' | 'skills'>,
  mutualFriendIds: readonly string[],
): number {
  const circle: MatchProject = {
    requiredSkills: viewer.skills,
    team: [viewer.uid ?? '', ...mutualFriendIds].map((id, index) => ({
      id,
      displayName: id,
      skills: index === 0 ? viewer.skills : [],
    })),
  };
  return matchScore({ id: person.id, skills: person.skills, friendIds: mutualFriendIds, tribeMateIds: [] }, circle)
    .score;
}

/** Everyone but the viewer, with shared skills, mutual friends and score worked out. */
export function rankPeople(people: readonly DirectoryPerson[], viewer: ExploreViewer): RankedPerson[] {
  const viewerFriendIds = new Set(viewer.friendIds);
  return people
    .filter((person) => person.id !== viewer.uid)
    .map((person) => {
      const sharedSkills = findSharedSkills(person.skills, viewer.skills);
      const mutualFriendIds = findMutualFriendIds(person.friendIds, viewerFriendIds);
      return {
        ...person,
        sharedSkills,
        mutualFriendCount: mutualFriendIds.length,
        score: bestMatchScore(viewer, person, mutualFriendIds),
        nameKey: searchKey(person.displayName),
        skillSearchKeys: person.skills.map(searchKey),
        skillKeys: person.skills.map(textKey),
      };
    });
}

/** Every word of the query must appear in the name or in one of the skills (accents aside). */
export function matchesSearch(person: RankedPerson, query: string): boolean {
  const words = searchKey(query).split(/\s+/).filter(Boolean);
  return words.every(
    (word) => person.nameKey.includes(word) || person.skillSearchKeys.some((skill) => skill.includes(word)),
  );
}

function hasAllSkills(person: RankedPerson, skills: readonly string[]): boolean {
  return skills.every((skill) => person.skillKeys.includes(textKey(skill)));
}

const byName = (a: RankedPerson, b: RankedPerson) =>
  compareText(a.displayName, b.displayName) || compareIds(a.id, b.id);

const COMPARATORS: Record<ExploreSort, (a: RankedPerson, b: RankedPerson) => number> = {
  bestMatch: (a, b) => b.score - a.score || b.sharedSkills.length - a.sharedSkills.length || byName(a, b),
  mostMutual: (a, b) => b.mutualFriendCount - a.mutualFriendCount || b.score - a.score || byName(a, b),
  // People without a join date (legacy documents) go last.
  newest: (a, b) => (b.joinDate ?? -Infinity) - (a.joinDate ?? -Infinity) || byName(a, b),
};

export function sortPeople(people: readonly RankedPerson[], sort: ExploreSort): RankedPerson[] {
  return [...people].sort(COMPARATORS[sort]);
}

export function filterAndSortPeople(people: readonly RankedPerson[], criteria: ExploreCriteria): RankedPerson[] {
  const hasQuery = criteria.query.trim() !== '';
  const filtered = people.filter(
    (person) => (!hasQuery || matchesSearch(person, criteria.query)) && hasAllSkills(person, criteria.skills),
  );
  return sortPeople(filtered, criteria.sort);
}

/** Shared skills first, then the rest in the person's order. */
export function topSkills(person: RankedPerson, count: number): string[] {
  const shared = new Set(person.sharedSkills);
  return [...person.sharedSkills, ...person.skills.filter((skill) => !shared.has(skill))].slice(0, count);
}

export function formatMutualFriends(count: number): string {
  return count === 1 ? '1 mutual friend' : `${count} mutual friends`;
}

/** "React", "React and Go", "A, B and C", "A, B and 3 more skills". */
export function listSkills(skills: readonly string[]): string {
  const MAX_NAMED = 3;
  if (skills.length > MAX_NAMED) {
    const more = skills.length - (MAX_NAMED - 1);
    return `${skills.slice(0, MAX_NAMED - 1).join(', ')} and ${more} more skills`;
  }
  if (skills.length <= 1) return skills.join('');
  return `${skills.slice(0, -1).join(', ')} and ${skills[skills.length - 1]}`;
}

/** Why someone is suggested: "shares React and Firebase", "3 mutual friends", or both. */
export function suggestionReason(person: Pick<RankedPerson, 'sharedSkills' | 'mutualFriendCount'>): string | null {
  const parts: string[] = [];
  if (person.sharedSkills.length > 0) parts.push(`shares ${listSkills(person.sharedSkills)}`);
  if (person.mutualFriendCount > 0) parts.push(formatMutualFriends(person.mutualFriendCount));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The best matches the viewer is not yet friends with, and who have a reason to be suggested. */
export function pickSuggestions(
  people: readonly RankedPerson[],
  viewerFriendIds: readonly string[],
  count: number,
): RankedPerson[] {
  const friends = new Set(viewerFriendIds);
  return sortPeople(
    // Skills only the person has earn a few points, but are no reason to suggest them.
    people.filter((person) => suggestionReason(person) !== null && !friends.has(person.id)),
    'bestMatch',
  ).slice(0, count);
}

/** Skills to filter by, most common first; one spelling per skill (the most common one). */
export function skillOptions(people: readonly DirectoryPerson[]): string[] {
  const counts = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const person of people) {
    for (const skill of new Set(person.skills)) {
      const k = textKey(skill);
      if (!k) continue;
      const entry = counts.get(k) ?? { count: 0, spellings: new Map<string, number>() };
      entry.count += 1;
      entry.spellings.set(skill.trim(), (entry.spellings.get(skill.trim()) ?? 0) + 1);
      counts.set(k, entry);
    }
  }
  return [...counts.values()]
    .map((entry) => ({
      count: entry.count,
      label: [...entry.spellings.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]?.[0] ?? '',
    }))
    .sort((a, b) => b.count - a.count || compareText(a.label, b.label))
    .map((entry) => entry.label);
}

/** The directory keeps only what the page needs of a users/{uid} document. */
export function toDirectoryPerson(
  id: string,
  profile: Pick<UserProfile, 'displayName' | 'photoURL' | 'bio' | 'skills' | 'joinDate' | 'friends'>,
): DirectoryPerson {
  return {
    id,
    displayName: profile.displayName,
    photoURL: profile.photoURL,
    bio: profile.bio,
    skills: profile.skills,
    joinDate: profile.joinDate,
    friendIds: profile.friends.map((friend) => friend.id).filter((friendId) => typeof friendId === 'string'),
  };
}
