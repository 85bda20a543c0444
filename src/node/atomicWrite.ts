// Atomic file writes: the data goes to a temporary file in the target's directory, is flushed to disk
// (fsync) and then renamed over the target. rename() within one directory is atomic on POSIX and
// Windows, so a reader (or a crash) sees either the old file or the complete new one, never a damaged
// one. Host-neutral Node code: used by the command line, the solver process and the hosts.
import fs from 'node:fs'
import path from 'node:path'

let counter = 0

/** A temporary name next to the target: same directory (so rename stays atomic), hidden, unique. */
export function temporaryPathFor(target: string): string {
  const dir = path.dirname(target)
  const base = path.basename(target)
  counter++
  return path.join(dir, `.${base}.${process.pid}.${counter}.tmp`)
}

/**
 * Writes `data` to `target` atomically. On any failure the temporary file is removed, the previous
 * content of `target` (if any) is left untouched, and the error is thrown. An existing file keeps its
 * mode and owner, a symbolic link keeps pointing where it did (its target is written), a file with
 * several hard links is updated in place (all its names see the new content), and a file without any
 * write permission is refused rather than replaced.
 */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
  const { file, existing } = replaceableFile(target)
  const tmp = temporaryPathFor(file)
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const hardLinked = existing !== null && existing.nlink > 1
  let fd: number | undefined
  try {
    fd = fs.openSync(tmp, 'wx', 0o644)
    if (existing) keepModeAndOwner(fd, existing)
    let written = 0
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written)
    fs.fsyncSync(fd)
    fs.closeSync(fd)
    fd = undefined
    if (!hardLinked) fs.renameSync(tmp, file)
  } catch (e) {
    if (fd !== undefined) closeQuietly(fd)
    removeQuietly(tmp)
    throw e
  }
  if (hardLinked) return copyIntoHardLinkedFile(file, tmp, bytes)
  syncDirectory(path.dirname(file))
  removeStaleTemporaries(file)
}

/**
 * The file `target` finally names (through links) and its current stats (null: not there yet);
 * throws when it is no regular file or has no write permission, which a write must not replace.
 */
export function replaceableFile(target: string): { file: string; existing: fs.Stats | null } {
  const file = followLinks(target)
  const existing = statOrNull(file)
  if (existing && !existing.isFile()) throw new Error(`${target} is not a regular file; it is not replaced`)
  if (existing && (existing.mode & 0o222) === 0)
    throw new Error(`${target} is read-only; it is not overwritten (save under another name)`)
  return { file, existing }
}

/**
 * A file with several hard links is updated in place: a rename would give this name a new inode and
 * leave the other names with the old content. The complete new content is already on disk in `tmp`
 * (fsynced), so if the copy into the original fails half-way the error says where it is.
 */
function copyIntoHardLinkedFile(file: string, tmp: string, bytes: Uint8Array): void {
  let fd: number | undefined
  try {
    fd = fs.openSync(file, 'r+')
    fs.ftruncateSync(fd, 0)
    let written = 0
    while (written < bytes.length)
      written += fs.writeSync(fd, bytes, written, bytes.length - written, written)
    fs.fsyncSync(fd)
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    throw new Error(
      `${file}: the update of the hard-linked file failed (${message}); the new content is in ${tmp}`,
      {
        cause: e,
      },
    )
  } finally {
    if (fd !== undefined) closeQuietly(fd)
  }
  removeQuietly(tmp)
  removeStaleTemporaries(file)
}

/** The file a path finally names, through any symbolic links (also a link to a file not yet there). */
function followLinks(target: string): string {
  let current = target
  for (let hops = 0; hops < 40; hops++) {
    const link = fs.lstatSync(current, { throwIfNoEntry: false })
    if (!link?.isSymbolicLink()) return current
    current = path.resolve(path.dirname(current), fs.readlinkSync(current))
  }
  throw new Error(`${target}: too many levels of symbolic links`)
}

function statOrNull(file: string): fs.Stats | null {
  return fs.statSync(file, { throwIfNoEntry: false }) ?? null
}

export function keepModeAndOwner(fd: number, existing: fs.Stats): void {
  fs.fchmodSync(fd, existing.mode & 0o7777)
  try {
    fs.fchownSync(fd, existing.uid, existing.gid)
  } catch {
    // Only the owner's group may be set without privileges; the mode is kept either way.
  }
}

/** Temporary files of this target left by a process that no longer runs (an interrupted save). */
export function removeStaleTemporaries(file: string): void {
  const base = path.basename(file)
  const pattern = new RegExp(`^\\.${escapeRegExp(base)}\\.(\\d+)\\.\\d+\\.tmp$`)
  let names: string[]
  try {
    names = fs.readdirSync(path.dirname(file))
  } catch {
    return
  }
  for (const name of names) {
    const pid = pattern.exec(name)?.[1]
    if (pid !== undefined && Number(pid) !== process.pid && !isRunning(Number(pid)))
      removeQuietly(path.join(path.dirname(file), name))
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd)
  } catch {
    // The write already failed; that error is the one to report.
  }
}

export function removeQuietly(file: string): void {
  try {
    fs.unlinkSync(file)
  } catch {
    // Not created, or already gone.
  }
}

/** Makes the rename itself durable. Not possible on every platform (Windows), hence best effort. */
export function syncDirectory(dir: string): void {
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
