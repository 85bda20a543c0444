// Where runs of a model without a file write their results file: a cache folder (the web host's
// `.mbs-runs` in its workspace, else one in the system's temporary folder). Before each new file the
// oldest results files in the folder are removed until the rest fit in the size limit (files left
// by sessions that were killed included), and the files this host wrote go when it is disposed. A
// results file takes the project file of its stem with it (a what-if branch's copy of its model).
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import { join, resolve } from 'node:path'
import { ApiError } from '../shared/protocol'

/** The cache's size limit by default. */
export const RUN_CACHE_BYTES = 512 << 20

export interface RunCacheOptions {
  /** The folder; default `mbs-studio-runs` in the system's temporary folder. */
  dir?: string
  /** The results files in the folder are kept within this many bytes before a new one starts. */
  maxBytes?: number
}

export interface RunCache {
  readonly dir: string
  /**
   * A new results file path for a run of the document titled `title`, after making room; io-error if it
   * cannot. A project file next to it of the same stem (`.mbsproj`) is removed with it; `keep`: files
   * in use that stay (a branch's original run).
   */
  nextPath(title: string, keep?: readonly string[]): string
  /** Removes the results files this cache handed out. */
  dispose(): void
}

export function createRunCache(options: RunCacheOptions = {}): RunCache {
  const dir = options.dir ?? join(os.tmpdir(), 'mbs-studio-runs')
  const maxBytes = options.maxBytes ?? RUN_CACHE_BYTES
  const written: string[] = []
  let count = 0

  /** Removes a results file and the project file of its stem. */
  function remove(path: string): void {
    rmSync(path, { force: true })
    rmSync(path.replace(/\.mbsres$/, '.mbsproj'), { force: true })
  }

  /** Removes the oldest results files until the folder's are within maxBytes. */
  function prune(keep: readonly string[]): void {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.mbsres'))
      .flatMap((name) => {
        const path = join(dir, name)
        const stats = statSync(path, { throwIfNoEntry: false })
        return stats?.isFile() ? [{ path, size: stats.size, modified: stats.mtimeMs }] : []
      })
      .sort((a, b) => a.modified - b.modified)
    let total = files.reduce((sum, file) => sum + file.size, 0)
    const kept = new Set(keep.map((path) => resolve(path)))
    for (const file of files) {
      if (total <= maxBytes) break
      if (kept.has(resolve(file.path))) continue
      remove(file.path)
      total -= file.size
    }
  }

  return {
    dir,
    nextPath(title, keep = []) {
      try {
        mkdirSync(dir, { recursive: true })
        prune(keep)
      } catch (error) {
        throw new ApiError('io-error', `Cannot use the run cache folder ${dir}: ${(error as Error).message}`)
      }
      const stem = title.replace(/\.mbsproj$/i, '').replace(/[^\w-]+/g, '_') || 'run'
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')
      const path = join(dir, `${stem}-${stamp}-${process.pid}-${++count}.mbsres`)
      written.push(path)
      return path
    },
    dispose() {
      for (const path of written.splice(0)) remove(path)
    },
  }
}
