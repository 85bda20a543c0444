// FileSink under I/O failure: the error names the path and the system's message and code, the
// descriptor is closed with it, and discard() removes a regular file but never a device.
// /dev/full answers every write with ENOSPC (Linux), a disk that is full from the first byte.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { IoError } from '../../../src/node/ioError'
import { FileSink } from '../../../src/node/runFiles'
import { hasDevFull } from './smallDisk'

const openDescriptors = () => fs.readdirSync('/proc/self/fd').length

describe('FileSink', () => {
  it.runIf(hasDevFull)('a full disk is an IoError with path and ENOSPC, and closes the descriptor', () => {
    const before = openDescriptors()
    const sink = new FileSink('/dev/full')
    expect(openDescriptors()).toBe(before + 1)
    let error: unknown
    try {
      sink.append(new Uint8Array(64))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(IoError)
    expect((error as IoError).code).toBe('ENOSPC')
    expect((error as IoError).message).toBe(
      'cannot write the results file "/dev/full": no space left on device (ENOSPC)',
    )
    expect(openDescriptors()).toBe(before)
    expect(() => sink.append(new Uint8Array(8))).toThrow(/already closed/)
    sink.discard()
    expect(fs.existsSync('/dev/full')).toBe(true)
  })

  it('a file in a missing folder is an IoError naming it (ENOENT), no descriptor left', () => {
    const before = openDescriptors()
    const file = path.join(os.tmpdir(), 'mbs-no-such-dir', 'x', 'r.mbsres')
    expect(() => new FileSink(file)).toThrow(
      `cannot create the results file "${file}": no such file or directory (ENOENT)`,
    )
    expect(openDescriptors()).toBe(before)
  })

  it('a folder is refused as EISDIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-sink-'))
    expect(() => new FileSink(dir)).toThrow(/illegal operation on a directory \(EISDIR\)/)
  })

  it('discard() closes and removes a regular file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-sink-')), 'r.mbsres')
    const before = openDescriptors()
    const sink = new FileSink(file)
    sink.append(new Uint8Array([1, 2, 3]))
    sink.discard()
    expect(fs.existsSync(file)).toBe(false)
    expect(openDescriptors()).toBe(before)
  })
})
