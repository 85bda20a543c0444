// Files of a run on the Node side: results files appended record by record (each record is one
// write, so after a crash of the process every complete record is in the file) and read through the
// core's ByteSource while they may still grow; checkpoints written atomically.
import fs from 'node:fs'
import type { ByteSink, ByteSource } from '../core'
import { writeFileAtomic } from './atomicWrite'
import { openRegularFile } from './inputFiles'

/** Creates (or truncates) a file and appends to it. */
export class FileSink implements ByteSink {
  private fd: number | undefined
  bytesWritten = 0

  constructor(readonly path: string) {
    this.fd = fs.openSync(path, 'w')
  }
  append(bytes: Uint8Array): void {
    if (this.fd === undefined) throw new Error(`${this.path}: the results file is already closed`)
    let done = 0
    while (done < bytes.length) done += fs.writeSync(this.fd, bytes, done, bytes.length - done)
    this.bytesWritten += bytes.length
  }
  /** Flushes to disk and closes (idempotent). */
  close(): void {
    if (this.fd === undefined) return
    fs.fsyncSync(this.fd)
    fs.closeSync(this.fd)
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
