// Flat config: the recommended JavaScript and TypeScript rules (syntax-only, no type information, so linting stays
// fast), plus the rules of hooks for the React UI. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    '.vitest/',
    '.data/',
    '.tools/',
    'node_modules/',
    'e2e/artifacts/',
    'test-results/',
    'playwright-report/',
    'workflows/**/histories/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a parameter kept for a fixed signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Migrations are frozen in time and work on the schema as it was then, so Kysely's docs type them Kysely<any>.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
);
