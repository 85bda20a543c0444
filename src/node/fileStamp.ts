// What a document's file looked like when it was opened or saved (mtime, size, SHA-256 of the
// content), so a save can tell that another program changed the file meanwhile and ask first.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { readInputBytes } from './inputFiles'

export interface FileStamp {
  mtimeMs: number
  size: number
  /** SHA-256 of the content, hex. */
  sha256: string
}

export const contentHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** The stamp of the file at `path` now, or null when there is none. */
export function stampFile(path: string): FileStamp | null {
  const stat = fs.statSync(path, { throwIfNoEntry: false })
  if (!stat?.isFile()) return null
  return { mtimeMs: stat.mtimeMs, size: stat.size, sha256: contentHash(readInputBytes(path)) }
}

/**
 * Whether the file at `path` still holds what `stamp` recorded. Same mtime and size count as
 * unchanged without reading; otherwise the content decides (a touch, or a copy of the same bytes, is
 * no change). A file that is gone is no conflict: saving writes it anew.
 */
export function unchangedSince(path: string, stamp: FileStamp): boolean {
  const stat = fs.statSync(path, { throwIfNoEntry: false })
  if (!stat?.isFile()) return true
  if (stat.mtimeMs === stamp.mtimeMs && stat.size === stamp.size) return true
  return stat.size === stamp.size && contentHash(readInputBytes(path)) === stamp.sha256
}
