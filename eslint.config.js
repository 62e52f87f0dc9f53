import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'release/', 'test-results/', 'node_modules/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-throw-literal': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,svelte}'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    // The core runs in three hosts (Electron, web host, CLI); only the Electron glue may import electron.
    files: ['src-main/**/*.ts', 'src-service/**/*.ts', 'src-renderer/**/*.{ts,svelte}'],
    ignores: ['src-main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only src-main/electron/ may import electron.' }] },
      ],
    },
  },
  {
    // The renderer sees the core only through the typed bridge: types from src-main/ipc, nothing else.
    files: ['src-renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src-main/(?!ipc/)',
              message: 'The renderer may import only type definitions from src-main/ipc.',
            },
          ],
          paths: [{ name: 'electron', message: 'The renderer never imports electron.' }],
        },
      ],
    },
  },
);
