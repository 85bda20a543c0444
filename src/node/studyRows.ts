// The rows of a study folder: rows.jsonl is the journal (one JSON line per finished case), rows.csv the
// same table for spreadsheets. A row is written whole as soon as its case ends, so a killed study keeps
// it (the kernel holds it); fsyncs of the journal are coalesced, one in flight at a time, so the parent
// does not wait on the disk per case, and flush() waits for the last one. A line cut off by a kill is
// not a row: reading drops it, and --resume rewrites both files from the complete lines.
import fs from 'node:fs'
import path from 'node:path'
import { studyCsv, studyCsvLine, type Study, type StudyRow } from '../core'
import { writeFileAtomic } from './atomicWrite'

export const ROWS_JSONL = 'rows.jsonl'
export const ROWS_CSV = 'rows.csv'

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
  /** An fsync of the journal is running; `dirty`: rows were written after it started. */
  private syncing: Promise<void> | undefined
  private dirty = false
  private syncError: Error | undefined

  append(row: StudyRow): void {
    if (this.syncError) throw this.syncError
    this.fds ??= { jsonl: fs.openSync(this.jsonl, 'a'), csv: fs.openSync(this.csv, 'a') }
    writeWhole(this.fds.jsonl, JSON.stringify(row) + '\n')
    writeWhole(this.fds.csv, studyCsvLine(this.study, row))
    this.dirty = true
    this.syncing ??= this.sync(this.fds.jsonl)
  }

  /** Waits until every row appended is on disk, then closes the files (append opens them again). */
  async flush(): Promise<void> {
    while (this.syncing) await this.syncing
    if (this.syncError) throw this.syncError
    if (this.fds) {
      fs.fsyncSync(this.fds.csv)
      fs.closeSync(this.fds.jsonl)
      fs.closeSync(this.fds.csv)
      this.fds = undefined
    }
  }

  /** fsyncs the journal until no row came in while it ran. */
  private async sync(fd: number): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false
        await new Promise<void>((resolve, reject) => fs.fsync(fd, (e) => (e ? reject(e) : resolve())))
      }
    } catch (e) {
      this.syncError = e as Error
    } finally {
      this.syncing = undefined
    }
  }
}

/** One write of the whole line (a row is never split across writes). */
function writeWhole(fd: number, text: string): void {
  const bytes = Buffer.from(text)
  let done = 0
  while (done < bytes.length) done += fs.writeSync(fd, bytes, done)
}
