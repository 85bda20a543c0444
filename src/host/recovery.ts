// Autosave of unsaved changes to a recovery file, so a crash (of the app or the machine) loses at
// most the last DEBOUNCE_MS of edits. A clean shutdown removes the file; finding it at start means
// the last session ended without one, and the app offers to recover the model.
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../node/atomicWrite'

const DEBOUNCE_MS = 1000

export interface RecoveredModel {
  /** The file the model belonged to, or null for a model that had never been saved. */
  path: string | null
  title: string
  text: string
  savedAt: string
}

export interface RecoveryStore {
  /**
   * Schedules an autosave (the latest one wins); `model` is asked for when the autosave is written,
   * so the project text is written once per DEBOUNCE_MS, not once per edit.
   */
  schedule(model: () => Omit<RecoveredModel, 'savedAt'>): void
  /** Writes a scheduled autosave now. */
  flush(): void
  /** Drops the recovery file and any scheduled autosave (after a save, or a clean shutdown). */
  clear(): void
  read(): RecoveredModel | null
}

export function createRecoveryStore(file: string, debounceMs = DEBOUNCE_MS): RecoveryStore {
  let scheduled: (() => Omit<RecoveredModel, 'savedAt'>) | null = null
  let timer: NodeJS.Timeout | undefined

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (!scheduled) return
    mkdirSync(dirname(file), { recursive: true })
    writeFileAtomic(file, JSON.stringify({ ...scheduled(), savedAt: new Date().toISOString() }))
    scheduled = null
  }

  return {
    schedule(model) {
      scheduled = model
      if (!timer) timer = setTimeout(flush, debounceMs)
    },
    flush,
    clear() {
      clearTimeout(timer)
      timer = undefined
      scheduled = null
      rmSync(file, { force: true })
    },
    read() {
      try {
        const value = JSON.parse(readFileSync(file, 'utf8')) as RecoveredModel
        return typeof value.text === 'string' ? value : null
      } catch {
        return null
      }
    },
  }
}
