// Files of a run on the Node side: results files appended record by record (each record is one
// write, so after a crash of the process every complete record is in the file) and read through the
// core's ByteSource while they may still grow; checkpoints written atomically.
import fs from 'node:fs'
import type { ByteSink, ByteSource } from '../core'
import { writeFileAtomic } from './atomicWrite'
import { openRegularFile } from './inputFiles'
import { IoError } from './ioError'

/**
 * Creates (or truncates) a file and appends to it. An I/O failure (disk full, device error) is an
 * IoError naming the path, and the descriptor is closed with it; discard() removes what was written.
 */
export class FileSink implements ByteSink {
  private fd: number | undefined
  private readonly regular: boolean
  bytesWritten = 0

  constructor(readonly path: string) {
    try {
      this.fd = fs.openSync(path, 'w')
      this.regular = fs.fstatSync(this.fd).isFile()
    } catch (e) {
      if (this.fd !== undefined) fs.closeSync(this.fd)
      throw new IoError(path, 'cannot create the results file', e)
    }
  }
  append(bytes: Uint8Array): void {
    if (this.fd === undefined) throw new Error(`${this.path}: the results file is already closed`)
    try {
      let done = 0
      while (done < bytes.length) done += fs.writeSync(this.fd, bytes, done, bytes.length - done)
    } catch (e) {
      this.closeQuietly()
      throw new IoError(this.path, 'cannot write the results file', e)
    }
    this.bytesWritten += bytes.length
  }
  /** Flushes to disk and closes (idempotent). */
  close(): void {
    if (this.fd === undefined) return
    try {
      fs.fsyncSync(this.fd)
    } catch (e) {
      this.closeQuietly()
      throw new IoError(this.path, 'cannot write the results file', e)
    }
    fs.closeSync(this.fd)
    this.fd = undefined
  }
  /** Closes and removes the file (a run that failed before its first frame leaves no stub). */
  discard(): void {
    this.closeQuietly()
    // Only a regular file is removed, never a device such as /dev/full.
    if (this.regular) fs.rmSync(this.path, { force: true })
  }
  private closeQuietly(): void {
    if (this.fd === undefined) return
    try {
      fs.closeSync(this.fd)
    } catch {
      // A write already failed; that error is the one to report.
    }
    this.fd = undefined
  }
}

/** Random reads from a file that may still be growing. */
export class FileSource implements ByteSource {
  private readonly fd: number

  constructor(readonly path: string) {
    this.fd = openRegularFile(path)
  }
  size(): number {
    return fs.fstatSync(this.fd).size
  }
  read(offset: number, length: number): Uint8Array {
    const out = Buffer.allocUnsafe(length)
    let done = 0
    while (done < length) {
      const n = fs.readSync(this.fd, out, done, length - done, offset + done)
      if (n === 0)
        throw new Error(
          `${this.path}: the file ended at byte ${offset + done} while reading ${length} bytes at ${offset}`,
        )
      done += n
    }
    return out
  }
  close(): void {
    fs.closeSync(this.fd)
  }
}

/** Writes a checkpoint so that the file is either the old or the complete new one. */
export function writeCheckpointFile(path: string, bytes: Uint8Array): void {
  writeFileAtomic(path, bytes)
}
