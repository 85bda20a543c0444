// The prebuilt `mbs` bundles (scripts/buildCli.ts, bin/cliBundle.cjs): what each holds, that a process
// loads only the bundles of the command it runs (by what it loaded, never by time), that a stale
// bundle is never run (rebuilt in memory) and that V8's code cache beside a bundle is renewed when
// refused and left alone when accepted.
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../../package.json'
import { buildCli } from '../../../scripts/buildCli'
import type { CliIO } from '../../../src/cli/io'

const REPO_ROOT = resolve(__dirname, '../../..')
const load = createRequire(import.meta.url)
const CLI_BUNDLE = resolve(REPO_ROOT, 'bin/cliBundle.cjs')
const { freshBundle, cacheFile, loadCli, loadedBundles, BUNDLES } = load(CLI_BUNDLE) as {
  freshBundle(root: string, dir?: string, name?: string): string | undefined
  cacheFile(bundle: string, flags?: readonly string[]): string
  loadCli(root: string, dir: string): { mainAsync(argv: string[], io: CliIO): Promise<number> }
  loadedBundles(): string[]
  BUNDLES: Record<string, string>
}
const { engineBuildId, engineSources } = load(resolve(REPO_ROOT, 'scripts/engineBuild.cjs')) as {
  engineBuildId(root: string): string
  engineSources(root: string): { dirs: string[]; files: string[] }
}

/** The code cache of a process started with `flags` (the processes here: none, unlike vitest's own). */
const cacheOf = (bundle: string, flags: readonly string[] = []): string => cacheFile(bundle, flags)

