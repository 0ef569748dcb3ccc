// The project match score: a pure function of the viewer's skills, the project's required
// skills, the team's skills, and the viewer's friends and tribe-mates on the team. Always
// explained: every point belongs to a component with its own maximum and a sentence saying why,
// and the suggestions say which missing skill would raise it most.
//
// Weights (they add up to 100, so the score needs no clamping):
// - coverage, up to 70: the share of the required skills the viewer has, 70 * matched / required.
// - complement, up to 15: what the viewer brings that the team lacks; 5 per required skill the
//   rest of the team lacks and the viewer has, plus 1 per other viewer skill the team lacks
//   (those count for at most 5).
// - social, up to 15: 10 per friend already on the team, 5 per other team member who shares a
//   tribe with the viewer.
// Skills match under textKey (any case, in any locale, spaces aside). The viewer never counts as
// part of the team, so the score of a project one is on says what one brings to it.
// Monotone by construction: a required skill the viewer adds raises coverage and never lowers
// the other two components (it is not an "other" skill), so it never lowers the score.
//
// This file imports only compareText.ts, which imports nothing, so the benchmark can compile and
// load the two on their own.
import { textKey } from './compareText';

export const MATCH_WEIGHTS = { coverage: 70, complement: 15, social: 15 } as const;
export const REQUIRED_GAP_POINTS = 5;
const EXTRA_SKILL_POINTS = 1;
export const EXTRA_SKILL_POINTS_MAX = 5;
const FRIEND_POINTS = 10;
const TRIBE_MATE_POINTS = 5;
const SUGGESTIONS_MAX = 3;

type MatchComponentKey = 'coverage' | 'complement' | 'social';

export interface MatchComponent {
  key: MatchComponentKey;
  label: string;
  points: number;
  max: number;
  detail: string;
}

export interface MatchSuggestion {
  skill: string;
  /** How many points the score would rise with this skill on the viewer's profile. */
  gain: number;
  /** e.g. "+15 with Docker" */
  label: string;
}

export interface MatchResult {
  /** 0-100, the sum of the components' points */
  score: number;
  components: MatchComponent[];
  suggestions: MatchSuggestion[];
}

export interface MatchViewer {
  /** null when nobody is signed in */
  id: string | null;
  skills: readonly string[];
  friendIds: readonly string[];
  /** People who share at least one tribe with the viewer. */
  tribeMateIds: readonly string[];
}

export interface MatchTeamMember {
  id: string;
  displayName: string;
  skills: readonly string[];
}

export interface MatchProject {
  requiredSkills: readonly string[];
  team: readonly MatchTeamMember[];
}

/** The viewer with sets of skill keys built once, to score many projects against. */
interface PreparedViewer {
  id: string | null;
  skillKeys: ReadonlySet<string>;
  friendIds: ReadonlySet<string>;
  tribeMateIds: ReadonlySet<string>;
}

function prepareViewer(viewer: MatchViewer): PreparedViewer {
  const skillKeys = new Set<string>();
  for (const skill of viewer.skills) {
    const k = textKey(skill);
    if (k) skillKeys.add(k);
  }
  return { id: viewer.id, skillKeys, friendIds: new Set(viewer.friendIds), tribeMateIds: new Set(viewer.tribeMateIds) };
}

interface RequiredSkill {
  key: string;
  name: string;
}

/** What does not change when the viewer gains a skill: worked out once per project. */
interface Analysis {
  required: RequiredSkill[];
  teamKeys: Set<string>;
  /** Viewer skills that are neither required nor on the team. */
  extraSkillCount: number;
  friendNames: string[];
  tribeMateNames: string[];
}

/** A project's skill keys (textKey): worked out once per project object and kept (WeakMap). */
interface PreparedProject {
  required: RequiredSkill[];
  requiredKeys: Set<string>;
  memberKeys: { id: string; displayName: string; keys: string[] }[];
  /** Every member's skills together. */
  teamKeys: Set<string>;
}

const preparedProjects = new WeakMap<MatchProject, PreparedProject>();

function prepareProject(project: MatchProject): PreparedProject {
  const cached = preparedProjects.get(project);
  if (cached) return cached;
  const required: RequiredSkill[] = [];
  const requiredKeys = new Set<string>();
  for (const name of project.requiredSkills) {
    const key = textKey(name);
    if (!key || requiredKeys.has(key)) continue;
    requiredKeys.add(key);
    required.push({ key, name: name.trim() });
  }
  const memberKeys = project.team.map((member) => ({
    id: member.id,
    displayName: member.displayName,
    keys: member.skills.map(textKey),
  }));
  const teamKeys = new Set(memberKeys.flatMap((member) => member.keys));
  const prepared = { required, requiredKeys, memberKeys, teamKeys };
  preparedProjects.set(project, prepared);
  return prepared;
}

