// Lint: type-aware TypeScript rules, no floating promises, no deprecated APIs, type-only imports, declared packages,
// React's hooks and compiler rules, accessible JSX, and the import direction of docs/architecture.md
// (domain <- client <- features <- app; domain <- server; no feature imports another), and no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import n from 'eslint-plugin-n';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';

const layers = (...groups) =>
  groups.map((g) => ({
    group: [`**/${g}/**`],
    message: `Imports go one way; this layer may not use ${g}/.`,
  }));
/** Chakra UI has one door, src/client/ui/chakra.ts (docs/architecture.md, “Chakra in one place”). */
const chakraOutsideUi = {
  group: ['@chakra-ui/react', '@chakra-ui/react/*'],
  message: 'Only src/client/ui imports Chakra UI; import it from src/client/ui/chakra.',
};
const restrict = (patterns, { chakra = true } = {}) => ({
  'no-restricted-imports': ['error', { patterns: chakra ? [...patterns, chakraOutsideUi] : patterns }],
});
const forbid = (...groups) => restrict(layers(...groups));

/** An address of the API written by hand, as a string or the start of a template. */
const apiAddresses = [
  {
    selector:
      'Literal[value=/^\\/?api\\//], TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/?api\\//]',
    message: 'Name the endpoint (src/domain/api/endpoints/): call(), followAction() or addressOf().',
  },
];

/**
 * Features do not import each other (docs/architecture.md): what two share lives in src/client,
 * and src/app joins them. A file `depth` folders below src/features/<name> reaches another
 * feature with `depth` times '../' and that feature's name, or through a path naming
 * features/<other>. One rule object per feature and depth, since objects for one rule replace
 * each other; each carries the layer patterns of src/features too.
 */
const featuresDir = path.join(import.meta.dirname, 'src/features');
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.flatMap((name) => {
  const others = features.filter((o) => o !== name).join('|');
  const message = `Features do not import each other; share through src/client or join them in src/app (docs/architecture.md).`;
  const deepest = Math.max(
    1,
    ...fs
      .readdirSync(path.join(featuresDir, name), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(featuresDir, path.join(e.parentPath, e.name)).split(path.sep).length - 1),
  );
  return Array.from({ length: deepest }, (_, i) => ({
    files: [`src/features/${name}/${'*/'.repeat(i)}*`],
    rules: restrict([
      ...layers('app', 'server'),
      { regex: `^(\\.\\./){${i + 1}}(${others})(/|$)`, message },
      { regex: `(^|/)features/(${others})(/|$)`, message },
    ]),
  }));
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'test-results',
      'playwright-report',
      'data',
      'coverage',
      '.tools',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'scripts/require-node.mjs', 'public/old-browser.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-deprecated': 'error',
    },
  },
  // React: the rules of hooks, complete effect dependencies and the React compiler's checks
  // (no setState straight in an effect, no ref reads during render, ...); accessible JSX.
  {
    files: ['src/{app,client,features}/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // What watch() returns cannot be memoised by the React Compiler (vite.config.ts).
      'no-restricted-properties': [
        'error',
        { property: 'watch', message: "react-hook-form's watch() defeats the React Compiler: use useWatch." },
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // Every package imported is declared in package.json (none arrives only as another's dependency).
  {
    plugins: { n },
    rules: { 'n/no-extraneous-import': ['error', { allowModules: ['virtual:pwa-register'] }] },
  },
  // No import cycles (type-only imports aside): a module's imports are evaluated before it, so a
  // cycle makes the order of evaluation depend on which of its modules is reached first.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Pages and the shell format through useFormat() (src/client/format/format.ts), never Intl itself;
  // a test may compute what it expects with Intl. They call the API by an endpoint's name
  // (src/domain/api/endpoints/), never by an address of their own.
  {
    files: ['src/{app,features}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl'], ImportDeclaration[source.value=/format\\/intl$/]",
          message: 'Format through useFormat() of src/client/format/format.ts.',
        },
        ...apiAddresses,
        {
          selector: "ImportDeclaration[source.value=/client\\/http$/] > ImportSpecifier[imported.name='api']",
          message: 'Call an endpoint by its name: call() or followAction() of src/client/http.ts.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/client/http.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiAddresses] },
  },
  { files: ['src/domain/**'], rules: forbid('client', 'features', 'app', 'server') },
  { files: ['src/client/**'], rules: forbid('features', 'app', 'server') },
  { files: ['src/client/ui/**'], rules: restrict(layers('features', 'app', 'server'), { chakra: false }) },
  { files: ['src/app/**'], rules: forbid('server') },
  { files: ['src/features/**'], rules: forbid('app', 'server') },
  ...featureZones,
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
  {
    files: ['eslint.config.js', 'scripts/require-node.mjs', 'public/old-browser.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // ES5 for browsers too old for the app's modules (index.html runs it where modules do not).
  {
    files: ['public/old-browser.js'],
    languageOptions: { ecmaVersion: 5, sourceType: 'script', globals: { document: 'readonly' } },
  },
  // Plain JavaScript that any Node runs before the server (package.json "start").
  {
    files: ['scripts/require-node.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
