// The rows of a study folder: rows.jsonl is the journal (one JSON line per finished case), rows.csv the
// same table for spreadsheets. A row is written whole as soon as it arrives, so a killed study keeps
// it (the kernel holds it); the rows appended in one turn of the event loop (a worker's batch) go in
// one write per file, at the end of that turn. The journal is fsynced in the background at most every
// SYNC_INTERVAL_MS (only a power loss can take the rows of the last interval, which --resume runs
// again): an fsync per row cost the parent ~0.1 ms of CPU, a tenth of a short case. flush() syncs both
// files now. A line cut off by a kill is not a row: reading drops it, and --resume rewrites both files
// from the complete lines.
import fs from 'node:fs'
import path from 'node:path'
import { studyCsv, studyCsvLine, type Study, type StudyRow } from '../core'
import { writeFileAtomic } from './atomicWrite'

export const ROWS_JSONL = 'rows.jsonl'
export const ROWS_CSV = 'rows.csv'
const SYNC_INTERVAL_MS = 200

export class StudyRows {
  private readonly jsonl: string
  private readonly csv: string

  constructor(
    private readonly study: Study,
    dir: string,
  ) {
    this.jsonl = path.join(dir, ROWS_JSONL)
    this.csv = path.join(dir, ROWS_CSV)
  }

  /** The complete rows written so far (a partial last line from a kill is dropped). */
  read(): StudyRow[] {
    if (!fs.existsSync(this.jsonl)) return []
    const text = fs.readFileSync(this.jsonl, 'utf8')
    const complete = text.slice(0, text.lastIndexOf('\n') + 1)
    return complete
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as StudyRow)
  }

  /** Rewrites both files atomically from `rows` (a fresh study, or --resume after a kill). */
  reset(rows: readonly StudyRow[]): void {
    writeFileAtomic(this.jsonl, rows.map((r) => JSON.stringify(r) + '\n').join(''))
    writeFileAtomic(this.csv, studyCsv(this.study, rows))
  }

  private fds: { jsonl: number; csv: number } | undefined
  /** The next background fsync of the journal, when rows were written since the last one. */
  private timer: ReturnType<typeof setTimeout> | undefined
  /** The background fsyncs, one after another. */
  private synced: Promise<void> = Promise.resolve()
  private syncError: Error | undefined
  /** The lines appended in this turn of the event loop, written at its end (write()). */
  private pending: { jsonl: string; csv: string } | undefined

  append(row: StudyRow): void {
    if (this.syncError) throw this.syncError
    if (!this.pending) {
      this.pending = { jsonl: '', csv: '' }
      // A failed write is told by the next append or by flush, as a failed fsync is.
      queueMicrotask(() => {
        try {
          this.write()
        } catch (e) {
          this.syncError ??= e as Error
        }
      })
    }
    this.pending.jsonl += JSON.stringify(row) + '\n'
    this.pending.csv += studyCsvLine(this.study, row)
  }

  private write(): void {
    const lines = this.pending
    this.pending = undefined
    if (!lines) return
    this.fds ??= { jsonl: fs.openSync(this.jsonl, 'a'), csv: fs.openSync(this.csv, 'a') }
    writeWhole(this.fds.jsonl, lines.jsonl)
    writeWhole(this.fds.csv, lines.csv)
    const fd = this.fds.jsonl
    this.timer ??= setTimeout(() => {
      this.timer = undefined
      this.synced = this.synced.then(() => fsyncAsync(fd)).catch((e: Error) => void (this.syncError ??= e))
    }, SYNC_INTERVAL_MS)
  }

  /** Waits until every row appended is on disk, then closes the files (append opens them again). */
  async flush(): Promise<void> {
    this.write()
    clearTimeout(this.timer)
    this.timer = undefined
    await this.synced
    if (this.syncError) throw this.syncError
    if (this.fds) {
      fs.fsyncSync(this.fds.jsonl)
      fs.fsyncSync(this.fds.csv)
      fs.closeSync(this.fds.jsonl)
      fs.closeSync(this.fds.csv)
      this.fds = undefined
    }
  }
}

function fsyncAsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fsync(fd, (e) => (e ? reject(e) : resolve())))
}

/** One write of whole lines (a row is never split across writes). */
function writeWhole(fd: number, text: string): void {
  const bytes = Buffer.from(text)
  let done = 0
  while (done < bytes.length) done += fs.writeSync(fd, bytes, done)
}
