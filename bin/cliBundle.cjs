'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded before any TypeScript */
// Finds the prebuilt `mbs` bundle (scripts/buildCli.ts, run by npm's prepare step) and says whether it
// may run: only while every source file it was built from is older than it, so an edited checkout
// never runs stale code (bin/mbs.cjs then builds the same bundle in memory).
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs')
const { createRequire } = require('node:module')
const path = require('node:path')
const { Script } = require('node:vm')

/** Where the bundle (mbs.cjs) and the list of its inputs (mbs.inputs.json) go, relative to the repo. */
const BUNDLE_DIR = 'dist/cli'

/** The bundle's absolute path when it and all its inputs exist and it is newer than each; else undefined. */
function freshBundle(root, dir = BUNDLE_DIR) {
  try {
    const bundle = path.resolve(root, dir, 'mbs.cjs')
    const built = statSync(bundle).mtimeMs
    const inputs = JSON.parse(readFileSync(path.resolve(root, dir, 'mbs.inputs.json'), 'utf-8'))
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

/** V8's code cache of a bundle: its compiled functions, beside it. */
const cacheFile = (bundle) => `${bundle}.cache`

/**
 * Runs the bundle as a CommonJS module and returns its exports, compiled from V8's code cache beside it
 * when there is one for this very file: compiling the bundle is a third of `mbs --version`. The
 * cache starts with the bundle's size and modification time (V8 itself checks only the length of the
 * source); when it is missing or refused, the functions compiled by the time the process exits are
 * written to it (atomically; a folder that cannot be written just means no cache).
 */
function loadBundle(bundle) {
  const source = readFileSync(bundle, 'utf-8')
  const { size, mtimeMs } = statSync(bundle)
  const stamp = Buffer.from(`${mtimeMs} ${size}\n`)
  let cachedData
  try {
    const file = readFileSync(cacheFile(bundle))
    if (file.subarray(0, stamp.length).equals(stamp)) cachedData = file.subarray(stamp.length)
  } catch {
    // no cache yet
  }
  const { exports, script } = runModule(source, bundle, cachedData)
  if (cachedData === undefined || script.cachedDataRejected)
    process.once('exit', () => writeCache(bundle, stamp, script))
  return exports
}

/** esbuild's options for the bundle of root's src/cli/main.ts (scripts/buildCli.ts writes it). */
function bundleOptions(root, outfile) {
  return {
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    // Loaded from node_modules, and only by the queue's commands: bundled, BullMQ and ioredis were 2 of the
    // bundle's 3.4 MB, which every process (each study worker too) read and compiled at its start.
    external: ['bullmq', 'ioredis'],
    // ASCII only, comments dropped: one non-ASCII character (a dependency's comments keep some) makes V8
    // hold the whole source as a two-byte string, twice the memory of every mbs process.
    charset: 'ascii',
    minifyWhitespace: true,
    logLevel: 'warning',
  }
}

/**
 * The command line of a checkout whose bundle is stale or missing: the same bundle built from the
 * sources in memory (not written, so concurrent runs do not race), its exports returned.
 */
function buildInMemory(root) {
  const outfile = path.resolve(root, BUNDLE_DIR, 'mbs.cjs')
  const [file] = require('esbuild').buildSync({ ...bundleOptions(root, outfile), write: false }).outputFiles
  return runModule(file.text, outfile).exports
}

/** Runs CommonJS source as the module at filename (optionally from V8's cached data). */
function runModule(source, filename, cachedData) {
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`
  const script = new Script(wrapped, { filename, cachedData })
  const mod = { exports: {} }
  const run = script.runInThisContext()
  run.call(mod.exports, mod.exports, createRequire(filename), mod, filename, path.dirname(filename))
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

module.exports = { freshBundle, loadBundle, buildInMemory, bundleOptions, cacheFile, BUNDLE_DIR }
