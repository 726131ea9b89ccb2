// Lint: type-aware TypeScript rules, no floating promises, type-only imports, declared packages, and the import
// direction of docs/architecture.md (domain <- client <- features <- app; domain <- server).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import n from 'eslint-plugin-n';

const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map((g) => ({
        group: [`**/${g}/**`],
        message: `Imports go one way; this layer may not use ${g}/.`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data', 'coverage', '.tools'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  // Every package imported is declared in package.json (none arrives only as another's dependency).
  {
    plugins: { n },
    rules: { 'n/no-extraneous-import': ['error', { allowModules: ['virtual:pwa-register'] }] },
  },
  { files: ['src/domain/**'], rules: forbid('client', 'features', 'app', 'server') },
  { files: ['src/client/**'], rules: forbid('features', 'app', 'server') },
  { files: ['src/features/**'], rules: forbid('app', 'server') },
  { files: ['src/server/**'], rules: forbid('client', 'features', 'app') },
  {
    // Tests read answers as JSON of any shape: their assertions are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
