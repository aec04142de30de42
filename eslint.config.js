// The linter's small rule set (issue 41): what tsc does not catch and a reviewer misses.
// `npm run lint`; `npm test` runs it beside the type check (run-p), before the suite.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // generated files and the migrations (history, never edited) are not linted
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'engine/generated/**', 'docs/**', 'server/db/migrations/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // a promise nobody awaits loses its error and its order
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // a declaration file declares what a library exports: its names are used elsewhere
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
);
