import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One rule per layer: its files may not import from the folders listed (tests, which compose the layers, excepted). */
function importBoundaries(layers) {
  return Object.entries(layers).map(([files, banned]) => ({
    files: [files],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: banned.map((folder) => ({
            group: [`**/${folder}`, `**/${folder}/**`],
            message: `${files.split('/')[1]}/ does not import ${folder.split('/')[0]}/: the layers import one way.`,
          })),
        },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/artifacts', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'i18next/no-literal-string': ['error', { mode: 'jsx-only' }],
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  // the layers import one way: api ← queries ← components ← steps ← app (report beside the steps)
  ...importBoundaries({
    'src/api/**': ['queries', 'components', 'steps', 'report', 'app'],
    'src/queries/**': ['steps', 'report', 'app'],
    'src/session/**': ['components', 'report', 'app'],
    'src/components/**': ['steps', 'report', 'app'],
    'src/steps/**': ['app'],
    'src/report/**': ['app', 'steps/*/*Step', 'steps/*/*Step.tsx'],
  }),
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
