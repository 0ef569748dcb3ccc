#!/usr/bin/env node
// `npm run bench`: builds for production into dist-bench/, serves it, and runs each section in
// bench/sections/ (each exports `title` and `run(ctx)`). A benchmark, not a test: it prints
// figures and exits 0 unless it could not run.
// Options: --no-build (reuse dist-bench/), --only=size,lighthouse, --runs=N (Lighthouse runs per page).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { startServer } from '../scripts/serve.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const SECTIONS_DIR = path.join(BENCH_DIR, 'sections');
// Sections run in this order; any other file in sections/ runs after them, alphabetically.
const PREFERRED_ORDER = ['size', 'lighthouse'];

function parseOptions(argv) {
  const options = {};
  for (const arg of argv) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument: ${arg}`);
    options[match[1]] = match[2] ?? true;
  }
  return options;
}

function sectionNames(only) {
  const available = readdirSync(SECTIONS_DIR)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => name.slice(0, -'.mjs'.length))
    .sort((a, b) => {
      const rank = (name) => (PREFERRED_ORDER.includes(name) ? PREFERRED_ORDER.indexOf(name) : PREFERRED_ORDER.length);
      return rank(a) - rank(b) || a.localeCompare(b);
    });
  if (!only || only === true) return available;
  const wanted = String(only).split(',');
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length) throw new Error(`Unknown section(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  return available.filter((name) => wanted.includes(name));
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const names = sectionNames(options.only);
  const distDir = path.resolve(ROOT, process.env.DEVTRIBE_OUT_DIR || 'dist-bench');
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium`);

  if (!options['no-build']) {
    console.log(`Building for production into ${path.relative(ROOT, distDir)}/ ...`);
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: ROOT,
      // webpack's report goes to stdout: keep it only for a failure.
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, DEVTRIBE_OUT_DIR: distDir },
    });
    if (build.status !== 0) {
      console.log(build.stdout);
      throw new Error('The production build failed.');
    }
  }
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run without --no-build.`);

  const server = await startServer({ dir: distDir, port: 0 });
  const failed = [];
  try {
    const ctx = { root: ROOT, distDir, url: server.url, chromiumPath, options, results: {} };
    for (const name of names) {
      // One section that cannot run should not hide the figures of the others.
      try {
        const section = await import(pathToFileURL(path.join(SECTIONS_DIR, `${name}.mjs`)).href);
        console.log(`\n== ${section.title ?? name} ==\n`);
        ctx.results[name] = await section.run(ctx);
      } catch (error) {
        console.error(`Section ${name} could not run: ${error.stack || error.message}`);
        failed.push(name);
      }
    }
  } finally {
    await server.close();
  }
  if (failed.length) throw new Error(`section(s) that could not run: ${failed.join(', ')}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench could not run: ${error.stack || error.message}`);
    process.exit(1);
  },
);
