// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { roomBoundaries } from './tools/eslint/room-boundaries.js';

/** Lint rules for the whole repository; `rooms/boundaries` keeps each room to its allowed imports. */
export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', '.tsbuild/', 'test-results/', 'playwright-report/', 'docs/openapi.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { rooms: { rules: { boundaries: roomBoundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'rooms/boundaries': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The service's storage is asynchronous (SQLite or PostgreSQL): a promise left unawaited loses a write or its error.
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // react-query drops the per-call callbacks of mutate() once the component unmounts: the outcome (a notice) is lost.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
          message: 'Per-call callbacks of mutate() do not run once the component has gone: use runMutation() from lib/run-mutation.ts.',
        },
      ],
    },
  },
);
