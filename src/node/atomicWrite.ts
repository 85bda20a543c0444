// Atomic file writes: the data goes to a temporary file in the target's directory, is flushed to disk
// (fsync) and then renamed over the target. rename() within one directory is atomic on POSIX and
// Windows, so a reader (or a crash) sees either the old file or the complete new one, never a damaged
// one. Host-neutral Node code: used by the command line, the solver process and the hosts.
import fs from 'node:fs'
import path from 'node:path'

let counter = 0

/** A temporary name next to the target: same directory (so rename stays atomic), hidden, unique. */
function temporaryPathFor(target: string): string {
  const dir = path.dirname(target)
  const base = path.basename(target)
  counter++
  return path.join(dir, `.${base}.${process.pid}.${counter}.tmp`)
}

/**
 * Writes `data` to `target` atomically. On any failure the temporary file is removed, the previous
 * content of `target` (if any) is left untouched, and the error is thrown.
 */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
  const tmp = temporaryPathFor(target)
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  let fd: number | undefined
  try {
    fd = fs.openSync(tmp, 'wx', 0o644)
    let written = 0
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written)
    fs.fsyncSync(fd)
    fs.closeSync(fd)
    fd = undefined
    fs.renameSync(tmp, target)
  } catch (e) {
    if (fd !== undefined) closeQuietly(fd)
    removeQuietly(tmp)
    throw e
  }
  syncDirectory(path.dirname(target))
}

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd)
  } catch {
    // The write already failed; that error is the one to report.
  }
}

function removeQuietly(file: string): void {
  try {
    fs.unlinkSync(file)
  } catch {
    // Not created, or already gone.
  }
}

/** Makes the rename itself durable. Not possible on every platform (Windows), hence best effort. */
function syncDirectory(dir: string): void {
  let fd: number | undefined
  try {
    fd = fs.openSync(dir, 'r')
    fs.fsyncSync(fd)
  } catch {
    // Directory fsync is unsupported here; the file content itself is already on disk.
  } finally {
    if (fd !== undefined) closeQuietly(fd)
  }
}
