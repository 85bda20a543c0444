import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICY } from './src/shared/contentSecurityPolicy'

// file:// loads carry no response headers, so the policy also goes into index.html.
const contentSecurityPolicyMeta: Plugin = {
  name: 'content-security-policy-meta',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
      injectTo: 'head-prepend',
    },
  ],
}

const { ENGINE_BUILD_CONSTANT, engineBuildId } = createRequire(__filename)('./scripts/engineBuild.cjs') as {
  ENGINE_BUILD_CONSTANT: string
  engineBuildId(root: string): string
}

export default defineConfig(({ command }) => ({
  main: {
    // The engine's build id (src/core/engineVersion.ts) in a build; `npm run dev` runs what it rebuilds
    // from the sources as they are edited, so it has none ('source').
    define: command === 'build' ? { [ENGINE_BUILD_CONSTANT]: JSON.stringify(engineBuildId(__dirname)) } : {},
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'solver-process': resolve(__dirname, 'src/solver-process/index.ts'),
          // The solver process's worker thread, loaded by name from beside solver-process.js.
          'solver-worker': resolve(__dirname, 'src/solver-process/solverWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } } },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } } },
    plugins: [vue(), contentSecurityPolicyMeta],
  },
}))
