'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by bin/cliBundle.cjs */
// The engine's build id, injected into every bundle that holds the engine (bin/cliBundle.cjs
// bundleOptions, electron.vite.config.ts) as ENGINE_BUILD (src/core/engineVersion.ts), so a results
// file says which build of the engine wrote it, not only which version (docs/file-formats.md).
const { createHash } = require('node:crypto')
const { readdirSync, readFileSync } = require('node:fs')
const path = require('node:path')

/** The folder whose files are the engine (relative to the repository root). */
const ENGINE_DIR = 'src/core'

/** The name esbuild's and Vite's `define` replace with the build id (declared in engineVersion.ts). */
const ENGINE_BUILD_CONSTANT = '__MBS_ENGINE_BUILD__'

/**
 * The engine's folders and files under root, relative to it with '/' separators, sorted by code unit:
 * `{ dirs, files }`, dirs including ENGINE_DIR itself.
 */
function engineSources(root) {
  const dirs = [],
    files = []
  const walk = (dir) => {
    dirs.push(dir)
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(relative)
      else files.push(relative)
    }
  }
  walk(ENGINE_DIR)
  const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0)
  return { dirs: dirs.sort(byCodeUnit), files: files.sort(byCodeUnit) }
}

/**
 * The build id of root's engine: the first 16 hex digits of SHA-256 over every file under src/core,
 * in engineSources' order, each as its path (relative to root, '/' separators, UTF-8), a NUL byte,
 * its length in bytes (decimal), a NUL byte and its bytes as checked out. Lengths and NULs keep two
 * different trees from hashing the same bytes.
 */
function engineBuildId(root) {
  const hash = createHash('sha256')
  for (const file of engineSources(root).files) {
    const bytes = readFileSync(path.join(root, file))
    hash.update(`${file}\0${bytes.length}\0`)
    hash.update(bytes)
  }
  return hash.digest('hex').slice(0, 16)
}

module.exports = { ENGINE_BUILD_CONSTANT, ENGINE_DIR, engineBuildId, engineSources }
