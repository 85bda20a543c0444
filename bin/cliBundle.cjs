'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded before any TypeScript */
// Finds the prebuilt `mbs` bundle (scripts/buildCli.ts, run by npm's prepare step) and says whether it
// may run: only while every source file it was built from is older than it, so an edited checkout
// never runs stale code (bin/mbs.cjs then falls back to compiling the sources with tsx).
const { readFileSync, statSync } = require('node:fs')
const path = require('node:path')

/** Where the bundle (mbs.cjs) and the list of its inputs (mbs.inputs.json) go, relative to the repo. */
const BUNDLE_DIR = 'dist/cli'

/** The bundle's absolute path when it and all its inputs exist and it is newer than each; else undefined. */
function freshBundle(root, dir = BUNDLE_DIR) {
  try {
    const bundle = path.resolve(root, dir, 'mbs.cjs')
    const built = statSync(bundle).mtimeMs
    const inputs = JSON.parse(readFileSync(path.resolve(root, dir, 'mbs.inputs.json'), 'utf-8'))
    if (!Array.isArray(inputs) || inputs.length === 0) return undefined
    for (const input of inputs) if (statSync(path.resolve(root, input)).mtimeMs > built) return undefined
    return bundle
  } catch {
    return undefined // no bundle, no list or a deleted input: the sources are compiled instead
  }
}

module.exports = { freshBundle, BUNDLE_DIR }
