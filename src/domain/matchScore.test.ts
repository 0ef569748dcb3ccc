import { textKey } from './compareText';
import { EXTRA_SKILL_POINTS_MAX, MATCH_WEIGHTS, matchScore, rankByMatch, REQUIRED_GAP_POINTS } from './matchScore';
import type { MatchProject, MatchResult, MatchViewer } from './matchScore';

/** mulberry32: a tiny seeded PRNG, so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The skills the random inputs draw from: a few, so viewers and projects share some often. */
const VOCABULARY = 'TypeScript React Go Rust Python ML Docker Kubernetes AWS Figma Swift Linux'.split(' ');

function randomInput(random: () => number): { viewer: MatchViewer; project: MatchProject } {
  const pick = (max: number) => {
    const count = Math.floor(random() * (max + 1));
    return Array.from({ length: count }, () => {
      const skill = VOCABULARY[Math.floor(random() * VOCABULARY.length)] ?? 'Go';
      // Mixed case and spaces: matching must not care.
      return random() < 0.3 ? ` ${skill.toUpperCase()} ` : skill;
    });
  };
  const team = Array.from({ length: Math.floor(random() * 5) }, (_, i) => ({
    id: `m${i}`,
    displayName: `Member ${i}`,
    skills: pick(5),
  }));
  const ids = team.map((m) => m.id);
  return {
    viewer: {
      id: random() < 0.2 ? 'm0' : 'viewer',
      skills: pick(20),
      friendIds: ids.filter(() => random() < 0.3),
      tribeMateIds: ids.filter(() => random() < 0.3),
    },
    project: { requiredSkills: [...pick(9), VOCABULARY[Math.floor(random() * VOCABULARY.length)] ?? 'Go'], team },
  };
}

const points = (result: MatchResult, key: string) => result.components.find((c) => c.key === key)?.points;

const viewer = (skills: string[], extra: Partial<MatchViewer> = {}): MatchViewer => ({
  id: 'me',
  skills,
  friendIds: [],
  tribeMateIds: [],
  ...extra,
});

describe('the match score: properties over random inputs', () => {
  const cases = Array.from({ length: 500 }, (_, seed) => ({ seed, ...randomInput(prng(seed + 1)) }));

  it('is an integer from 0 to 100, the sum of its components, each within its maximum', () => {
    for (const { seed, viewer: v, project } of cases) {
      const result = matchScore(v, project);
      expect({ seed, ok: Number.isInteger(result.score) && result.score >= 0 && result.score <= 100 }).toEqual({
        seed,
        ok: true,
      });
      expect(result.components.map((c) => c.key)).toEqual(['coverage', 'complement', 'social']);
      expect(result.score).toBe(result.components.reduce((total, c) => total + c.points, 0));
      for (const component of result.components) {
        expect(component.max).toBe(MATCH_WEIGHTS[component.key]);
        expect(component.points).toBeGreaterThanOrEqual(0);
        expect(component.points).toBeLessThanOrEqual(component.max);
        expect(component.detail.length).toBeGreaterThan(0);
      }
    }
  });

  it('never drops when the viewer adds a missing required skill', () => {
    for (const { seed, viewer: v, project } of cases) {
      const before = matchScore(v, project).score;
      for (const skill of project.requiredSkills) {
        const after = matchScore({ ...v, skills: [...v.skills, skill] }, project).score;
        expect({ seed, skill, dropped: after < before }).toEqual({ seed, skill, dropped: false });
      }
    }
  });

  it('suggests at most 3 missing required skills, biggest gain first, each gain exactly what adding it does', () => {
    for (const { viewer: v, project } of cases) {
      const result = matchScore(v, project);
      expect(result.suggestions.length).toBeLessThanOrEqual(3);
      const own = new Set(v.skills.map(textKey));
      for (const suggestion of result.suggestions) {
        expect(own.has(textKey(suggestion.skill))).toBe(false);
        const raised = matchScore({ ...v, skills: [...v.skills, suggestion.skill] }, project).score;
        expect(suggestion.gain).toBe(raised - result.score);
        expect(suggestion.label).toBe(`+${suggestion.gain} with ${suggestion.skill}`);
      }
      const gains = result.suggestions.map((s) => s.gain);
      expect(gains).toEqual([...gains].sort((a, b) => b - a));
    }
  });
});

