import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Absolute, so the rules mean the same whether ESLint runs from the root or from a workspace.
const root = import.meta.dirname;
const webSrc = path.join(root, 'apps/web/src');
const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders(path.join(webSrc, 'features'));
const apiSrc = path.join(root, 'apps/api/src');
const capabilities = folders(path.join(apiSrc, 'capabilities'));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    // Components that render one native control, checked as that control (labels, roles).
    settings: { 'jsx-a11y': { components: { PercentInput: 'input' } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Imports resolve like TypeScript does (the web app's `@/` alias, the API's `.js` specifiers).
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Without these, the plugin does not follow imports into .ts/.tsx files.
      'import/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'tooling/*/tsconfig.json',
            'e2e/tsconfig.json',
            'tsconfig.scripts.json',
          ].map((project) => path.join(root, project)),
        },
      },
    },
    // Import cycles are checked by scripts/no-cycles.ts (`npm run lint`): the same rule as the
    // plugin's no-cycle, which took three quarters of the lint's time.
  },
  {
    /*
     * Imports in the web app go one way: app/ (routes) → features/ → shared code (components/,
     * config/, lib/, test/). A route composes features; a feature is the code of one part of
     * the product and must be deletable or changeable without touching another, so it imports
     * no other feature and nothing from app/. Shared code knows no feature and no route. What
     * two features need goes down into shared code. Every folder under features/ gets its own
     * zone, so a new feature is covered without editing this file.
     */
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: webSrc,
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature; move shared code to components/ or lib/.',
            })),
            { target: './features', from: './app', message: 'A feature must not import app/ (routes).' },
            {
              target: ['./components', './config', './lib', './test'],
              from: ['./features', './app'],
              message: 'Shared code must not import features or app/ (routes).',
            },
          ],
        },
      ],
    },
  },
  {
    /*
     * Imports in the API go one way (docs/architecture.md, "The API's layers"): capabilities/ →
     * pricing/ → plugins/ (infrastructure) → db/, lib/, jobs/, config. A capability reaches
     * another only through that one's public module (its index.ts), so its other files can change
     * freely; nothing imports a route file (autoload registers them); infrastructure knows no
     * capability. Every folder under capabilities/ gets its own zone.
     */
    files: ['apps/api/src/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: apiSrc,
          zones: [
            ...capabilities.map((capability) => ({
              target: `./capabilities/${capability}`,
              from: './capabilities',
              except: [
                `./${capability}`,
                ...capabilities.filter((other) => other !== capability).map((other) => `./${other}/index.ts`),
              ],
              message: 'A capability reaches another only through its public module (capabilities/<name>/index.ts).',
            })),
            {
              target: './',
              from: ['./capabilities/*/routes.ts', './capabilities/*/routes/*.ts'],
              message: 'Route files are autoloaded, never imported: move what they share beside them or to lib/.',
            },
            {
              target: ['./pricing', './plugins'],
              from: './capabilities',
              message: 'Pricing and the infrastructure plugins know no capability.',
            },
            {
              target: ['./db', './lib', './jobs', './config.ts'],
              from: ['./capabilities', './pricing', './plugins'],
              message:
                'db/, lib/, jobs/ and config are the bottom layer: they import no plugin, pricing or capability.',
            },
          ],
        },
      ],
      // One file, one concern (the schema is the one table list).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['apps/api/src/db/schema.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['apps/api/**', 'packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', 'react', 'firebase', 'firebase/*'],
              message: 'Server and shared code stay free of browser code.',
            },
          ],
        },
      ],
    },
  },
);
