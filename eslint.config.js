import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers (docs/ARCHITECTURE.md "Web layers"): app -> features -> shared. A feature
 * imports shared code (components, lib, config, the contract) and its own files, never another
 * feature; shared code imports neither features nor the app. What two features need lives in a
 * shared module named for what it is.
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_DEEP_RELATIVE = { group: ['../../*'], message: 'Import across folders with @/ paths.' };

const layerRule = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [NO_DEEP_RELATIVE, ...patterns] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-prerender/**',
      '**/node_modules/**',
      '**/data/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      ...layerRule(),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/{components,lib,config,testing}/**/*.{ts,tsx}'],
    rules: layerRule({
      regex: '^@/(features|app)/',
      message:
        'Shared code imports neither features nor the app: move what it needs into shared code.',
    }),
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: layerRule({
      regex: `^@/(app/|features/(?!${feature}/))`,
      message: `The ${feature} feature imports only its own files and shared code (components, lib, config): what two features need belongs in shared code.`,
    }),
  })),
);