const scratch = mkdtempSync(join(tmpdir(), 'mbs-bundle-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const PENDULUM = resolve(REPO_ROOT, 'resources/examples/pendulum.mbsproj')

/**
 * Runs `mbs argv` in a new process from the bundles in dir, as bin/mbs.cjs does; its standard output,
 * then a line with the names of the bundles it loaded.
 */
function mbsProcess(
  dir: string,
  argv: string[],
  flags: readonly string[] = [],
): { out: string; bundles: string[] } {
  const script =
    `const cli = require(${JSON.stringify(CLI_BUNDLE)})\n` +
    `cli.loadCli(${JSON.stringify(REPO_ROOT)}, ${JSON.stringify(dir)}).mainAsync(${JSON.stringify(argv)})` +
    `.then((code) => { process.exitCode = code; console.log(JSON.stringify(cli.loadedBundles())) })`
  const lines = execFileSync(process.execPath, [...flags, '-e', script])
    .toString()
    .trimEnd()
    .split('\n')
  const loaded = JSON.parse(lines.pop() as string) as string[]
  return { out: lines.join('\n'), bundles: loaded.map((file) => file.slice(dir.length + 1)) }
}

describe('buildCli', () => {
  const dir = join(scratch, 'built')
  let inputs: Record<string, string[]>
  beforeAll(async () => {
    inputs = await buildCli(REPO_ROOT, dir)
  }, 60_000)

  it('bundles the entry apart from the engine, and the URDF import apart from both', () => {
    expect(Object.keys(inputs).sort()).toEqual(Object.keys(BUNDLES).sort())
    expect(inputs.mbs).toEqual(
      expect.arrayContaining(['src/cli/entry.ts', 'src/cli/args.ts', 'package.json']),
    )
    // The entry holds the arguments, help and version, and no model, item or solver code.
    expect(inputs.mbs.filter((f) => f.startsWith('src/core/')).sort()).toEqual([
      'src/core/model/inputBounds.ts',
      'src/core/model/suggest.ts',
    ])
    expect(inputs.engine).toEqual(expect.arrayContaining(['src/cli/run.ts', 'src/core/solvers/implicit.ts']))
    // The XML parser only in the import bundle (the engine's input list names urdf.ts, as the core's
    // index reaches it, but none of its code is bundled).
    const parsers = (name: string): number =>
      readFileSync(join(dir, `${name}.cjs`), 'latin1').split('XMLParser').length - 1
    expect([parsers('mbs'), parsers('engine')]).toEqual([0, 0])
    expect(parsers('import')).toBeGreaterThan(0)
    expect(inputs.import).toEqual(expect.arrayContaining(['src/cli/import.ts', 'src/core/import/urdf.ts']))
    for (const name of Object.keys(BUNDLES)) {
      const bundle = freshBundle(REPO_ROOT, dir, name)
      expect(bundle).toBe(join(dir, `${name}.cjs`))
      // ASCII only: V8 keeps such a source as a one-byte string, half the memory of a two-byte one (and
      // cliBundle.cjs reads it as latin1).
      expect(readFileSync(bundle as string, 'latin1')).toMatch(/^[\x00-\x7f]*$/)
    }
  })

  it("holds the engine's build id; every file and folder of src/core makes an engine bundle stale", () => {
    const { dirs, files } = engineSources(REPO_ROOT)
    const id = engineBuildId(REPO_ROOT)
    for (const name of ['engine', 'import'])
      expect(inputs[name]).toEqual(expect.arrayContaining([...files, ...dirs]))
    expect(readFileSync(join(dir, 'engine.cjs'), 'latin1').includes(`"${id}"`)).toBe(true)
    // The entry holds no engine, so no id and none of the engine's sources but its two helpers above.
    expect(inputs.mbs).not.toContain('src/core')
  })

  it('leaves the code caches of the bundles a run loads, stamped with size and modification time', () => {
    for (const name of ['mbs', 'engine']) {
      const bundle = join(dir, `${name}.cjs`)
      const built = statSync(bundle)
      const stamp = readFileSync(cacheOf(bundle)).subarray(0, 40).toString()
      expect(stamp).toMatch(new RegExp(`^${built.mtimeMs} ${built.size}\n`))
    }
  })

  it('loads only the bundles of the command: --version and --help none but the entry', () => {
    const urdf = join(scratch, 'arm.urdf')
    writeFileSync(
      urdf,
      '<robot name="arm"><link name="base"/><link name="arm"><inertial><mass value="1"/>' +
        '<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>' +
        '<joint name="j" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>' +
        '</joint></robot>',
    )
    expect(mbsProcess(dir, ['--version'])).toEqual({
      out: `mbs ${packageJson.version}`,
      bundles: ['mbs.cjs'],
    })
    const help = mbsProcess(dir, ['--help'])
    expect(help.out).toMatch(/^mbs: the MBS Studio command line/)
    expect(help.bundles).toEqual(['mbs.cjs'])
    expect(mbsProcess(dir, ['help', 'run']).bundles).toEqual(['mbs.cjs'])
    const run = mbsProcess(dir, ['run', PENDULUM, '--end-time', '0.01', '--json'])
    expect(JSON.parse(run.out).steps).toBe(10)
    expect(run.bundles).toEqual(['mbs.cjs', 'engine.cjs'])
    const imported = mbsProcess(dir, ['import', urdf, '-o', join(scratch, 'arm.mbsproj'), '--tree'])
    expect(imported.out).toMatch(/^wrote .*arm\.mbsproj: arm, 1 movable links/)
    expect(imported.bundles).toEqual(['mbs.cjs', 'import.cjs'])
  }, 60_000)

  it('renews a refused code cache: a bundle changed to the same length is not run from the stale one', () => {
    // V8 checks only the length of the source; the stamp catches the rest.
    const file = join(dir, 'mbs.cjs')
    const stamp = (): string => {
      const { size, mtimeMs } = statSync(file)
      return `${mtimeMs} ${size}\n`
    }
    const cachedStamp = (): string => readFileSync(cacheOf(file)).subarray(0, stamp().length).toString()
    appendFileSync(file, 'process.stdout.write("before ")\n')
    expect(mbsProcess(dir, ['--version']).out).toBe(`before mbs ${packageJson.version}`)
    expect(cachedStamp()).toBe(stamp())
    const { mtimeMs } = statSync(file)
    writeFileSync(file, readFileSync(file, 'utf-8').replace('"before "', '"after! "'))
    utimesSync(file, new Date(mtimeMs + 2000), new Date(mtimeMs + 2000))
    expect(mbsProcess(dir, ['--version']).out).toBe(`after! mbs ${packageJson.version}`)
    expect(cachedStamp()).toBe(stamp())
  }, 60_000)
})

describe('the code cache after mbs run', () => {
  it('is accepted by the next process: the V8 flags a run changes are set back', async () => {
    const dir = join(scratch, 'run')
    await buildCli(REPO_ROOT, dir)
    const engine = join(dir, 'engine.cjs')
    rmSync(cacheOf(engine))
    expect(JSON.parse(mbsProcess(dir, ['run', PENDULUM, '--json']).out).steps).toBeGreaterThan(0)
    const written = readFileSync(cacheOf(engine))
    // A refused cache is written again at exit; an accepted one is left as it is.
    expect(JSON.parse(mbsProcess(dir, ['run', PENDULUM, '--json']).out).steps).toBeGreaterThan(0)
    expect(readFileSync(cacheOf(engine)).equals(written)).toBe(true)
  }, 60_000)

  it('of a process with V8 flags (a study worker) is its own: neither refuses the other', async () => {
    const dir = join(scratch, 'flags')
    await buildCli(REPO_ROOT, dir)
    const engine = join(dir, 'engine.cjs')
    const flags = ['--single-threaded']
    const plain = readFileSync(cacheOf(engine))
    const run = () => JSON.parse(mbsProcess(dir, ['run', PENDULUM, '--json'], flags).out).steps as number
    expect(run()).toBeGreaterThan(0)
    expect(cacheOf(engine, flags)).not.toBe(cacheOf(engine))
    const written = readFileSync(cacheOf(engine, flags))
    expect(run()).toBeGreaterThan(0)
    // Accepted by the next process with the flags (not written again), the plain one left as it was.
    expect(readFileSync(cacheOf(engine, flags)).equals(written)).toBe(true)
    expect(readFileSync(cacheOf(engine)).equals(plain)).toBe(true)
    expect(JSON.parse(mbsProcess(dir, ['run', PENDULUM, '--json']).out).steps).toBeGreaterThan(0)
    expect(readFileSync(cacheOf(engine)).equals(plain)).toBe(true)
  }, 60_000)
})

describe('a stale bundle', () => {
  it('is never run: its sources are built in memory, each bundle on its own', async () => {
    const dir = join(scratch, 'stale')
    await buildCli(REPO_ROOT, dir)
    // An engine bundle older than its sources, which would say so if it ran.
    const engine = join(dir, 'engine.cjs')
    writeFileSync(engine, 'process.stdout.write("stale code ran")\n' + readFileSync(engine, 'latin1'))
    utimesSync(engine, new Date(1000), new Date(1000))
    expect(freshBundle(REPO_ROOT, dir, 'engine')).toBeUndefined()
    expect(freshBundle(REPO_ROOT, dir, 'mbs')).toBe(join(dir, 'mbs.cjs'))
    const run = mbsProcess(dir, ['run', PENDULUM, '--end-time', '0.01', '--json'])
    expect(run.out).not.toContain('stale code ran')
    expect(JSON.parse(run.out).steps).toBe(10)
  }, 60_000)

  it('or a missing one: a checkout without bundles runs every command from its sources', async () => {
    // In this process: the entry and engine bundles built in memory, the study's code loaded on demand.
    const { mainAsync } = loadCli(REPO_ROOT, join(scratch, 'none'))
    const study = join(scratch, 'empty.study.json')
    writeFileSync(study, '{}')
    const err: string[] = []
    expect(await mainAsync(['study', study], { out: () => undefined, err: (l) => err.push(l) })).toBe(1)
    expect(err.join('\n')).toMatch(/is not a valid study/)
    expect(loadedBundles()).toEqual([join(scratch, 'none/mbs.cjs'), join(scratch, 'none/engine.cjs')])
  }, 60_000)
})

describe('freshBundle', () => {
  // A fake checkout: one source file and a "bundle" built from it, with chosen modification times.
  function checkout(name: string, sourceTime: number, bundleTime: number, bundle = 'mbs'): string {
    const root = join(scratch, name)
    mkdirSync(join(root, 'dist/cli'), { recursive: true })
    writeFileSync(join(root, 'a.ts'), '')
    writeFileSync(join(root, `dist/cli/${bundle}.cjs`), '')
    writeFileSync(join(root, `dist/cli/${bundle}.inputs.json`), '["a.ts"]')
    utimesSync(join(root, 'a.ts'), sourceTime, sourceTime)
    utimesSync(join(root, `dist/cli/${bundle}.cjs`), bundleTime, bundleTime)
    return root
  }

  it('takes the bundle when it is newer than every source it holds', () => {
    const root = checkout('fresh', 1000, 2000)
    expect(freshBundle(root)).toBe(join(root, 'dist/cli/mbs.cjs'))
    const engine = checkout('freshEngine', 1000, 2000, 'engine')
    expect(freshBundle(engine, 'dist/cli', 'engine')).toBe(join(engine, 'dist/cli/engine.cjs'))
  })

  it('refuses the bundle once a source is edited after the build', () => {
    expect(freshBundle(checkout('edited', 3000, 2000))).toBeUndefined()
    expect(freshBundle(checkout('editedEngine', 3000, 2000, 'engine'), 'dist/cli', 'engine')).toBeUndefined()
  })

  it('refuses the bundle when a source it holds is gone, or when there is no bundle', () => {
    const gone = checkout('gone', 1000, 2000)
    rmSync(join(gone, 'a.ts'))
    expect(freshBundle(gone)).toBeUndefined()
    const unbuilt = checkout('unbuilt', 1000, 2000)
    rmSync(join(unbuilt, 'dist/cli/mbs.cjs'))
    expect(freshBundle(unbuilt)).toBeUndefined()
  })
})