function analyse(viewer: PreparedViewer, project: MatchProject): Analysis {
  const { required, requiredKeys, memberKeys, teamKeys: everyone } = prepareProject(project);
  const viewerOnTeam = viewer.id !== null && memberKeys.some((member) => member.id === viewer.id);
  // The viewer never counts as part of the team.
  const teamKeys = viewerOnTeam
    ? new Set(memberKeys.filter((member) => member.id !== viewer.id).flatMap((member) => member.keys))
    : everyone;
  const friendNames: string[] = [];
  const tribeMateNames: string[] = [];
  for (const member of memberKeys) {
    if (member.id === viewer.id) continue;
    if (viewer.friendIds.has(member.id)) friendNames.push(member.displayName);
    else if (viewer.tribeMateIds.has(member.id)) tribeMateNames.push(member.displayName);
  }
  let extraSkillCount = 0;
  for (const key of viewer.skillKeys) if (!requiredKeys.has(key) && !teamKeys.has(key)) extraSkillCount += 1;
  return { required, teamKeys, extraSkillCount, friendNames, tribeMateNames };
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function coverageComponent(analysis: Analysis, has: (key: string) => boolean): MatchComponent {
  const max = MATCH_WEIGHTS.coverage;
  const total = analysis.required.length;
  const matched = analysis.required.filter((skill) => has(skill.key));
  const points = total === 0 ? 0 : Math.round((max * matched.length) / total);
  let detail: string;
  if (total === 0) detail = 'This project lists no required skills.';
  else if (matched.length === 0)
    detail = `You have none of the ${plural(total, 'required skill', 'required skills')} yet.`;
  else detail = `You have ${matched.length} of ${total} required skills: ${listNames(matched.map((s) => s.name))}.`;
  return { key: 'coverage', label: 'Skill coverage', points, max, detail };
}

function complementComponent(analysis: Analysis, has: (key: string) => boolean): MatchComponent {
  const max = MATCH_WEIGHTS.complement;
  const gapsFilled = analysis.required.filter((skill) => has(skill.key) && !analysis.teamKeys.has(skill.key));
  const extraPoints = Math.min(EXTRA_SKILL_POINTS_MAX, analysis.extraSkillCount * EXTRA_SKILL_POINTS);
  const points = Math.min(max, gapsFilled.length * REQUIRED_GAP_POINTS + extraPoints);
  const parts: string[] = [];
  if (gapsFilled.length > 0) parts.push(`You bring ${listNames(gapsFilled.map((s) => s.name))}, which the team lacks`);
  if (analysis.extraSkillCount > 0) {
    parts.push(
      `${gapsFilled.length > 0 ? 'plus' : 'You bring'} ${plural(analysis.extraSkillCount, 'other skill', 'other skills')} new to the team`,
    );
  }
  const detail = parts.length > 0 ? `${parts.join(', ')}.` : 'The team already has every skill you list.';
  return { key: 'complement', label: 'Skills you bring', points, max, detail };
}

function socialComponent(analysis: Analysis): MatchComponent {
  const max = MATCH_WEIGHTS.social;
  const { friendNames, tribeMateNames } = analysis;
  const points = Math.min(max, friendNames.length * FRIEND_POINTS + tribeMateNames.length * TRIBE_MATE_POINTS);
  const parts: string[] = [];
  if (friendNames.length > 0) parts.push(`Friends on the team: ${listNames(friendNames)}`);
  if (tribeMateNames.length > 0) parts.push(`shares a tribe with ${listNames(tribeMateNames)}`);
  const detail = parts.length > 0 ? `${parts.join('; ')}.` : 'No friends or tribe-mates on the team yet.';
  return {
    key: 'social',
    label: 'Friends and tribes',
    points,
    max,
    detail: detail.charAt(0).toUpperCase() + detail.slice(1),
  };
}

function componentsFor(analysis: Analysis, has: (key: string) => boolean): MatchComponent[] {
  return [coverageComponent(analysis, has), complementComponent(analysis, has), socialComponent(analysis)];
}

const sum = (components: readonly MatchComponent[]) => components.reduce((total, c) => total + c.points, 0);

/** Points only, no sentences: what the suggestions re-run once per missing skill. */
function pointsFor(analysis: Analysis, has: (key: string) => boolean): number {
  const total = analysis.required.length;
  let matched = 0;
  let gapsFilled = 0;
  for (const skill of analysis.required) {
    if (!has(skill.key)) continue;
    matched += 1;
    if (!analysis.teamKeys.has(skill.key)) gapsFilled += 1;
  }
  const coverage = total === 0 ? 0 : Math.round((MATCH_WEIGHTS.coverage * matched) / total);
  const extraPoints = Math.min(EXTRA_SKILL_POINTS_MAX, analysis.extraSkillCount * EXTRA_SKILL_POINTS);
  const complement = Math.min(MATCH_WEIGHTS.complement, gapsFilled * REQUIRED_GAP_POINTS + extraPoints);
  const social = Math.min(
    MATCH_WEIGHTS.social,
    analysis.friendNames.length * FRIEND_POINTS + analysis.tribeMateNames.length * TRIBE_MATE_POINTS,
  );
  return coverage + complement + social;
}

/** The score of a prepared viewer; each suggestion's gain re-runs the scoring with that skill added. */
function scoreProject(viewer: PreparedViewer, project: MatchProject): MatchResult {
  const analysis = analyse(viewer, project);
  const has = (key: string) => viewer.skillKeys.has(key);
  const components = componentsFor(analysis, has);
  const score = sum(components);
  const suggestions: MatchSuggestion[] = [];
  for (const skill of analysis.required) {
    if (has(skill.key)) continue;
    const gain = pointsFor(analysis, (key) => key === skill.key || has(key)) - score;
    if (gain > 0) suggestions.push({ skill: skill.name, gain, label: `+${gain} with ${skill.name}` });
  }
  // Biggest gain first; equal gains keep the project's order of required skills (sort is stable).
  suggestions.sort((a, b) => b.gain - a.gain);
  return { score, components, suggestions: suggestions.slice(0, SUGGESTIONS_MAX) };
}

export function matchScore(viewer: MatchViewer, project: MatchProject): MatchResult {
  return scoreProject(prepareViewer(viewer), project);
}

export interface Ranked<T> {
  item: T;
  match: MatchResult;
}

/** Best match first; equal scores keep the given order (newest first, say). */
export function rankByMatch<T extends MatchProject>(items: readonly T[], viewer: MatchViewer): Ranked<T>[] {
  const prepared = prepareViewer(viewer);
  return items
    .map((item) => ({ item, match: scoreProject(prepared, item) }))
    .sort((a, b) => b.match.score - a.match.score);
}
