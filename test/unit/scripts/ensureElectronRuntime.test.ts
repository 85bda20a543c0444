import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  downloadReason,
  electronPackageSteps,
  ensureElectronRuntime,
  type RuntimeSteps,
} from '../../../scripts/ensureElectronRuntime'

// The download is faked: a list of installed states the check returns in turn, and the download's result.
function fakeSteps(installed: boolean[], failure?: string): RuntimeSteps & { downloads: number } {
  const steps = {
    downloads: 0,
    isInstalled: () => installed.shift() ?? false,
    download: () => {
      steps.downloads++
      return failure
    },
  }
  return steps
}

const stack =
  'TypeError: fetch failed\n    at node:internal/deps/undici/undici:14976:13\n    at async download'

describe('ensureElectronRuntime', () => {
  it('does nothing when the runtime is there', () => {
    const steps = fakeSteps([true])
    expect(ensureElectronRuntime(steps, '45.5.0')).toEqual({ ok: true, message: '' })
    expect(steps.downloads).toBe(0)
  })

  it('downloads a missing runtime once and says so', () => {
    const steps = fakeSteps([false, true])
    expect(ensureElectronRuntime(steps, '45.5.0')).toEqual({
      ok: true,
      message: 'Electron 45.5.0 runtime downloaded.',
    })
    expect(steps.downloads).toBe(1)
  })

  it('a failed download is one line with the reason, no stack frames', () => {
    const outcome = ensureElectronRuntime(fakeSteps([false], stack), '45.5.0')
    expect(outcome.ok).toBe(false)
    expect(outcome.message).toContain('Could not fetch the Electron 45.5.0 runtime (TypeError: fetch failed)')
    expect(outcome.message).not.toContain('\n')
    expect(outcome.message).not.toContain('undici')
  })

  it('a download that reports success but leaves no executable fails', () => {
    const outcome = ensureElectronRuntime(fakeSteps([false, false]), '45.5.0')
    expect(outcome.ok).toBe(false)
    expect(outcome.message).toContain('the download left no executable')
  })

  it('takes the first line that is not a stack frame as the reason', () => {
    expect(downloadReason('\n  RequestError: getaddrinfo ENOTFOUND github.com\n    at x')).toBe(
      'RequestError: getaddrinfo ENOTFOUND github.com',
    )
    expect(downloadReason('')).toBe('no reason given')
  })
})

describe('electronPackageSteps', () => {
  it('reads the package as electron does: path.txt names the executable under dist/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'))
    const steps = electronPackageSteps(dir)
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
    delete process.env.ELECTRON_OVERRIDE_DIST_PATH
    try {
      expect(steps.isInstalled()).toBe(false)
      writeFileSync(join(dir, 'path.txt'), 'electron')
      expect(steps.isInstalled()).toBe(false)
      mkdirSync(join(dir, 'dist'))
      writeFileSync(join(dir, 'dist', 'electron'), '')
      expect(steps.isInstalled()).toBe(true)
    } finally {
      if (override !== undefined) process.env.ELECTRON_OVERRIDE_DIST_PATH = override
    }
  })

  it("runs electron's install.js and hands back its error output", () => {
    const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'))
    writeFileSync(join(dir, 'install.js'), "console.error('Error: offline\\n    at here'); process.exit(1)")
    expect(electronPackageSteps(dir).download()).toContain('Error: offline')
    writeFileSync(join(dir, 'install.js'), 'process.exit(0)')
    expect(electronPackageSteps(dir).download()).toBeUndefined()
  })
})
