import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Import direction (docs/style.md): web `shared → features → app`, features never import each other; server
 * `http/entrypoints → modules → integrations/db/lib` (a module's jobs are its own `*.jobs.ts`), only repositories touch
 * db/, only integrations/ffmpeg spawns ffmpeg and ffprobe, only config/ reads process.env. Import cycles and another
 * server module's private files are dependency-cruiser's to find (.dependency-cruiser.cjs, also run by `npm run lint`).
 */
const restrict = (patterns) => ['error', { patterns }]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'playwright-report/**',
      'test-results/**',
      'apps/server/src/db/migrations/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every image says what it shows, or alt="" when the text beside it already does (issue 30 item 9).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='img']:not(:has(JSXAttribute[name.name='alt']))",
          message: 'An <img> needs alt: what it shows, or "" when the text beside it names it.',
        },
      ],
    },
  },
  // packages/shared: pure, for both sides.
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['node:*', 'fs', 'path', 'react', 'react-*'],
          message: 'packages/shared is pure: no Node, no DOM, no React.',
        },
        { group: ['@hookpost/*'], message: 'packages/shared depends on nothing of ours.' },
      ]),
    },
  },
  // Web: shared (components, lib, config) must not import features or app.
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/features/**', '**/app/**'], message: 'Shared web code must not import features or app.' },
      ]),
    },
  },
  // Web: a feature never imports another feature or the app.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['../../features/**', '../../app/**', '**/app/**'],
          message: 'Features never import each other or app/ (compose them in app/).',
        },
      ]),
    },
  },
  // Server: modules don't reach up into http/entrypoints; only repositories touch db/ (types excepted).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*.repository.ts',
      'apps/server/src/modules/**/*.test.ts',
      // Test kits set up rows the way tests do.
      'apps/server/src/modules/**/testing/**',
    ],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/http/**', '**/entrypoints/**'], message: 'Modules are below http/ and entrypoints/.' },
        { group: ['**/db/**', '!**/db/client'], message: 'Only repositories touch db/.' },
      ]),
    },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/http/**', '**/entrypoints/**'], message: 'Modules are below http/ and entrypoints/.' },
      ]),
    },
  },
  {
    files: ['apps/server/src/{integrations,db,lib}/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/modules/**', '**/http/**', '**/entrypoints/**'],
          message: 'Infrastructure does not import the layers above it.',
        },
      ]),
    },
  },
  // Only integrations/ffmpeg starts processes (ffmpeg, ffprobe; style.md rule 4); tests and test kits start servers and
  // the sandbox. typescript-eslint's copy of the rule, so it adds to the layer rules above instead of replacing them.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/integrations/ffmpeg/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:child_process', 'child_process'].map((name) => ({
            name,
            message: 'Only integrations/ffmpeg spawns processes: run ffmpeg and ffprobe through it.',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  // Only config/ reads process.env.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/.' },
      ],
    },
  },
  // Size (docs/style.md): a file past these limits holds two ideas — split it into named pieces. Tests and test kits
  // are exempt (a suite grows with its cases).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
)
