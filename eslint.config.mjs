import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/.nx/**', '**/coverage/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // Sections load contracts' zod schemas lazily, yet import its zod-free public-site data
          // statically: the lib is `sideEffects: false`, so a static import brings no schema along.
          checkDynamicDependenciesExceptions: ['@portal/contracts'],
          depConstraints: [
            // Front end and back end never import each other's libraries.
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:build', onlyDependOnLibsWithTags: ['scope:build', 'scope:shared'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:testing'] },
            // Test helpers: imported by tests only, never by code that ships.
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:testing'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Redux and react-redux ship once, inside the shared @portal/store; react-router once, as the
    // shared react-router-dom facade. A direct import would put a second copy on the page.
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}', 'libs/web-testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/*'], message: 'Import it from @portal/store.' },
            { group: ['react-router', 'react-router/*', 'react-router-dom/*'], message: 'Import it from react-router-dom (shared through libs/federation/src/facades).' },
          ],
        },
      ],
    },
  },
  {
    // A page's first Intl format loads ICU's data (tens of ms of one task on a phone), and
    // `toLocale…String` with options builds a new format at every call: web code formats through a
    // format made on first use (`@portal/ui/format-date`, `@portal/ui/format-number`), ADR 0238.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/{ui,leads,store}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(Program, ExportNamedDeclaration) > VariableDeclaration NewExpression[callee.object.name="Intl"]',
          message: 'Make it on first use: lazyDateFormat (@portal/ui/format-date) or @portal/ui/format-number.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Each call builds a new Intl format: use lazyDateFormat or a helper of @portal/ui/format-date.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
