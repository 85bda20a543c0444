// `npm start` runs this before electron-vite: Electron's package downloads its runtime only on the first
// require('electron'), while electron-vite preview stops at a missing node_modules/electron/path.txt.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export interface RuntimeSteps {
  /** True when the Electron executable the package points at is on disk. */
  isInstalled(): boolean
  /** Runs the download; returns its error output when it failed, undefined when it succeeded. */
  download(): string | undefined
}

export interface RuntimeOutcome {
  ok: boolean
  /** One line for the user; empty when the runtime was already there. */
  message: string
}

/** The first line of a failed download's output that says why (not a stack frame). */
export function downloadReason(output: string): string {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('at '))
  return line ?? 'no reason given'
}

export function ensureElectronRuntime(steps: RuntimeSteps, version: string): RuntimeOutcome {
  if (steps.isInstalled()) return { ok: true, message: '' }
  const failure = steps.download()
  if (failure === undefined && steps.isInstalled()) {
    return { ok: true, message: `Electron ${version} runtime downloaded.` }
  }
  const reason = failure === undefined ? 'the download left no executable' : downloadReason(failure)
  return {
    ok: false,
    message:
      `Could not fetch the Electron ${version} runtime (${reason}). npm start needs network access ` +
      'once (or ELECTRON_MIRROR / ELECTRON_OVERRIDE_DIST_PATH); the command line (npx mbs) works without it.',
  }
}

/** The steps of electron's own package: its path.txt and dist/, and its install.js for the download. */
export function electronPackageSteps(electronDir: string): RuntimeSteps {
  return {
    isInstalled() {
      if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return true
      const pathFile = join(electronDir, 'path.txt')
      if (!existsSync(pathFile)) return false
      return existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf-8')))
    },
    download() {
      console.log('Downloading the Electron runtime (once)...')
      const run = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
        stdio: ['ignore', 'inherit', 'pipe'],
        encoding: 'utf-8',
      })
      if (run.error) return run.error.message
      return run.status === 0 ? undefined : run.stderr
    },
  }
}

function main(): void {
  const require = createRequire(import.meta.url)
  const packageFile = require.resolve('electron/package.json')
  const { version } = JSON.parse(readFileSync(packageFile, 'utf-8')) as { version: string }
  const outcome = ensureElectronRuntime(electronPackageSteps(dirname(packageFile)), version)
  if (outcome.message) (outcome.ok ? console.log : console.error)(outcome.message)
  process.exitCode = outcome.ok ? 0 : 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
