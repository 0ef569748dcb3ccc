// Project ranking: the match score of 2,000 projects against a profile with 20 skills, sorted,
// as the Project Matchmaking page does it. matchScore.ts imports only compareText.ts, which imports
// nothing, so the two are transpiled alone with TypeScript's transpileModule and imported from
// temporary .mjs files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import ts from 'typescript';

import { median, printTable } from '../lib.mjs';

export const title = 'Project ranking: match score of 2,000 projects against 20 skills';

const PROJECT_COUNT = 2000;
const VIEWER_SKILL_COUNT = 20;
const RUNS = 25;
const BUDGET_MS = 50;

const VOCABULARY = [
  'TypeScript',
  'JavaScript',
  'React',
  'Node.js',
  'GraphQL',
  'Go',
  'Rust',
  'Python',
  'ML',
  'Docker',
  'Kubernetes',
  'AWS',
  'Firebase',
  'PostgreSQL',
  'Swift',
  'Kotlin',
  'Figma',
  'Accessibility',
  'Terraform',
  'WebAssembly',
  'C++',
  'Linux',
  'Django',
  'MongoDB',
  'PyTorch',
  'Prometheus',
];

/** mulberry32: the same projects on every run. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fixtures() {
  const random = prng(2026);
  const pick = (count) => Array.from({ length: count }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]);
  const projects = Array.from({ length: PROJECT_COUNT }, (_, i) => ({
    id: `p${i}`,
    requiredSkills: pick(1 + Math.floor(random() * 10)),
    team: Array.from({ length: 1 + Math.floor(random() * 5) }, (_, m) => ({
      id: `u${Math.floor(random() * 500)}`,
      displayName: `Member ${m}`,
      skills: pick(2 + Math.floor(random() * 6)),
    })),
  }));
  const viewer = {
    id: 'viewer',
    skills: VOCABULARY.slice(0, VIEWER_SKILL_COUNT),
    friendIds: Array.from({ length: 50 }, (_, i) => `u${i * 7}`),
    tribeMateIds: Array.from({ length: 80 }, (_, i) => `u${i * 5 + 1}`),
  };
  return { projects, viewer };
}

// The domain files the match score is made of; relative imports among them get the .mjs suffix.
const MATCH_SCORE_FILES = ['matchScore', 'compareText'];

async function loadMatchScore(root, dir) {
  for (const name of MATCH_SCORE_FILES) {
    const source = readFileSync(path.join(root, `src/domain/${name}.ts`), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(
      path.join(dir, `${name}.mjs`),
      outputText.replace(/from '\.\/(\w+)'/g, (_match, file) => `from './${file}.mjs'`),
    );
  }
  return import(pathToFileURL(path.join(dir, 'matchScore.mjs')).href);
}

export async function run(ctx) {
  const dir = mkdtempSync(path.join(tmpdir(), 'project-ranking-'));
  try {
    const { rankByMatch } = await loadMatchScore(ctx.root, dir);
    const { projects, viewer } = fixtures();
    const coldStart = performance.now();
    rankByMatch(projects, viewer); // the first ranking also prepares each project's skill keys (kept per project)
    const coldMs = performance.now() - coldStart;
    const times = [];
    let top = null;
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      const ranked = rankByMatch(projects, viewer);
      times.push(performance.now() - start);
      top = ranked[0];
    }
    const medianMs = median(times);
    const verdict = medianMs <= BUDGET_MS ? 'within budget' : 'OVER BUDGET';
    printTable(
      ['projects', 'viewer skills', 'runs', 'median ms', 'min ms', 'max ms', 'budget ms', 'verdict'],
      [
        [
          PROJECT_COUNT,
          VIEWER_SKILL_COUNT,
          RUNS,
          medianMs.toFixed(2),
          Math.min(...times).toFixed(2),
          Math.max(...times).toFixed(2),
          BUDGET_MS,
          verdict,
        ],
      ],
    );
    console.log(
      `\nFirst ranking (also preparing every project's skill keys): ${coldMs.toFixed(2)} ms. Top project: ${top?.item.id} scored ${top?.match.score}.`,
    );
    return {
      projects: PROJECT_COUNT,
      viewerSkills: VIEWER_SKILL_COUNT,
      runs: RUNS,
      medianMs,
      coldMs,
      budgetMs: BUDGET_MS,
      withinBudget: medianMs <= BUDGET_MS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/sections/projectRanking.mjs` runs this section alone (no build or server needed).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run({ root: path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..') });
}
