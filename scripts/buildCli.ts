// `npm ci` / `npm install` run this (package.json "prepare"): bundles the `mbs` command line into
// CommonJS files (bin/cliBundle.cjs, BUNDLES: the entry every process runs, and the code of the commands,
// loaded when one runs), so bin/mbs.cjs starts prebuilt JavaScript instead of compiling the sources with
// tsx on every call. Beside each bundle it lists the files it was built from; bin/cliBundle.cjs uses a
// bundle only while none of them is newer, and keeps V8's code cache of it beside it, written here by a
// short run so that the first command after an install starts from it too.
import { build, type BuildOptions } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const requireCjs = createRequire(import.meta.url)
const { BUNDLE_DIR, BUNDLES, bundleOptions } = requireCjs('../bin/cliBundle.cjs') as {
  BUNDLE_DIR: string
  BUNDLES: Record<string, string>
  bundleOptions(root: string, name: string, outfile: string): BuildOptions
}
const { ENGINE_DIR, engineSources } = requireCjs('./engineBuild.cjs') as {
  ENGINE_DIR: string
  engineSources(root: string): { dirs: string[]; files: string[] }
}

/**
 * Bundles each of root's BUNDLES into dir/NAME.cjs (dir relative to root or absolute) and writes
 * dir/NAME.inputs.json; returns, by bundle name, the input files (relative to root) that it holds.
 */
export async function buildCli(
  root: string = REPO_ROOT,
  dir: string = BUNDLE_DIR,
): Promise<Record<string, string[]>> {
  const built = await Promise.all(
    Object.keys(BUNDLES).map(async (name) => {
      const result = await build({
        ...bundleOptions(root, name, resolve(root, dir, `${name}.cjs`)),
        metafile: true,
      })
      // The repository's own files: a dependency changes only through npm install, which rebuilds.
      const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'))
      // A bundle holding the engine holds its build id, a hash of every file under src/core: each of them
      // and each folder (whose time changes when a file is added or removed) makes the bundle stale.
      if (inputs.includes(`${ENGINE_DIR}/engineVersion.ts`)) {
        const { dirs, files } = engineSources(root)
        inputs.push(...[...files, ...dirs].filter((source) => !inputs.includes(source)))
      }
      writeFileSync(resolve(root, dir, `${name}.inputs.json`), JSON.stringify(inputs) + '\n')
      return [name, inputs] as const
    }),
  )
  warmCodeCache(root, dir)
  return Object.fromEntries(built)
}

/**
 * Writes the code caches of the entry and engine bundles (bin/cliBundle.cjs, loadBundle) from a process
 * that ran a short `mbs run` of an example with joints on the sparse solver, so they hold the functions
 * a run compiles, not only those of the first command a user happens to start. A failure only warns:
 * the first command then writes the cache (as the first `mbs import` writes the import bundle's).
 */
function warmCodeCache(root: string, dir: string): void {
  const example = resolve(root, 'resources/examples/sliderCrankRigid.mbsproj')
  const argv = ['run', example, '--end-time', '0.02', '--set', 'linearSolverType=EigenSparse', '--json']
  const script =
    `require(${JSON.stringify(resolve(root, 'bin/cliBundle.cjs'))})` +
    `.loadCli(${JSON.stringify(root)}, ${JSON.stringify(dir)})` +
    `.mainAsync(${JSON.stringify(argv)}).then((code) => (process.exitCode = code))`
  try {
    execFileSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (e) {
    console.warn(`mbs bundle: no code cache written (${e instanceof Error ? e.message : String(e)})`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildCli().catch((e: unknown) => {
    console.error(`mbs bundle: ${e instanceof Error ? e.message : String(e)}`)
    process.exitCode = 1
  })
}
