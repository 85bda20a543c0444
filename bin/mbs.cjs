#!/usr/bin/env node
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bin script: require is how it loads */
// The `mbs` command line. tsx compiles the TypeScript sources on the fly, so the CLI always runs the
// checked-out code and there is no build step to forget.
require('tsx/cjs/api').register()
const { main } = require('../src/cli/main.ts')

process.exitCode = main(process.argv.slice(2))
