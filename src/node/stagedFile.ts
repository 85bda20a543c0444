// A file written in pieces at any position (a video muxer writes its data, then goes back to patch
// sizes), kept in a hidden temporary file next to the target until commit() renames it over the
// target as writeFileAtomic does, or discard() removes it: a cancelled or failed write leaves
// neither a partial file nor a changed old one.
import fs from 'node:fs'
import path from 'node:path'
import {
  closeQuietly,
  keepModeAndOwner,
  removeQuietly,
  removeStaleTemporaries,
  replaceableFile,
  syncDirectory,
  temporaryPathFor,
} from './atomicWrite'

export class StagedFile {
  /** Bytes up to the furthest write (the file's length so far). */
  length = 0
  private fd: number | undefined

  private constructor(
    /** The file the target path names (links followed). */
    readonly file: string,
    private readonly existing: fs.Stats | null,
    private readonly tmp: string,
  ) {
    this.fd = fs.openSync(tmp, 'wx', 0o644)
    if (existing) keepModeAndOwner(this.fd, existing)
  }

  /** Starts a write of `target`; throws when the target cannot be replaced (not a file, read-only). */
  static create(target: string): StagedFile {
    const { file, existing } = replaceableFile(target)
    return new StagedFile(file, existing, temporaryPathFor(file))
  }

  get open(): boolean {
    return this.fd !== undefined
  }

  write(position: number, bytes: Uint8Array): void {
    const fd = this.descriptor()
    let written = 0
    while (written < bytes.length)
      written += fs.writeSync(fd, bytes, written, bytes.length - written, position + written)
    this.length = Math.max(this.length, position + bytes.length)
  }

  /** Flushes the data and puts it in the target's place; on failure the temporary file is removed. */
  commit(): void {
    const fd = this.descriptor()
    this.fd = undefined
    try {
      fs.fsyncSync(fd)
      fs.closeSync(fd)
      // A file with several hard links is updated in place, so that all its names see the new content.
      if (this.existing !== null && this.existing.nlink > 1) this.copyIntoHardLinkedFile()
      else fs.renameSync(this.tmp, this.file)
    } catch (error) {
      closeQuietly(fd)
      removeQuietly(this.tmp)
      throw error
    }
    syncDirectory(path.dirname(this.file))
    removeStaleTemporaries(this.file)
  }

  /** Drops what was written; the target stays as it was. */
  discard(): void {
    if (this.fd !== undefined) closeQuietly(this.fd)
    this.fd = undefined
    removeQuietly(this.tmp)
  }

  private copyIntoHardLinkedFile(): void {
    fs.copyFileSync(this.tmp, this.file)
    const fd = fs.openSync(this.file, 'r+')
    try {
      fs.fsyncSync(fd)
    } finally {
      closeQuietly(fd)
    }
    removeQuietly(this.tmp)
  }

  private descriptor(): number {
    if (this.fd === undefined) throw new Error(`The write of ${this.file} is finished already`)
    return this.fd
  }
}
