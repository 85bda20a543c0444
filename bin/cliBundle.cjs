'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded before any TypeScript */
// Loads the prebuilt bundles of `mbs` (scripts/buildCli.ts, run by npm's prepare step). A bundle runs
// only while every source file it was built from is older than it, so an edited checkout never runs
// stale code: it is then built from the sources in memory. The entry bundle (`mbs`) is what every
// process runs; it loads the bundle of a command only when that command runs (src/cli/entry.ts).
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs')
const { createRequire } = require('node:module')
const path = require('node:path')
const { Script } = require('node:vm')

/** Where the bundles (NAME.cjs) and the lists of their inputs (NAME.inputs.json) go, relative to the repo. */
const BUNDLE_DIR = 'dist/cli'

/**
 * Each bundle's entry source. A bundle's import of another's entry stays out of it (esbuild's external)
 * and loads that bundle instead: the `mbs` entry imports the commands' modules only when they run.
 */
const BUNDLES = {
  mbs: 'src/cli/entry.ts',
  engine: 'src/cli/engineCommands.ts',
  import: 'src/cli/import.ts',
}

const bundleFile = (root, dir, name) => path.resolve(root, dir, `${name}.cjs`)

/**
 * The file of root's bundle `name` when it and all its inputs exist and it is newer than each;
 * else undefined.
 */
function freshBundle(root, dir = BUNDLE_DIR, name = 'mbs') {
  try {
    const bundle = bundleFile(root, dir, name)
    const built = statSync(bundle).mtimeMs
    const inputs = JSON.parse(readFileSync(path.resolve(root, dir, `${name}.inputs.json`), 'utf-8'))
    if (!Array.isArray(inputs) || inputs.length === 0) return undefined
    // The inputs are relative to root with '/' (esbuild's metafile); joined by hand, as path.resolve
    // on each of the ~200 took as long as their stat calls.
    const base = path.resolve(root) + '/'
    for (const input of inputs) if (statSync(base + input).mtimeMs > built) return undefined
    return bundle
  } catch {
    return undefined // no bundle, no list or a deleted input: the sources are compiled instead
  }
}

/** Exports of the bundles this process has run, by file. */
const loaded = new Map()

/**
 * The exports of root's bundle `name` in dir: the prebuilt one when fresh, else the same built from
 * the sources in memory (not written, so concurrent runs do not race). Each runs once per process.
 */
function loadCli(root, dir = BUNDLE_DIR, name = 'mbs') {
  const file = bundleFile(root, dir, name)
  let exports = loaded.get(file)
  if (exports === undefined) {
    const fresh = freshBundle(root, dir, name)
    const link = linkedRequire(root, dir, file)
    exports = fresh ? loadBundle(fresh, link) : buildInMemory(root, dir, name, link)
    loaded.set(file, exports)
  }
  return exports
}

/** The files of the bundles this process has run (which commands' code it loaded, for tests). */
const loadedBundles = () => [...loaded.keys()]

/**
 * The `require` of a bundle at file: Node's, except that another bundle's entry source (the path
 * esbuild leaves, relative to file) loads that bundle.
 */
function linkedRequire(root, dir, file) {
  const nodeRequire = createRequire(file)
  const entries = new Map(Object.entries(BUNDLES).map(([name, entry]) => [path.resolve(root, entry), name]))
  const here = path.dirname(file)
  const link = (id) => {
    const name = id.startsWith('.') ? entries.get(path.resolve(here, id)) : undefined
    return name === undefined ? nodeRequire(id) : loadCli(root, dir, name)
  }
  return Object.assign(link, nodeRequire)
}

/**
 * V8's code cache of a bundle: its compiled functions, beside it. V8 refuses a cache written under other
 * flags, so a process started with flags (a study's workers: src/node/caseRunner.ts) keeps a cache of
 * its own, named after them; one cache for both was refused and written again by every other process.
 */
const cacheFile = (bundle, flags = optionsOf(process.execArgv)) =>
  flags.length === 0 ? `${bundle}.cache` : `${bundle}.${fnv1a(flags.join(' '))}.cache`

/** Node's options that take the next argument as code or a module: they name no V8 flag. */
const CODE_OPTIONS = ['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader']

/** The options of a process's execArgv (`--name[=value]`), without code or modules to run. */
function optionsOf(execArgv) {
  const options = []
  for (let i = 0; i < execArgv.length; i++)
    if (CODE_OPTIONS.includes(execArgv[i])) i++
    else if (execArgv[i].startsWith('--') && !CODE_OPTIONS.includes(execArgv[i].split('=')[0]))
      options.push(execArgv[i])
  return options
}

