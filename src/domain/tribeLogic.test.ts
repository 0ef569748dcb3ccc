import { searchTribes, sharedTopics, withoutSubmitted } from './tribeLogic';
import type { Tribe } from './tribeTypes';
import { checkPostBody, normalizeTribeInput, tribeNameKey, validateTribeInput } from './tribeValidation';

const tribe = (id: string, overrides: Partial<Tribe> = {}): Tribe => ({
  id,
  name: id,
  tagline: '',
  description: '',
  topics: [],
  joinPolicy: 'open',
  ownerId: 'o',
  memberCount: 1,
  postCount: 0,
  createdAt: 0,
  lastActivityAt: 0,
  ...overrides,
});

describe('directory search and sorts', () => {
  const tribes = [
    tribe('Rustaceans', { topics: ['Rust', 'WebAssembly'], memberCount: 5, createdAt: 1, lastActivityAt: 50 }),
    tribe('Gophers', { topics: ['Go', 'Kubernetes'], memberCount: 9, createdAt: 3, lastActivityAt: 10 }),
    tribe('Frontend Guild', {
      topics: ['React', 'TypeScript', 'Accessibility'],
      memberCount: 2,
      createdAt: 2,
      lastActivityAt: 30,
    }),
  ];
  const names = (list: Tribe[]) => list.map((t) => t.name);

  it('ranks For you by topics shared with my skills, in any case', () => {
    expect(sharedTopics(tribes[2]!, ['typescript', 'react'])).toEqual(['React', 'TypeScript']);
    expect(names(searchTribes(tribes, '', 'forYou', ['go', 'React', 'TYPESCRIPT']))).toEqual([
      'Frontend Guild',
      'Gophers',
      'Rustaceans',
    ]);
  });

  it('sorts by activity, members and age', () => {
    expect(names(searchTribes(tribes, '', 'active', []))).toEqual(['Rustaceans', 'Frontend Guild', 'Gophers']);
    expect(names(searchTribes(tribes, '', 'members', []))).toEqual(['Gophers', 'Rustaceans', 'Frontend Guild']);
    expect(names(searchTribes(tribes, '', 'newest', []))).toEqual(['Gophers', 'Frontend Guild', 'Rustaceans']);
  });

  it('searches names and topics', () => {
    expect(names(searchTribes(tribes, 'guild', 'active', []))).toEqual(['Frontend Guild']);
    expect(names(searchTribes(tribes, 'kube', 'active', []))).toEqual(['Gophers']);
    expect(searchTribes(tribes, 'cobol', 'active', [])).toEqual([]);
  });

  it('searches whatever the accents', () => {
    const accented = [...tribes, tribe('Diseñadores', { topics: ['Diseño'] })];
    expect(names(searchTribes(accented, 'disenadores', 'active', []))).toEqual(['Diseñadores']);
    expect(names(searchTribes(accented, 'DISEÑO', 'active', []))).toEqual(['Diseñadores']);
  });
});

describe('validation', () => {
  it('normalizes names, topics and claims names case-insensitively', () => {
    expect(tribeNameKey('  Rust   Lovers ')).toBe('rust lovers');
    // Only A-Z: the key firestore.rules can recompute with lower() (nameKeyOf).
    expect(tribeNameKey('École Devs')).toBe('École devs');
    expect(tribeNameKey('Москва JS')).toBe('Москва js');
    expect(
      normalizeTribeInput({
        name: ' A  b c ',
        tagline: ' t ',
        description: ' d ',
        topics: [' Rust ', 'rust', 'Go'],
        joinPolicy: 'open',
      }),
    ).toEqual({ name: 'A b c', tagline: 't', description: 'd', topics: ['Rust', 'Go'], joinPolicy: 'open' });
  });

  it('checks every field of a tribe', () => {
    expect(
      validateTribeInput({ name: 'Ok name', tagline: '', description: '', topics: ['Go'], joinPolicy: 'open' }),
    ).toEqual({});
    expect(
      validateTribeInput({ name: 'x'.repeat(41), tagline: '', description: '', topics: ['Go'], joinPolicy: 'open' })
        .name,
    ).toBe('The name can be at most 40 characters (it has 41).');
  });

  it('trims posts and refuses empty or oversized ones', () => {
    expect(checkPostBody('  hi  ')).toEqual({ body: 'hi' });
    expect(checkPostBody(' ')).toEqual({ error: 'Write something before posting' });
    expect(checkPostBody('x'.repeat(5001))).toEqual({
      error: 'A post can be at most 5,000 characters (this one has 5,001)',
    });
    expect(checkPostBody('x'.repeat(5000))).toEqual({ body: 'x'.repeat(5000) });
  });
});

describe('withoutSubmitted', () => {
  it('takes exactly the published text out of the draft and keeps what was typed after it', () => {
    expect(withoutSubmitted('Hello', 'Hello')).toBe('');
    expect(withoutSubmitted('Hello\n\nAnd more', 'Hello')).toBe('And more');
    expect(withoutSubmitted('Something else', 'Hello')).toBe('Something else');
    expect(withoutSubmitted('Hel', 'Hello')).toBe('Hel');
  });
});
