import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRunCache } from '../../../src/host/runCache'
import { ApiError } from '../../../src/shared/protocol'

/** A results file of `bytes` bytes, modified `age` seconds ago. */
function oldFile(dir: string, name: string, bytes: number, age: number): string {
  const path = join(dir, name)
  writeFileSync(path, Buffer.alloc(bytes))
  const when = Date.now() / 1000 - age
  utimesSync(path, when, when)
  return path
}

describe('run cache', () => {
  it('hands out distinct results paths named for the document, in its folder', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mbs-run-cache-')), 'runs')
    const cache = createRunCache({ dir })
    const a = cache.nextPath('pendulum.mbsproj')
    const b = cache.nextPath('My model?')
    expect(a).toMatch(new RegExp(`^${dir}/pendulum-\\d{8}T\\d{6}-\\d+-1\\.mbsres$`))
    expect(b).toMatch(/\/My_model_-\d{8}T\d{6}-\d+-2\.mbsres$/)
    expect(existsSync(dir)).toBe(true)
  })

  it('removes the oldest results files until the rest fit in the limit, other files untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbs-run-cache-'))
    oldFile(dir, 'oldest.mbsres', 400, 300)
    oldFile(dir, 'older.mbsres', 400, 200)
    oldFile(dir, 'newer.mbsres', 400, 100)
    oldFile(dir, 'notes.txt', 5000, 400)
    createRunCache({ dir, maxBytes: 1000 }).nextPath('model')
    expect(readdirSync(dir).sort()).toEqual(['newer.mbsres', 'notes.txt', 'older.mbsres'])
  })

  it("a results file takes its stem's project file with it; a file in use stays", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbs-run-cache-'))
    oldFile(dir, 'branch.mbsres', 400, 300)
    oldFile(dir, 'branch.mbsproj', 50, 300)
    const original = oldFile(dir, 'original.mbsres', 400, 200)
    oldFile(dir, 'newer.mbsres', 400, 100)
    // 1200 bytes of results over 500: the two oldest would go, but the original is in use.
    createRunCache({ dir, maxBytes: 500 }).nextPath('model', [original])
    expect(readdirSync(dir).sort()).toEqual(['original.mbsres'])
  })

  it('dispose removes the files it handed out and no others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbs-run-cache-'))
    const other = oldFile(dir, 'other-session.mbsres', 10, 10)
    const cache = createRunCache({ dir })
    writeFileSync(cache.nextPath('a'), 'x')
    const branch = cache.nextPath('b-branch')
    writeFileSync(branch, 'x')
    writeFileSync(branch.replace(/\.mbsres$/, '.mbsproj'), '{}') // the branch's model
    cache.nextPath('b') // a run that wrote no file (writeSolutionToFile false)
    cache.dispose()
    expect(readdirSync(dir)).toEqual(['other-session.mbsres'])
    expect(existsSync(other)).toBe(true)
  })

  it('a folder that cannot be made is an io-error naming it', () => {
    const base = mkdtempSync(join(tmpdir(), 'mbs-run-cache-'))
    writeFileSync(join(base, 'file'), '')
    const cache = createRunCache({ dir: join(base, 'file', 'runs') })
    expect(() => cache.nextPath('a')).toThrow(ApiError)
    expect(() => cache.nextPath('a')).toThrow(/Cannot use the run cache folder .*file\/runs/)
  })
})
