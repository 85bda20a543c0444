// Lint rules, including the layer rules that keep the architecture honest (docs/architecture.md):
// src/core imports nothing outside src/core and no Node/DOM/Electron module; the renderer never imports
// main, host, solver-process or Node modules; only src/main and src/preload import electron; src/cli and
// src/solver-process never import src/host (shared Node helpers live in src/node).
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'net',
  'http',
  'crypto',
  'url',
  'stream',
  'events',
  'util',
]
const electron = {
  group: ['electron', 'electron/*'],
  message: 'Only src/main and src/preload may import electron.',
}
const layer = (paths, message) => ({ group: paths, message })
const shell = layer(
  ['**/main/**', '**/renderer/**', '**/preload/**'],
  'Lower layers never import the Electron shell or the renderer.',
)

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**', 'docs/**', 'test-output/**'] },
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier's width, also for the comments and strings it leaves whole.
      'max-len': ['error', { code: 110, ignoreUrls: true }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      // Layout is prettier's (npm run format:check is part of npm test); these vue rules disagree with it.
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
    },
  },
  {
    files: ['src/core/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electron,
            layer(nodeBuiltins, 'src/core is pure TypeScript: no Node modules.'),
            layer(
              [
                '**/shared/**',
                '**/host/**',
                '**/main/**',
                '**/preload/**',
                '**/renderer/**',
                '**/cli/**',
                '**/solver-process/**',
                'vue',
                'pinia',
                '@babylonjs/*',
              ],
              'src/core imports nothing outside src/core.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electron,
            layer(nodeBuiltins, 'src/shared is used by the renderer: no Node modules.'),
            layer(
              [
                '**/host/**',
                '**/main/**',
                '**/preload/**',
                '**/renderer/**',
                '**/cli/**',
                '**/solver-process/**',
              ],
              'src/shared imports only src/core types.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electron,
            layer(nodeBuiltins, 'The renderer is sandboxed: no Node modules.'),
            layer(
              ['**/main/**', '**/host/**', '**/solver-process/**', '**/cli/**', '**/preload/**'],
              'The renderer talks to the backend only through the typed API (src/shared).',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/host/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [electron, shell] }] },
  },
  {
    // The solver process and the command line run without a host; what they share with it is in src/node.
    files: ['src/solver-process/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electron,
            shell,
            layer(['**/host/**'], 'The solver process and the CLI share Node helpers through src/node.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electron,
            shell,
            layer(
              ['**/host/**', '**/cli/**', '**/solver-process/**', '**/shared/**'],
              'src/node holds Node helpers over src/core only.',
            ),
          ],
        },
      ],
    },
  },
  {
    // Tests exercise every layer, the main-process modules included (with Electron injected); importing
    // electron itself stays forbidden, since under plain Node it tries to download the binary.
    files: ['test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [electron] }] },
  },
)
