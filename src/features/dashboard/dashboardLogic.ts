// The dashboard's derived data as pure functions over what the other features already compute:
// the completeness of the own profile, and recommendations that each say why they are made.
// Ranking reuses explore's people ranking, the project match score and the tribes' "For you" sort.
import { textKey } from '../../domain/compareText';
import type { MatchViewer } from '../../domain/matchScore';
import { rankByMatch } from '../../domain/matchScore';
import type { UserProfile } from '../../domain/profileTypes';
import type { Project } from '../../domain/projectTypes';
import { sharedTopics, sortTribes } from '../../domain/tribeLogic';
import type { Tribe } from '../../domain/tribeTypes';
import type { RankedPerson } from '../explore';
import { listSkills, pickSuggestions, suggestionReason } from '../explore';

const COMPLETE_PROFILE_SKILLS = 3;
const RECOMMENDATIONS_PER_KIND = 3;

export type CompletenessItem = 'photo' | 'bio' | 'skills';

export interface ProfileCompleteness {
  done: number;
  total: number;
  /** What is left, in the order the meter lists it, each with what to do about it. */
  missing: { item: CompletenessItem; label: string }[];
}

export function profileCompleteness(profile: Pick<UserProfile, 'photoURL' | 'bio' | 'skills'>): ProfileCompleteness {
  const skillCount = new Set(profile.skills.map(textKey).filter(Boolean)).size;
  const checks: { item: CompletenessItem; complete: boolean; label: string }[] = [
    { item: 'photo', complete: Boolean(profile.photoURL), label: 'Add a photo' },
    { item: 'bio', complete: profile.bio.trim() !== '', label: 'Write a short bio' },
    {
      item: 'skills',
      complete: skillCount >= COMPLETE_PROFILE_SKILLS,
      label: `List at least ${COMPLETE_PROFILE_SKILLS} skills (you have ${skillCount})`,
    },
  ];
  const missing = checks.filter((check) => !check.complete).map(({ item, label }) => ({ item, label }));
  return { done: checks.length - missing.length, total: checks.length, missing };
}

interface Recommendation<T> {
  item: T;
  reason: string;
}

/**
 * People: explore's best matches (the match score with the viewer's circle as the project), minus
 * friends and anyone a request is already pending with, each with explore's reason.
 */
export function recommendPeople(
  ranked: readonly RankedPerson[],
  friendIds: readonly string[],
  pendingIds: ReadonlySet<string>,
  count = RECOMMENDATIONS_PER_KIND,
): Recommendation<RankedPerson>[] {
  const candidates = pendingIds.size > 0 ? ranked.filter((person) => !pendingIds.has(person.id)) : ranked;
  return pickSuggestions(candidates, friendIds, count).flatMap((person) => {
    const reason = suggestionReason(person);
    return reason ? [{ item: person, reason: reason.charAt(0).toUpperCase() + reason.slice(1) }] : [];
  });
}

/** The project's required skills the viewer has, in the project's spelling. */
export function matchedRequiredSkills(project: Pick<Project, 'requiredSkills'>, skills: readonly string[]): string[] {
  const mine = new Set(skills.map(textKey));
  return project.requiredSkills.filter((skill) => mine.has(textKey(skill)));
}

/**
 * Projects: recruiting projects the viewer is not on, best match score first, among those the
 * viewer has at least one required skill for (so the reason names one): "92% match: you have React and Go".
 */
export function recommendProjects(
  projects: readonly Project[],
  viewer: MatchViewer,
  count = RECOMMENDATIONS_PER_KIND,
): Recommendation<Project>[] {
  const open = projects.filter(
    (project) => project.status === 'recruiting' && (viewer.id === null || !project.memberIds.includes(viewer.id)),
  );
  const ranked = rankByMatch(
    open.map((project) => ({ ...project, team: project.members })),
    viewer,
  );
  const recommendations: Recommendation<Project>[] = [];
  for (const { item, match } of ranked) {
    if (recommendations.length >= count) break;
    const matched = matchedRequiredSkills(item, viewer.skills);
    if (matched.length === 0) continue;
    const project = open.find((candidate) => candidate.id === item.id);
    if (project)
      recommendations.push({ item: project, reason: `${match.score}% match: you have ${listSkills(matched)}` });
  }
  return recommendations;
}

/** Tribes: ones the viewer is not in, whose topics overlap the viewer's skills, "For you" order. */
export function recommendTribes(
  tribes: readonly Tribe[],
  memberTribeIds: ReadonlySet<string>,
  skills: readonly string[],
  count = RECOMMENDATIONS_PER_KIND,
): Recommendation<Tribe>[] {
  const candidates = tribes.filter((tribe) => !memberTribeIds.has(tribe.id) && sharedTopics(tribe, skills).length > 0);
  return sortTribes(candidates, 'forYou', skills)
    .slice(0, count)
    .map((tribe) => ({ item: tribe, reason: `Matches your ${listSkills(sharedTopics(tribe, skills))}` }));
}
