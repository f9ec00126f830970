// Flat config: the recommended JavaScript and TypeScript rules (syntax-only, no type information, so linting stays
// fast), plus the rules of hooks for the React UI. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { relative, sep } from 'node:path';
import { LAYER_OFFENDERS, LAYER_RULES, findLayerViolations } from './scripts/layer-rules.ts';

/**
 * The import directions of ARCHITECTURE §2, one `layers/<rule>` each. They run the same checker as the source-scan
 * test (scripts/test-harness/layers.test.ts) and skip, per rule, the files that break it today (its list in
 * scripts/layer-rules.ts), so `npx eslint .` passes while those are fixed and a new offender is an error.
 */
const layers = {
  rules: Object.fromEntries(
    LAYER_RULES.map((rule) => [
      rule.id,
      {
        meta: { type: 'problem', docs: { description: rule.description }, schema: [] },
        create(context) {
          const path = relative(import.meta.dirname, context.filename)
            .split(sep)
            .join('/');
          return {
            Program() {
              for (const violation of findLayerViolations(path, context.sourceCode.text, [rule.id])) {
                context.report({ loc: { line: violation.line, column: 0 }, message: violation.message });
              }
            },
          };
        },
      },
    ]),
  ),
};

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
  { files: ['**/*.{ts,tsx}'], plugins: { layers } },
  LAYER_RULES.map((rule) => ({
    files: ['**/*.{ts,tsx}'],
    ignores: [...LAYER_OFFENDERS[rule.id]],
    rules: { [`layers/${rule.id}`]: 'error' },
  })),
);
