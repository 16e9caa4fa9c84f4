import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import security from 'eslint-plugin-security';
import regexp from 'eslint-plugin-regexp';

const root = import.meta.dirname;
const serverFeatures = 'apps/server/src/features';
const webFeatures = 'apps/web/src/features';

/** Feature folders are read from disk so that a new feature is bound by the same rules at once. */
function featureNames(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// Layers (STYLE rules 2, 6 and 17): lower layers never reach up, and features talk through services
// (server) or through lib/components (web), never through each other's internals.
const layerZones = [
  {
    target: ['apps/server/src/platform', 'apps/server/src/db'],
    from: serverFeatures,
    message: 'platform/ and db/ are below the features: pass what they need in as arguments.',
  },
  ...featureNames(serverFeatures).map((name) => ({
    target: `${serverFeatures}/${name}/**`,
    from: `${serverFeatures}/!(${name})/*.repo.ts`,
    message: "A feature reaches another feature's data through that feature's service, not its repo.",
  })),
  {
    // The database (handle, schema, migrations, backups) is below platform/, which builds on it.
    // seed/ is a tool above both (it hashes demo passwords with platform/passwords).
    target: 'apps/server/src/db',
    from: 'apps/server/src/platform',
    message: 'db/ is below platform/: pass what it needs in as arguments.',
  },
  {
    // Only db's tests seed a database to check the schema and the backups against real rows.
    target: 'apps/server/src/db/**/!(*.test).ts',
    from: 'apps/server/src/seed',
    message: 'db/ is below seed/, which fills it.',
  },
  {
    target: 'apps/web/src/lib',
    from: 'apps/web/src/components',
    message: 'lib/ is below components/: move the part both need into lib/, or the component out of lib/.',
  },
  {
    target: ['apps/web/src/lib', 'apps/web/src/components'],
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'lib/ and components/ are below the features and the app.',
  },
  {
    target: 'apps/web/src/features',
    from: 'apps/web/src/app',
    message: 'Features are below the app: paths and shared parts live in lib/ or components/.',
  },
  ...featureNames(webFeatures).map((name) => ({
    target: `${webFeatures}/${name}/**`,
    from: `${webFeatures}/!(${name})/**`,
    message:
      'Web features do not import each other: compose them in app/, or move the shared part to lib/ or components/.',
  })),
];

/** Attributes a person reads (a tooltip, a placeholder) or hears (a screen reader's name of a control). */
const READ_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  // Our components' props that carry a text (a field's label, hint and error, a dialog's words).
  'label',
  'hint',
  'error',
  'heading',
  'description',
  'message',
];
/** Calls whose string arguments are never shown (the plugin's defaults, repeated: an option replaces them). */
const NOT_TEXT_CALLEES = [
  'i18n(ext)?',
  't',
  'require',
  'addEventListener',
  'removeEventListener',
  'postMessage',
  'getElementById',
  'dispatch',
  'commit',
  'includes',
  'indexOf',
  'endsWith',
  'startsWith',
];
/** Marks that read the same in every language: separators, stars, arrows, quotation marks. */
const TYPOGRAPHIC_SYMBOLS = '·•★☆–—×…←→↑↓“”‘’«»';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The service worker's push part runs in a worker, where `self` is the worker's global.
  { files: ['apps/web/public/push-sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    languageOptions: {
      globals: { ...globals.node },
      // Typed linting: each file is checked with the tsconfig.json nearest to it.
      parserOptions: {
        // Plain JavaScript outside any tsconfig: the server's build script, the service worker's push part.
        projectService: { allowDefaultProject: ['apps/server/build.mjs', 'apps/web/public/push-sw.js'] },
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Security rules (issue 16 §7) on the code that reads members' input, as errors.
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts', 'scripts/**/*.mjs'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { security, regexp },
    rules: {
      ...Object.fromEntries(Object.keys(security.configs.recommended.rules).map((rule) => [rule, 'error'])),
      // Every `object[key]` would be flagged: TypeScript's index types and the prototype-pollution fuzz
      // (hostile-routes.test.ts) do that job.
      'security/detect-object-injection': 'off',
      // File names come from settings and from keys the server makes itself (object-store.ts refuses
      // any key that could leave its folder, and tests it); the rule cannot tell those from input.
      'security/detect-non-literal-fs-filename': 'off',
      // safe-regex's star-height guess flags linear patterns such as /^\/jobs(\/[^/]+)?$/. The
      // backtracking analysis below proves, per pattern, what that rule only guesses (the bio pattern
      // that once froze the server is the case it must catch).
      'security/detect-unsafe-regex': 'off',
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // z.coerce.number() takes whatever Number() takes: true as 1, [5] as 5, "0x10" as 16.
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message:
            'Read numbers with numberInput (packages/shared/src/input.ts): JSON numbers or plain decimal text only.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A component loaded later also waits for the catalogue's second part (lib/i18n/parts/split.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/lazy-component.ts', 'apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message: 'Use lazyComponent (lib/lazy-component.ts): it also waits for the whole catalogue.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // Our components take an `autoFocus` prop for focus a member asked for (Quick Create, a dialog);
      // a DOM element's autoFocus still needs its reason beside it.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A scrolling region must be reachable from the keyboard (axe: scrollable-region-focusable).
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    // Every text a member reads goes through t() and the catalogues (issue 13): words written in the
    // markup, and the attributes a person or a screen reader reads. Tests may write literals.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          // Literals anywhere inside JSX (text, {'…'} children, the attributes below), not only its text.
          mode: 'jsx-only',
          'jsx-attributes': { include: READ_ATTRIBUTES },
          // The plugin's own list, and react-hook-form's calls, whose arguments are field names.
          callees: {
            exclude: [...NOT_TEXT_CALLEES, 'register', 'trigger', 'getFieldState', 'setError', 'watch'],
          },
          // Not words: digits, punctuation and symbols ('·', '★', '←', '“…”'), codes in capitals, emoji.
          words: { exclude: [`[\\s0-9!-/:-@[-\`{-~${TYPOGRAPHIC_SYMBOLS}]+`, '[A-Z_-]+', /^\p{Emoji}+$/u] },
        },
      ],
    },
  },
);
