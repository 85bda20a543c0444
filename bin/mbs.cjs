#!/usr/bin/env node
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bin script: require is how it loads */
// The `mbs` command line: runs the entry bundle (prebuilt by npm's prepare step, or built from the
// sources in memory when one of them is newer: a checkout never runs stale code), which loads each
// command's bundle the same way when that command runs (bin/cliBundle.cjs).
const path = require('node:path')
const { loadCli } = require('./cliBundle.cjs')

loadCli(path.join(__dirname, '..'))
  .mainAsync(process.argv.slice(2))
  .then((code) => (process.exitCode = code))
