import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import packageJson from '../../../package.json'
import { buildCli } from '../../../scripts/buildCli'
import type { CliIO } from '../../../src/cli/io'

const REPO_ROOT = resolve(__dirname, '../../..')
const load = createRequire(import.meta.url)
const { freshBundle } = load('../../../bin/cliBundle.cjs') as {
  freshBundle(root: string, dir?: string): string | undefined
}

const scratch = mkdtempSync(join(tmpdir(), 'mbs-bundle-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('buildCli', () => {
  it('bundles the command line into one file that runs it and lists its sources', async () => {
    const dir = join(scratch, 'built')
    const inputs = await buildCli(REPO_ROOT, dir)
    expect(inputs).toContain('src/cli/main.ts')
    expect(inputs).toContain('package.json')
    const bundle = freshBundle(REPO_ROOT, dir)
    expect(bundle).toBe(join(dir, 'mbs.cjs'))
    const { main } = load(bundle as string) as { main(argv: string[], io: CliIO): number }
    const out: string[] = []
    expect(main(['--version'], { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0)
    expect(out).toEqual([`mbs ${packageJson.version}`])
  }, 60_000)
})

describe('freshBundle', () => {
  // A fake checkout: one source file and a "bundle" built from it, with chosen modification times.
  function checkout(name: string, sourceTime: number, bundleTime: number): string {
    const root = join(scratch, name)
    mkdirSync(join(root, 'dist/cli'), { recursive: true })
    writeFileSync(join(root, 'a.ts'), '')
    writeFileSync(join(root, 'dist/cli/mbs.cjs'), '')
    writeFileSync(join(root, 'dist/cli/mbs.inputs.json'), '["a.ts"]')
    utimesSync(join(root, 'a.ts'), sourceTime, sourceTime)
    utimesSync(join(root, 'dist/cli/mbs.cjs'), bundleTime, bundleTime)
    return root
  }

  it('takes the bundle when it is newer than every source it holds', () => {
    const root = checkout('fresh', 1000, 2000)
    expect(freshBundle(root)).toBe(join(root, 'dist/cli/mbs.cjs'))
  })

  it('refuses the bundle once a source is edited after the build', () => {
    expect(freshBundle(checkout('edited', 3000, 2000))).toBeUndefined()
  })

  it('refuses the bundle when a source it holds is gone, or when there is no bundle', () => {
    const gone = checkout('gone', 1000, 2000)
    rmSync(join(gone, 'a.ts'))
    expect(freshBundle(gone)).toBeUndefined()
    const none = checkout('none', 1000, 2000)
    rmSync(join(none, 'dist/cli/mbs.cjs'))
    expect(freshBundle(none)).toBeUndefined()
  })
})
