// The engine version results files record is the package's version.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { ENGINE_VERSION } from '../../../src/core/engineVersion'

it('ENGINE_VERSION is the version in package.json', () => {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8'))
  expect(ENGINE_VERSION).toBe(pkg.version)
})
