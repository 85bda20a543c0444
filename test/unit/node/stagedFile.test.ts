// A file written in parts replaces its target as a save does (atomicWrite.ts): mode kept, a hard
// link's other names see the new content, a read-only file is refused, and until commit the target
// is untouched (real files in a temporary folder).
import { chmodSync, linkSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StagedFile } from '../../../src/node/stagedFile'

let dir: string
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mbs-staged-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('StagedFile', () => {
  it('leaves the target as it was until commit, then replaces it keeping its mode', () => {
    const target = join(dir, 'clip.mp4')
    writeFileSync(target, 'old')
    chmodSync(target, 0o600)
    const file = StagedFile.create(target)
    file.write(0, Buffer.from('new content'))
    expect(readFileSync(target, 'utf8')).toBe('old')
    file.commit()
    expect(readFileSync(target, 'utf8')).toBe('new content')
    expect(statSync(target).mode & 0o777).toBe(0o600)
    expect(() => file.write(0, Buffer.from('x'))).toThrow('is finished already')
  })

  it('updates a hard-linked file in place: its other name sees the new content', () => {
    const target = join(dir, 'a.png')
    writeFileSync(target, 'old')
    linkSync(target, join(dir, 'b.png'))
    const file = StagedFile.create(target)
    file.write(0, Buffer.from('new'))
    file.commit()
    expect(readFileSync(join(dir, 'b.png'), 'utf8')).toBe('new')
    expect(statSync(target).ino).toBe(statSync(join(dir, 'b.png')).ino)
  })

  it('refuses a read-only target', () => {
    const target = join(dir, 'locked.webm')
    writeFileSync(target, 'old')
    chmodSync(target, 0o444)
    expect(() => StagedFile.create(target)).toThrow('is read-only; it is not overwritten')
  })
})
