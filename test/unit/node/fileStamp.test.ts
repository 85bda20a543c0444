// A change another program made to a document's file since it was opened or saved is detected from
// mtime, size and SHA-256 of the content; a touch or a rewrite with the same bytes is no change.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentHash, stampFile, unchangedSince } from '../../../src/node/fileStamp'

function fileWith(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-stamp-')), 'model.mbsproj')
  fs.writeFileSync(file, text)
  return file
}
const later = (file: string) => {
  const t = fs.statSync(file).mtime
  fs.utimesSync(file, t, new Date(t.getTime() + 5000))
}

describe('file stamps', () => {
  it('records mtime, size and the SHA-256 of the content', () => {
    const file = fileWith('abc')
    const stamp = stampFile(file)!
    expect(stamp.size).toBe(3)
    expect(stamp.mtimeMs).toBe(fs.statSync(file).mtimeMs)
    // SHA-256("abc"), FIPS 180-2 appendix B.1.
    expect(stamp.sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(contentHash(Buffer.from('abc'))).toBe(stamp.sha256)
    expect(stampFile(path.join(path.dirname(file), 'none'))).toBeNull()
  })

  it('an untouched file is unchanged', () => {
    const file = fileWith('{"a": 1}')
    expect(unchangedSince(file, stampFile(file)!)).toBe(true)
  })

  it('another content of the same size with a new mtime is a change', () => {
    const file = fileWith('{"a": 1}')
    const stamp = stampFile(file)!
    fs.writeFileSync(file, '{"a": 2}')
    later(file)
    expect(unchangedSince(file, stamp)).toBe(false)
  })

  it('a content of another size is a change', () => {
    const file = fileWith('{"a": 1}')
    const stamp = stampFile(file)!
    fs.appendFileSync(file, '\n')
    expect(unchangedSince(file, stamp)).toBe(false)
  })

  it('a touch (new mtime, same bytes) is no change', () => {
    const file = fileWith('{"a": 1}')
    const stamp = stampFile(file)!
    later(file)
    expect(unchangedSince(file, stamp)).toBe(true)
  })

  it('a file removed meanwhile is no conflict (saving writes it anew)', () => {
    const file = fileWith('x')
    const stamp = stampFile(file)!
    fs.unlinkSync(file)
    expect(unchangedSince(file, stamp)).toBe(true)
  })
})
