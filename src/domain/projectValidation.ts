// The create form's rules, shared by the form (field errors as you type), the saga and the API
// (the last stop before the store). The local access policy checks the same limits.
import { sameText, uniqueTexts } from './compareText';
import { formatCount } from './formatCount';
import { SKILL_LENGTH_MAX } from './profileTypes';
import {
  COMMITMENT_MAX,
  COMMITMENT_MIN,
  DESCRIPTION_MAX,
  PROJECT_STATUSES,
  REPOSITORY_URL_MAX,
  REQUIRED_SKILLS_MAX,
  REQUIRED_SKILLS_MIN,
  SUMMARY_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from './projectTypes';
import type { ProjectDraft, ProjectFieldErrors } from './projectTypes';

/** Trimmed text, skills trimmed and de-duplicated under textKey (first spelling wins). */
export function normalizeProjectDraft(draft: ProjectDraft): ProjectDraft {
  const requiredSkills = uniqueTexts(draft.requiredSkills.map((skill) => skill.trim()));
  return {
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    description: draft.description.trim(),
    requiredSkills,
    status: draft.status,
    commitment: draft.commitment,
    repositoryUrl: draft.repositoryUrl.trim(),
  };
}

function isHttpsUrl(text: string): boolean {
  if (text.length > REPOSITORY_URL_MAX || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function validateProjectDraft(draft: ProjectDraft): ProjectFieldErrors {
  const errors: ProjectFieldErrors = {};
  if (draft.title.length < TITLE_MIN || draft.title.length > TITLE_MAX) {
    errors.title = `Title must be ${TITLE_MIN}-${TITLE_MAX} characters.`;
  }
  if (draft.summary.length > SUMMARY_MAX) errors.summary = `Summary must be at most ${SUMMARY_MAX} characters.`;
  if (draft.description.length > DESCRIPTION_MAX) {
    errors.description = `Description must be at most ${formatCount(DESCRIPTION_MAX)} characters.`;
  }
  if (draft.requiredSkills.length < REQUIRED_SKILLS_MIN || draft.requiredSkills.length > REQUIRED_SKILLS_MAX) {
    errors.requiredSkills = `List ${REQUIRED_SKILLS_MIN}-${REQUIRED_SKILLS_MAX} required skills.`;
  } else if (draft.requiredSkills.some((skill) => skill.length > SKILL_LENGTH_MAX)) {
    errors.requiredSkills = `Each skill must be at most ${SKILL_LENGTH_MAX} characters.`;
  }
  if (!PROJECT_STATUSES.includes(draft.status)) errors.status = 'Choose a status.';
  if (!Number.isInteger(draft.commitment) || draft.commitment < COMMITMENT_MIN || draft.commitment > COMMITMENT_MAX) {
    errors.commitment = `Commitment must be a whole number of hours from ${COMMITMENT_MIN} to ${COMMITMENT_MAX}.`;
  }
  if (draft.repositoryUrl !== '' && !isHttpsUrl(draft.repositoryUrl)) {
    errors.repositoryUrl = 'Repository URL must start with https:// (or leave it empty).';
  }
  return errors;
}

/** Why a (trimmed) skill cannot be added to the create form's required skills, or null. */
export function validateNewRequiredSkill(skill: string, skills: readonly string[]): string | null {
  if (!skill) return 'Enter a skill.';
  if (skill.length > SKILL_LENGTH_MAX) return `Each skill must be at most ${SKILL_LENGTH_MAX} characters.`;
  if (skills.some((existing) => sameText(existing, skill))) return `${skill} is already listed.`;
  if (skills.length >= REQUIRED_SKILLS_MAX)
    return `List ${REQUIRED_SKILLS_MIN}-${REQUIRED_SKILLS_MAX} required skills.`;
  return null;
}

export const hasFieldErrors = (errors: ProjectFieldErrors): boolean => Object.keys(errors).length > 0;
