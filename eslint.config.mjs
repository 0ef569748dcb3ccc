// Flat config: type-checked rules for the TypeScript app, the JS recommended rules for tooling.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['src/**/*.{ts,tsx}', 'sw/**/*.ts'];

// House rule 3: components never reach into an adapter, only the Firebase adapter imports the SDK.
const FIREBASE_SDK = {
  group: ['firebase', 'firebase/*'],
  message: 'Only src/backend/firebase/** may import the Firebase SDK; go through the Backend port.',
};
const BACKEND_ADAPTERS = {
  group: ['**/backend/local', '**/backend/local/**', '**/backend/firebase', '**/backend/firebase/**'],
  message: 'Components use the Backend port (sagas get it from saga context), never an adapter.',
};
const PLAIN_REDUX_HOOKS = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch'],
  message: 'Use useAppSelector/useAppDispatch from src/app/hooks.ts: they carry the store types.',
};

// Text compared in the browser's locale differs by country: in Turkish "I" lowers to a dotless "ı",
// and a Swedish collator puts "Ä" after "z". Locale-sensitive calls must name their locale.
// scripts/checkLintRules.mjs proves each selector still fires.
const LOCALE_FREE_TEXT = 'use textKey, sameText or compareText (src/domain/compareText.ts), or pass an explicit locale';
const NO_DEFAULT_LOCALE = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Lower|Upper)Case$/][arguments.length=0]',
    message: `toLocaleLowerCase()/toLocaleUpperCase() follow the browser's locale: ${LOCALE_FREE_TEXT}.`,
  },
  {
    selector:
      "CallExpression[callee.property.name=/^toLocale(Lower|Upper)Case$/] > Identifier.arguments:first-child[name='undefined']",
    message: `toLocaleLowerCase(undefined)/toLocaleUpperCase(undefined) follow the browser's locale: ${LOCALE_FREE_TEXT}.`,
  },
  {
    selector: "CallExpression[callee.property.name='localeCompare'][arguments.length<2]",
    message: `localeCompare without a locale follows the browser's locale: ${LOCALE_FREE_TEXT}.`,
  },
  {
    selector:
      "CallExpression[callee.property.name='localeCompare'] > Identifier.arguments:nth-child(2)[name='undefined']",
    message: `localeCompare(other, undefined) follows the browser's locale: ${LOCALE_FREE_TEXT}.`,
  },
  {
    selector: "NewExpression[callee.property.name='Collator'][arguments.length=0]",
    message: `Intl.Collator() without a locale follows the browser's locale: ${LOCALE_FREE_TEXT}.`,
  },
  {
    selector: "NewExpression[callee.property.name='Collator'] > Identifier.arguments:first-child[name='undefined']",
    message: `Intl.Collator(undefined) follows the browser's locale: ${LOCALE_FREE_TEXT}.`,
  },
];

// Layering (README, "Folder layout"), on resolved paths so any spelling of an import is caught.
// scripts/checkLintRules.mjs (part of `npm run lint`) proves each zone still fires.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PUBLIC_ENTRIES = ['**/src/features/*/index.ts', '**/src/features/*/components.ts'];
const FEATURE_INTERNALS = { from: './src/features/**', except: PUBLIC_ENTRIES };
const ADAPTERS = ['./src/backend/local', './src/backend/firebase'];
// Code that only tests run: the test harness, the tests, and the friends tests' shared set-up.
const TEST_CODE = [
  'src/test/**',
  'src/**/*.test.{ts,tsx}',
  'sw/**/*.test.ts',
  'src/features/friends/friendsTestUsers.ts',
];

