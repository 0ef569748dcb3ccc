import { BIO_MAX, DISPLAY_NAME_MAX, PHOTO_MAX_BYTES, SKILL_LENGTH_MAX, SKILLS_MAX } from './profileTypes';
import {
  hasErrors,
  normalizeProfileEdit,
  normalizeSkill,
  PHOTO_EMPTY_MESSAGE,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  validateBio,
  validateDisplayName,
  validateNewSkill,
  validatePhoto,
  validateProfileEdit,
  validateSkills,
} from './profileValidation';

const skillsOf = (count: number) => Array.from({ length: count }, (_, index) => `Skill ${index + 1}`);

describe('validateDisplayName', () => {
  it.each([
    ['Ada', null],
    ['  Ada Lovelace  ', null],
    ['a'.repeat(DISPLAY_NAME_MAX), null],
    ['', 'Enter a display name.'],
    ['    ', 'Enter a display name.'],
    ['a'.repeat(DISPLAY_NAME_MAX + 1), 'Display name must be 50 characters or fewer (it has 51).'],
  ])('%j -> %j', (name, expected) => {
    expect(validateDisplayName(name)).toBe(expected);
  });
});

describe('validateBio', () => {
  it.each([
    ['', null],
    ['I build compilers.', null],
    ['b'.repeat(BIO_MAX), null],
    [`${'b'.repeat(BIO_MAX)}   `, null],
    ['b'.repeat(BIO_MAX + 1), 'Bio must be 500 characters or fewer (it has 501).'],
    ['b'.repeat(10_000), 'Bio must be 500 characters or fewer (it has 10000).'],
  ])('a bio of %#', (bio, expected) => {
    expect(validateBio(bio)).toBe(expected);
  });
});

describe('validateNewSkill', () => {
  it.each<[string, string[], string | null]>([
    ['React', [], null],
    ['  React   Native ', ['React'], null],
    ['', [], 'Enter a skill.'],
    ['   ', ['Go'], 'Enter a skill.'],
    ['x'.repeat(SKILL_LENGTH_MAX), [], null],
    ['x'.repeat(SKILL_LENGTH_MAX + 1), [], 'A skill must be 30 characters or fewer.'],
    ['react', ['React'], 'React is already in your skills.'],
    [' TYPESCRIPT ', ['Go', 'TypeScript'], 'TypeScript is already in your skills.'],
    ['Elm', skillsOf(SKILLS_MAX), 'You can list up to 20 skills.'],
    ['Elm', skillsOf(SKILLS_MAX - 1), null],
  ])('%j added to %j -> %j', (skill, existing, expected) => {
    expect(validateNewSkill(skill, existing)).toBe(expected);
  });
});

describe('validateSkills', () => {
  it.each<[string[], string | null]>([
    [[], null],
    [['React', 'Go'], null],
    [skillsOf(SKILLS_MAX), null],
    [skillsOf(SKILLS_MAX + 1), 'You can list up to 20 skills.'],
    [['React', 'REACT'], 'React is already in your skills.'],
    [['Go', ''], 'Enter a skill.'],
    [['y'.repeat(31)], 'A skill must be 30 characters or fewer.'],
  ])('%j -> %j', (skills, expected) => {
    expect(validateSkills(skills)).toBe(expected);
  });
});

describe('validateProfileEdit', () => {
  it('accepts a valid edit', () => {
    const errors = validateProfileEdit({ displayName: 'Ada', bio: 'Hi', skills: ['React'] });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('reports every invalid field at once', () => {
    const errors = validateProfileEdit({ displayName: ' ', bio: 'b'.repeat(BIO_MAX + 1), skills: ['Go', 'go'] });
    expect(errors).toEqual({
      displayName: 'Enter a display name.',
      bio: 'Bio must be 500 characters or fewer (it has 501).',
      skills: 'Go is already in your skills.',
    });
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('normalizing', () => {
  it('trims the name and bio and collapses spaces in skills', () => {
    expect(
      normalizeProfileEdit({ displayName: '  Ada ', bio: '\n Hello \n', skills: [' React  Native ', 'Go'] }),
    ).toEqual({
      displayName: 'Ada',
      bio: 'Hello',
      skills: ['React Native', 'Go'],
    });
    expect(normalizeSkill('  Node.js\t ')).toBe('Node.js');
  });
});

describe('validatePhoto', () => {
  it.each([
    ['image/png', 1024, null],
    ['image/jpeg', PHOTO_MAX_BYTES, null],
    ['image/webp', 10, null],
    ['image/gif', 10, null],
    ['image/svg+xml', 10, PHOTO_TYPE_MESSAGE],
    ['application/pdf', 10, PHOTO_TYPE_MESSAGE],
    ['', 10, PHOTO_TYPE_MESSAGE],
    ['image/png', PHOTO_MAX_BYTES + 1, PHOTO_SIZE_MESSAGE],
    ['image/png', 0, PHOTO_EMPTY_MESSAGE],
  ])('%s of %d bytes -> %j', (type, size, expected) => {
    expect(validatePhoto({ type, size })).toBe(expected);
  });

  it('uses the exact messages', () => {
    expect(PHOTO_TYPE_MESSAGE).toBe('Choose an image file (PNG, JPEG, WebP or GIF).');
    expect(PHOTO_SIZE_MESSAGE).toBe('The photo must be 2 MB or smaller.');
  });
});
