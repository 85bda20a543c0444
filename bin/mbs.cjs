#!/usr/bin/env node
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bin script: require is how it loads */
// The `mbs` command line. Runs the prebuilt bundle (npm's prepare step builds it) when it is newer than
// every source it holds; otherwise builds the same bundle from the sources in memory, so a checkout never
// runs stale code (and its commands loaded on demand resolve as in the bundle).
const path = require('node:path')
const { buildInMemory, freshBundle, loadBundle } = require('./cliBundle.cjs')

const root = path.join(__dirname, '..')
const bundle = freshBundle(root)
const { mainAsync } = bundle ? loadBundle(bundle) : buildInMemory(root)

mainAsync(process.argv.slice(2)).then((code) => (process.exitCode = code))
