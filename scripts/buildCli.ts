// `npm ci` / `npm install` run this (package.json "prepare"): bundles the `mbs` command line into one
// CommonJS file, so bin/mbs.cjs starts prebuilt JavaScript instead of compiling the sources with tsx on
// every call. Beside the bundle it lists the files it was built from; bin/cliBundle.cjs uses the
// bundle only while none of them is newer, and keeps V8's code cache of it beside it.
import { build, type BuildOptions } from 'esbuild'
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { BUNDLE_DIR, bundleOptions } = createRequire(import.meta.url)('../bin/cliBundle.cjs') as {
  BUNDLE_DIR: string
  bundleOptions(root: string, outfile: string): BuildOptions
}

/**
 * Bundles root's src/cli/main.ts into dir/mbs.cjs (dir relative to root or absolute) and writes
 * dir/mbs.inputs.json; returns the input files, relative to root, that the bundle holds.
 */
export async function buildCli(root: string = REPO_ROOT, dir: string = BUNDLE_DIR): Promise<string[]> {
  const result = await build({ ...bundleOptions(root, resolve(root, dir, 'mbs.cjs')), metafile: true })
  // The repository's own files: a dependency changes only through npm install, which rebuilds.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'))
  writeFileSync(resolve(root, dir, 'mbs.inputs.json'), JSON.stringify(inputs) + '\n')
  return inputs
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildCli().catch((e: unknown) => {
    console.error(`mbs bundle: ${e instanceof Error ? e.message : String(e)}`)
    process.exitCode = 1
  })
}