/** The 32-bit FNV-1a hash of a string's UTF-16 code units, in hexadecimal. */
function fnv1a(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(16).padStart(8, '0')
}

/**
 * Runs the bundle as a CommonJS module and returns its exports, compiled from V8's code cache beside it
 * when there is one for this very file: compiling the bundle is a third of its start. The cache starts
 * with the bundle's size and modification time (V8 itself checks only the length of the source); when
 * it is missing or refused, the functions compiled by the time the process exits are written to it
 * (atomically; a folder that cannot be written just means no cache).
 */
function loadBundle(bundle, bundleRequire) {
  // latin1: the bundle is ASCII (charset below), and decoding it as UTF-8 took several ms of a start.
  const source = readFileSync(bundle, 'latin1')
  const { size, mtimeMs } = statSync(bundle)
  const stamp = Buffer.from(`${mtimeMs} ${size}\n`)
  let cachedData
  try {
    const file = readFileSync(cacheFile(bundle))
    if (file.subarray(0, stamp.length).equals(stamp)) cachedData = file.subarray(stamp.length)
  } catch {
    // no cache yet
  }
  const { exports, script } = runModule(source, bundle, bundleRequire, cachedData)
  if (cachedData === undefined || script.cachedDataRejected)
    process.once('exit', () => writeCache(bundle, stamp, script))
  return exports
}

/** Build ids of the engines this process has bundled, by root (computed once: it reads all of src/core). */
const engineBuilds = new Map()

/** Root's engine build id (scripts/engineBuild.cjs; required here only when a bundle is built). */
function engineBuildOf(root) {
  let id = engineBuilds.get(root)
  if (id === undefined) {
    id = require('../scripts/engineBuild.cjs').engineBuildId(root)
    engineBuilds.set(root, id)
  }
  return id
}

/**
 * esbuild's options for root's bundle `name` (scripts/buildCli.ts writes it to outfile). Each bundle
 * gets the engine's build id as ENGINE_BUILD (src/core/engineVersion.ts).
 */
function bundleOptions(root, name, outfile) {
  const { ENGINE_BUILD_CONSTANT } = require('../scripts/engineBuild.cjs')
  return {
    absWorkingDir: root,
    define: { [ENGINE_BUILD_CONSTANT]: JSON.stringify(engineBuildOf(root)) },
    entryPoints: [BUNDLES[name]],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() as require(), so that an import of another bundle's entry reaches linkedRequire.
    supported: { 'dynamic-import': false },
    outfile,
    external: [
      ...Object.entries(BUNDLES)
        .filter(([other]) => other !== name)
        .map(([, entry]) => `./${entry}`),
      // Loaded from node_modules, and only by the queue's commands: bundled, BullMQ and ioredis were 2 of
      // the bundle's 3.4 MB, which every process (each study worker too) read and compiled at its start.
      'bullmq',
      'ioredis',
    ],
    // ASCII only, comments dropped: one non-ASCII character (a dependency's comments keep some) makes V8
    // hold the whole source as a two-byte string, twice the memory of every mbs process.
    charset: 'ascii',
    minifyWhitespace: true,
    logLevel: 'warning',
  }
}

/** Root's bundle `name` built from the sources in memory and run; its exports. */
function buildInMemory(root, dir, name, bundleRequire) {
  const outfile = bundleFile(root, dir, name)
  const [file] = require('esbuild').buildSync({
    ...bundleOptions(root, name, outfile),
    write: false,
  }).outputFiles
  return runModule(file.text, outfile, bundleRequire).exports
}

/** Runs CommonJS source as the module at filename with the given require (optionally from V8's cache). */
function runModule(source, filename, bundleRequire, cachedData) {
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`
  const script = new Script(wrapped, { filename, cachedData })
  const mod = { exports: {} }
  const run = script.runInThisContext()
  run.call(mod.exports, mod.exports, bundleRequire, mod, filename, path.dirname(filename))
  return { exports: mod.exports, script }
}

function writeCache(bundle, stamp, script) {
  const temporary = `${cacheFile(bundle)}.${process.pid}`
  try {
    writeFileSync(temporary, Buffer.concat([stamp, script.createCachedData()]))
    renameSync(temporary, cacheFile(bundle))
  } catch {
    // a read-only installation runs without the cache
  }
}

module.exports = {
  BUNDLE_DIR,
  BUNDLES,
  bundleOptions,
  cacheFile,
  freshBundle,
  loadCli,
  loadedBundles,
}
