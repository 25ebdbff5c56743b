// ESLint rather than Biome: Biome ships its binary in per-platform packages that the registry
// these machines use does not carry, which leaves package-lock.json unusable for `npm ci`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist.*/', 'coverage/', 'node_modules/', '.bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off', // terminal code matches escape sequences on purpose
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // zod's `z` export is one object holding all of zod (every locale, JSON Schema): bundled whole,
    // 700 KB on the way to the first frame. The namespace import lets esbuild keep what is used.
    files: ['src/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "import * as z from 'zod' (the named z bundles all of zod)",
        },
      ],
    },
  },
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
