/** Unit, saga, integration and component tests. Browser journeys live in e2e/ (npm run e2e). */
// One time zone for every run, so dates render the same on any machine (workers inherit it).
process.env.TZ = 'UTC';

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
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test/styleStub.ts',
  },
  clearMocks: true,
  restoreMocks: true,
};
