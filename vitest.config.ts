import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

// Only our own .test.ts files: vitest's default include would also pick up .mjs scripts and node:test files.
export default defineConfig({
  // Component tests of the renderer (test/unit/renderer) import .vue files.
  plugins: [vue()],
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/validation/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/fuzz/**/*.test.ts',
    ],
    passWithNoTests: false,
    testTimeout: 60_000,
    pool: 'threads',
  },
})
