// Where runs of a model without a file write their results file: a cache folder (the web host's
// `.mbs-runs` in its workspace, else one in the system's temporary folder). Before each new file the
// oldest results files in the folder are removed until the rest fit in the size limit (files left
// by sessions that were killed included), and the files this host wrote go when it is disposed.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
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
   * cannot.
   */
  nextPath(title: string): string
  /** Removes the results files this cache handed out. */
  dispose(): void
}

export function createRunCache(options: RunCacheOptions = {}): RunCache {
  const dir = options.dir ?? join(os.tmpdir(), 'mbs-studio-runs')
  const maxBytes = options.maxBytes ?? RUN_CACHE_BYTES
  const written: string[] = []
  let count = 0

  /** Removes the oldest results files until the folder's are within maxBytes. */
  function prune(): void {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.mbsres'))
      .flatMap((name) => {
        const path = join(dir, name)
        const stats = statSync(path, { throwIfNoEntry: false })
        return stats?.isFile() ? [{ path, size: stats.size, modified: stats.mtimeMs }] : []
      })
      .sort((a, b) => a.modified - b.modified)
    let total = files.reduce((sum, file) => sum + file.size, 0)
    for (const file of files) {
      if (total <= maxBytes) break
      rmSync(file.path, { force: true })
      total -= file.size
    }
  }

  return {
    dir,
    nextPath(title) {
      try {
        mkdirSync(dir, { recursive: true })
        prune()
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
      for (const path of written.splice(0)) rmSync(path, { force: true })
    },
  }
}