describe('the match score: each component and its weight', () => {
  const project: MatchProject = { requiredSkills: ['React', 'TypeScript', 'Docker', 'Go'], team: [] };

  it('gives coverage up to 70 by the share of required skills, case-insensitively', () => {
    expect(points(matchScore(viewer([]), project), 'coverage')).toBe(0);
    expect(points(matchScore(viewer(['react']), project), 'coverage')).toBe(18); // 70 * 1/4 = 17.5
    expect(points(matchScore(viewer([' REACT ', 'typescript']), project), 'coverage')).toBe(35);
    expect(points(matchScore(viewer(['React', 'TypeScript', 'Docker', 'Go']), project), 'coverage')).toBe(70);
  });

  it('gives 5 per required skill the team lacks, plus up to 5 for other skills new to the team, at most 15', () => {
    const team = [{ id: 'ada', displayName: 'Ada', skills: ['React', 'Figma'] }];
    const withTeam = { ...project, team };
    // React is on the team already: only TypeScript fills a gap.
    expect(points(matchScore(viewer(['React', 'TypeScript']), withTeam), 'complement')).toBe(REQUIRED_GAP_POINTS);
    // Figma is not new; Rust and Swift are: 2 other skills.
    expect(points(matchScore(viewer(['Figma', 'Rust', 'Swift']), withTeam), 'complement')).toBe(2);
    const many = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    expect(points(matchScore(viewer(many), withTeam), 'complement')).toBe(EXTRA_SKILL_POINTS_MAX);
    expect(points(matchScore(viewer(['TypeScript', 'Docker', 'Go', ...many]), withTeam), 'complement')).toBe(15);
    const complement = matchScore(viewer(['TypeScript', 'Rust']), withTeam).components[1];
    expect(complement?.detail).toBe('You bring TypeScript, which the team lacks, plus 1 other skill new to the team.');
  });

  it('gives 10 per friend and 5 per tribe-mate on the team, at most 15', () => {
    const team = [
      { id: 'ada', displayName: 'Ada', skills: [] },
      { id: 'bo', displayName: 'Bo', skills: [] },
      { id: 'cy', displayName: 'Cy', skills: [] },
    ];
    const withTeam = { ...project, team };
    expect(points(matchScore(viewer([]), withTeam), 'social')).toBe(0);
    expect(points(matchScore(viewer([], { tribeMateIds: ['bo'] }), withTeam), 'social')).toBe(5);
    expect(points(matchScore(viewer([], { friendIds: ['ada'] }), withTeam), 'social')).toBe(10);
    const both = matchScore(viewer([], { friendIds: ['ada', 'bo'], tribeMateIds: ['cy'] }), withTeam);
    expect(points(both, 'social')).toBe(15);
    expect(both.components[2]?.detail).toBe('Friends on the team: Ada and Bo; shares a tribe with Cy.');
  });

  it('does not count the viewer as part of the team', () => {
    const team = [{ id: 'me', displayName: 'Me', skills: ['React'] }];
    expect(points(matchScore(viewer(['React']), { ...project, team }), 'complement')).toBe(REQUIRED_GAP_POINTS);
  });

  it('adds up to 100 with every required skill, gaps filled and friends on the team', () => {
    const team = [
      { id: 'ada', displayName: 'Ada', skills: [] },
      { id: 'bo', displayName: 'Bo', skills: [] },
    ];
    const result = matchScore(viewer(['React', 'TypeScript', 'Docker', 'Go'], { friendIds: ['ada', 'bo'] }), {
      ...project,
      team,
    });
    expect(result.score).toBe(100);
    expect(result.suggestions).toEqual([]);
  });
});

describe('the match score: what would raise it', () => {
  it('ranks missing skills by gain: a skill the team lacks gains its gap points too', () => {
    const project: MatchProject = {
      requiredSkills: ['React', 'Docker', 'Kubernetes', 'Go'],
      team: [{ id: 'ada', displayName: 'Ada', skills: ['Kubernetes', 'Go'] }],
    };
    const result = matchScore(viewer(['React']), project);
    expect(result.score).toBe(18 + 5 + 0);
    // With Docker: coverage 35 (+17), and a gap filled (+5). With Kubernetes or Go: +17 only.
    expect(result.suggestions).toEqual([
      { skill: 'Docker', gain: 22, label: '+22 with Docker' },
      { skill: 'Kubernetes', gain: 17, label: '+17 with Kubernetes' },
      { skill: 'Go', gain: 17, label: '+17 with Go' },
    ]);
  });

  it('keeps the top 3 only and skips skills the viewer has in another case', () => {
    const project: MatchProject = { requiredSkills: ['A', 'B', 'C', 'D', 'E'], team: [] };
    const result = matchScore(viewer(['a']), project);
    expect(result.suggestions.map((s) => s.skill)).toEqual(['B', 'C', 'D']);
  });
});

describe('ranking', () => {
  it('orders projects by score, keeping the given order for ties', () => {
    const projects = [
      { id: 'none', requiredSkills: ['Rust'], team: [] },
      { id: 'full', requiredSkills: ['React'], team: [] },
      { id: 'none-too', requiredSkills: ['Go'], team: [] },
    ];
    const ranked = rankByMatch(projects, viewer(['react']));
    expect(ranked.map((r) => r.item.id)).toEqual(['full', 'none', 'none-too']);
    expect(ranked[0]?.match.score).toBe(70 + 5);
  });

  it('ranks 2,000 projects against 20 skills, best first (its speed is measured by npm run bench)', () => {
    const random = prng(42);
    const projects = Array.from({ length: 2000 }, (_, i) => ({ id: `p${i}`, ...randomInput(random).project }));
    const skills = Array.from(
      { length: 20 },
      (_, i) => VOCABULARY[i % VOCABULARY.length] + (i >= VOCABULARY.length ? `-${i}` : ''),
    );
    const me = viewer(skills, { friendIds: ['m1'], tribeMateIds: ['m2'] });
    const ranked = rankByMatch(projects, me);
    expect(ranked).toHaveLength(2000);
    const scores = ranked.map((r) => r.match.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
