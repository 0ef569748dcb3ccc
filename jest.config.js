/** Unit, saga, integration and component tests. Browser journeys live in e2e/ (npm run e2e). */
// One time zone for every run, so dates render the same on any machine (workers inherit it).
process.env.TZ = 'UTC';

const fs = require('node:fs');
const path = require('node:path');

/**
 * The Markdown stack (react-markdown, remark, lowlight and the unified packages under them) ships
 * ES modules only; jest runs CommonJS, so these packages, and no others, are compiled like the
 * app's own files. Found by walking their dependencies (nested node_modules first, as Node does).
 */
function esModulePackages(roots) {
  const found = new Set();
  const seen = new Set();
  const visit = (name, fromDir) => {
    for (let dir = fromDir; ; dir = path.dirname(dir)) {
      const packageDir = path.join(dir, 'node_modules', name);
      if (fs.existsSync(path.join(packageDir, 'package.json'))) {
        if (seen.has(packageDir)) return;
        seen.add(packageDir);
        const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
        if (manifest.type === 'module') found.add(name);
        for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, packageDir);
        return;
      }
      if (dir === path.dirname(dir)) return;
    }
  };
  for (const root of roots) visit(root, __dirname);
  return [...found];
}
const ES_MODULE_PACKAGES = esModulePackages([
  'react-markdown',
  'remark-gfm',
  'remark-breaks',
  'lowlight',
  'hast-util-to-jsx-runtime',
  'unist-util-visit',
]);
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src', '<rootDir>/sw'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFiles: ['<rootDir>/src/test/setupGlobals.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setupAfterEnv.ts'],
  // The Firestore and Auth emulators for the rule table and the Firebase contract, when the run
  // includes them and FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST are not set already.
  globalSetup: '<rootDir>/scripts/jestGlobalSetup.mjs',
  globalTeardown: '<rootDir>/scripts/jestGlobalTeardown.mjs',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
    '^.+\\.js$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest-esm.json' }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ES_MODULE_PACKAGES.map(escapeRegExp).join('|')})/)`],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test/styleStub.ts',
    // No Worker in jsdom, no import.meta in ts-jest's CommonJS: the Markdown highlighter's worker factory answers null.
    '^\\./highlightWorkerFactory$': '<rootDir>/src/ui/markdown/highlightWorkerFactory.jest.ts',
  },
  clearMocks: true,
  restoreMocks: true,
};
