// Shared by the browser tests: the web host in-process (its TypeScript loaded through tsx) and
// Debian's Chromium with the WebGL flags from TOOLCHAIN.md.
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { require as tsxRequire } from 'tsx/cjs/api'

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const FIXTURE_EXAMPLES = resolve(PROJECT_ROOT, 'test/browser/fixtures/examples')
export const OUTPUT_DIR = resolve(PROJECT_ROOT, 'test-output')

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]

/** @param {{ examplesDir?: string }} options */
export function startHost(options = {}) {
  const { startWebHost } = tsxRequire(resolve(PROJECT_ROOT, 'src/host/web/webHost.ts'), import.meta.url)
  return startWebHost({ port: 0, rendererDir: resolve(PROJECT_ROOT, 'out/renderer'), ...options })
}

export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS })
}

export function outputPath(name) {
  mkdirSync(OUTPUT_DIR, { recursive: true })
  return resolve(OUTPUT_DIR, name)
}
