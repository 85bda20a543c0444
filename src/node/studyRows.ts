// The rows of a study folder: rows.jsonl is the journal (one JSON line per finished case, appended and
// flushed to disk before the next), rows.csv the same table for spreadsheets. A line cut off by a kill
// is not a row: reading drops it, and --resume rewrites both files from the complete lines.
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

  append(row: StudyRow): void {
    appendDurably(this.jsonl, JSON.stringify(row) + '\n')
    appendDurably(this.csv, studyCsvLine(this.study, row))
  }
}

/** One write of the whole line, then fsync: a row is on disk before the case counts as done. */
function appendDurably(file: string, text: string): void {
  const fd = fs.openSync(file, 'a')
  try {
    fs.writeSync(fd, text)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