const LAYER_ZONES = [
  {
    target: './src/domain',
    from: ['./src/app', './src/backend', './src/features', './src/ui', './src/platform'],
    message: 'src/domain is the bottom floor: it imports nothing above it.',
  },
  {
    target: './src/backend',
    from: ['./src/features', './src/app', './src/ui'],
    message: 'The backend builds on src/domain, never on the app or its features (demo data: backend/local/demo).',
  },
  {
    target: './src/ui',
    from: './src/features',
    message: 'src/ui draws what it is given: a feature passes data and callbacks in, the ui never reaches for one.',
  },
  {
    target: './src/platform',
    ...FEATURE_INTERNALS,
    message: "Browser integrations use a feature only through its public entry: '../features/x'.",
  },
  {
    target: './src/app/sagas',
    ...FEATURE_INTERNALS,
    message:
      'The saga toolkit sits below the features: it defines what it needs (app/sagas/authState.ts) and uses a feature only through its public entry.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}/**`,
    from: `./src/features/!(${feature})/**`,
    except: PUBLIC_ENTRIES,
    message:
      "A feature uses another only through its public entry: '../x' (state, operations, types) or '../x/components'.",
  })),
];

// Only for code the app ships (tests build real adapters on fake-indexeddb and use the harness).
const PRODUCTION_ZONES = [
  {
    target: './src/features',
    from: ADAPTERS,
    message: 'No saga (nor any feature code) imports an adapter: sagas get the Backend port from saga context.',
  },
  {
    target: ['./src', './sw'],
    from: './src/test',
    message: 'src/test is test code: the app never imports it.',
  },
];

const layerRule = (zones) => ['error', { basePath: import.meta.dirname, zones }];

export default tseslint.config(
  { ignores: ['dist*/**', 'node_modules/**', 'coverage/**', '.bench/**', 'e2e/.artifacts/**'] },

  js.configs.recommended,

  // Tooling, tests, configs: plain JavaScript on Node, no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Callbacks passed to page.evaluate run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // webpack.config.js, jest.config.js and scripts/*.js are CommonJS (package.json has no "type").
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Inlined into the prerendered pages (scripts/startupScripts.js): a classic script in the browser.
    files: ['scripts/startupLoader.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },

  // The app (and the service worker, once it exists): type-checked.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS_FILES })),
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `void promise` is how the app marks a deliberate fire-and-forget.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // onClick={() => dispatch(...)} returns the action; React ignores it, so allow void-returning attributes.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/order': [
        'error',
        {
          groups: [
            ['builtin', 'external'],
            ['internal', 'parent', 'sibling', 'index'],
          ],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': layerRule(LAYER_ZONES),
      'no-restricted-imports': ['error', { patterns: [FIREBASE_SDK], paths: [PLAIN_REDUX_HOOKS] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...NO_DEFAULT_LOCALE] },
  },
  {
    files: ['src/features/**/*.tsx', 'src/ui/**', 'src/app/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [FIREBASE_SDK, BACKEND_ADAPTERS], paths: [PLAIN_REDUX_HOOKS] }],
    },
  },
  {
    files: ['src/backend/firebase/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [PLAIN_REDUX_HOOKS] }] },
  },
  {
    // The layers, plus the zones that hold for the shipped code only.
    files: TS_FILES,
    ignores: TEST_CODE,
    rules: { 'import-x/no-restricted-paths': layerRule([...LAYER_ZONES, ...PRODUCTION_ZONES]) },
  },
  {
    // A saga's `yield` evaluates to `any` (generators cannot type each yield separately), so every
    // `const x: T = yield call(...)` is "unsafe" although house rule 4 types it on the left.
    // And call([obj, obj.method]) is redux-saga's way to bind `this`, which unbound-method cannot see.
    files: ['src/**/*Sagas.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests build real adapters on fake-indexeddb (integration over the port), so the
    // component-side ban on backend imports is for production code only.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [FIREBASE_SDK], paths: [PLAIN_REDUX_HOOKS] }],
    },
  },
  {
    // expect(mock.method).toHaveBeenCalled() reads a method without calling it: that is the point.
    // Jest types its asymmetric matchers (expect.stringContaining, expect.any ...) as `any`.
    files: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // redux-saga-test-plan types RunResult.storeState and returnValue as `any`; a saga test reads
    // them all the time, and there is no typed alternative short of a cast on every line.
    files: ['src/**/*Sagas.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off' },
  },
  {
    // The typed hooks are defined here, from the plain ones.
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FIREBASE_SDK] }] },
  },
);
