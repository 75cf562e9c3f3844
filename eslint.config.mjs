// ESLint (flat config) for the page (web/), its tests (tests/web/) and the
// node tools beside them. Run by scripts/test-web.sh (npx eslint .); the
// unused-export check is tests/web/unused-exports.mjs.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/**', 'node_modules/**', '**/*.min.js'] },
  js.configs.recommended,
  {
    // The page's modules (main thread), a folder each (README.md: the layout of web/).
    files: ['web/*/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // Classic workers: importScripts() the Emscripten build.
    files: ['web/worker.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.worker } },
  },
  {
    files: ['tests/web/**/*.mjs', 'bench/**/*.mjs', '*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // page.evaluate() bodies run in the browser.
    files: ['tests/web/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    rules: {
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
    },
  },
];
