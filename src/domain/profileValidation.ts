// Pure checks for the profile editor. The same limits are enforced by the backend's access
// policy (usersPolicy.ts), so a form that passes here is never refused for its shape.
import { sameText } from './compareText';
import { BIO_MAX, DISPLAY_NAME_MAX, PHOTO_MAX_BYTES, SKILL_LENGTH_MAX, SKILLS_MAX } from './profileTypes';

export interface ProfileEdit {
  displayName: string;
  bio: string;
  skills: string[];
}

export type ProfileEditErrors = Partial<Record<keyof ProfileEdit, string>>;

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const PHOTO_TYPE_MESSAGE = 'Choose an image file (PNG, JPEG, WebP or GIF).';
export const PHOTO_SIZE_MESSAGE = 'The photo must be 2 MB or smaller.';
export const PHOTO_EMPTY_MESSAGE = 'That file is empty. Choose another image.';

/**
 * How long a photo upload may take before the editor gives up and says so (a 2 MB photo takes
 * about 12 s at 1.44 Mbit/s); Cloud Storage's own retries stop soon after.
 */
export const PHOTO_UPLOAD_TIMEOUT_MS = 30_000;

/** Collapses runs of whitespace, so "  React   Native " and "React Native" are one skill. */
export function normalizeSkill(skill: string): string {
  return skill.trim().replace(/\s+/g, ' ');
}

/** What is saved: a trimmed name and bio, normalized skills. */
export function normalizeProfileEdit(edit: ProfileEdit): ProfileEdit {
  return {
    displayName: edit.displayName.trim(),
    bio: edit.bio.trim(),
    skills: edit.skills.map(normalizeSkill),
  };
}

export function validateDisplayName(displayName: string): string | null {
  const name = displayName.trim();
  if (name.length === 0) return 'Enter a display name.';
  if (name.length > DISPLAY_NAME_MAX) {
    return `Display name must be ${DISPLAY_NAME_MAX} characters or fewer (it has ${name.length}).`;
  }
  return null;
}

export function validateBio(bio: string): string | null {
  const length = bio.trim().length;
  if (length > BIO_MAX) return `Bio must be ${BIO_MAX} characters or fewer (it has ${length}).`;
  return null;
}

/** Checks one skill about to be added to `existing`. */
export function validateNewSkill(skill: string, existing: readonly string[]): string | null {
  const normalized = normalizeSkill(skill);
  if (normalized.length === 0) return 'Enter a skill.';
  if (normalized.length > SKILL_LENGTH_MAX) {
    return `A skill must be ${SKILL_LENGTH_MAX} characters or fewer.`;
  }
  const duplicate = existing.find((current) => sameText(current, normalized));
  if (duplicate !== undefined) return `${duplicate} is already in your skills.`;
  if (existing.length >= SKILLS_MAX) return `You can list up to ${SKILLS_MAX} skills.`;
  return null;
}

/** Checks a whole skills list (what the saga receives). */
export function validateSkills(skills: readonly string[]): string | null {
  if (skills.length > SKILLS_MAX) return `You can list up to ${SKILLS_MAX} skills.`;
  const seen: string[] = [];
  for (const skill of skills) {
    const error = validateNewSkill(skill, seen);
    if (error) return error;
    seen.push(normalizeSkill(skill));
  }
  return null;
}

export function validateProfileEdit(edit: ProfileEdit): ProfileEditErrors {
  const errors: ProfileEditErrors = {};
  const displayName = validateDisplayName(edit.displayName);
  if (displayName) errors.displayName = displayName;
  const bio = validateBio(edit.bio);
  if (bio) errors.bio = bio;
  const skills = validateSkills(edit.skills);
  if (skills) errors.skills = skills;
  return errors;
}

export const hasErrors = (errors: ProfileEditErrors): boolean => Object.keys(errors).length > 0;

/** A File or Blob as far as validation cares: no need to hold the bytes. */
interface PhotoCandidate {
  type: string;
  size: number;
}

export function validatePhoto(photo: PhotoCandidate): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(photo.type)) return PHOTO_TYPE_MESSAGE;
  if (photo.size > PHOTO_MAX_BYTES) return PHOTO_SIZE_MESSAGE;
  if (photo.size === 0) return PHOTO_EMPTY_MESSAGE;
  return null;
}
