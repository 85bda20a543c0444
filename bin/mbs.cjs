#!/usr/bin/env node
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bin script: require is how it loads */
// The `mbs` command line. Runs the prebuilt bundle (npm's prepare step builds it) when it is newer than
// every source it holds; otherwise tsx compiles the TypeScript sources, so a checkout never runs stale code.
const path = require('node:path')
const { freshBundle, loadBundle } = require('./cliBundle.cjs')

const bundle = freshBundle(path.join(__dirname, '..'))
if (!bundle) require('tsx/cjs/api').register()
const { mainAsync } = bundle ? loadBundle(bundle) : require('../src/cli/main.ts')

mainAsync(process.argv.slice(2)).then((code) => (process.exitCode = code))
