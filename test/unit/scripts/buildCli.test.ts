import { execFileSync } from 'node:child_process'
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import packageJson from '../../../package.json'
import { buildCli } from '../../../scripts/buildCli'
import type { CliIO } from '../../../src/cli/io'

const REPO_ROOT = resolve(__dirname, '../../..')
const load = createRequire(import.meta.url)
const CLI_BUNDLE = resolve(REPO_ROOT, 'bin/cliBundle.cjs')
const { freshBundle, cacheFile, buildInMemory } = load(CLI_BUNDLE) as {
  freshBundle(root: string, dir?: string): string | undefined
  cacheFile(bundle: string): string
  buildInMemory(root: string): { mainAsync(argv: string[], io: CliIO): Promise<number> }
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
    // ASCII only: V8 keeps such a source as a one-byte string, half the memory of a two-byte one.
    expect(readFileSync(bundle as string, 'latin1')).toMatch(/^[\x00-\x7f]*$/)
    // The build leaves V8's code cache of a short run, stamped with the bundle's size and modification time.
    const built = statSync(bundle as string)
    expect(
      readFileSync(cacheFile(bundle as string))
        .subarray(0, 40)
        .toString(),
    ).toMatch(new RegExp(`^${built.mtimeMs} ${built.size}\n`))
    const { main } = load(bundle as string) as { main(argv: string[], io: CliIO): number }
    const out: string[] = []
    expect(main(['--version'], { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0)
    expect(out).toEqual([`mbs ${packageJson.version}`])

    // A process that runs it through loadBundle leaves V8's code cache, stamped with the bundle's size
    // and modification time. A bundle changed to the same length (V8 checks only the length) is not
    // run from the stale cache, and the cache is renewed.
    const file = bundle as string
    const version = (): string =>
      execFileSync(process.execPath, [
        '-e',
        `require(${JSON.stringify(CLI_BUNDLE)}).loadBundle(${JSON.stringify(file)})` +
          `.mainAsync(['--version']).then((code) => (process.exitCode = code))`,
      ]).toString()
    const stamp = (): string => {
      const { size, mtimeMs } = statSync(file)
      return `${mtimeMs} ${size}\n`
    }
    const cachedStamp = (): string => readFileSync(cacheFile(file)).subarray(0, stamp().length).toString()
    appendFileSync(file, 'process.stdout.write("before ")\n')
    expect(version()).toBe(`before mbs ${packageJson.version}\n`)
    expect(cachedStamp()).toBe(stamp())
    const { mtimeMs } = statSync(file)
    writeFileSync(file, readFileSync(file, 'utf-8').replace('"before "', '"after! "'))
    utimesSync(file, new Date(mtimeMs + 2000), new Date(mtimeMs + 2000))
    expect(version()).toBe(`after! mbs ${packageJson.version}\n`)
    expect(cachedStamp()).toBe(stamp())
  }, 60_000)
})

describe('the code cache after mbs run', () => {
  it('is accepted by the next process: the V8 flags a run changes are set back', async () => {
    const dir = join(scratch, 'run')
    await buildCli(REPO_ROOT, dir)
    const file = freshBundle(REPO_ROOT, dir) as string
    rmSync(cacheFile(file))
    const pendulum = resolve(REPO_ROOT, 'resources/examples/pendulum.mbsproj')
    const run = (): string =>
      execFileSync(process.execPath, [
        '-e',
        `require(${JSON.stringify(CLI_BUNDLE)}).loadBundle(${JSON.stringify(file)})` +
          `.mainAsync(['run', ${JSON.stringify(pendulum)}, '--json'])` +
          '.then((code) => (process.exitCode = code))',
      ]).toString()
    expect(JSON.parse(run()).steps).toBeGreaterThan(0)
    const written = readFileSync(cacheFile(file))
    // A refused cache is written again at exit; an accepted one is left as it is.
    expect(JSON.parse(run()).steps).toBeGreaterThan(0)
    expect(readFileSync(cacheFile(file)).equals(written)).toBe(true)
  }, 60_000)
})

describe('buildInMemory', () => {
  it('runs a stale checkout from the sources, commands loaded on demand included', async () => {
    const { mainAsync } = buildInMemory(REPO_ROOT)
    const study = join(scratch, 'empty.study.json')
    writeFileSync(study, '{}')
    const err: string[] = []
    expect(await mainAsync(['study', study], { out: () => undefined, err: (l) => err.push(l) })).toBe(1)
    expect(err.join('\n')).toMatch(/is not a valid study/)
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
