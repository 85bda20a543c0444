// The rows of a study folder: rows.jsonl is the journal (one JSON line per finished case, appended and
// flushed to disk before the next), rows.csv the same table for spreadsheets. A line cut off by a kill
// is not a row: reading drops it, and --resume rewrites both files from the complete lines.
import fs from 'node:fs'
import path from 'node:path'
import type { Study } from '../core'
import { writeFileAtomic } from '../node/atomicWrite'
import type { StudyRow } from './studyCase'

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
    writeFileAtomic(this.csv, [this.csvHeader(), ...rows.map((r) => this.csvLine(r))].join(''))
  }

  append(row: StudyRow): void {
    appendDurably(this.jsonl, JSON.stringify(row) + '\n')
    appendDurably(this.csv, this.csvLine(row))
  }

  private csvHeader(): string {
    const names = [
      'case',
      'status',
      ...this.study.parameters.map((p) => p.path),
      ...this.study.outputs.map((o) => o.name),
      'wallTime',
      'error',
    ]
    return names.map(csvField).join(',') + '\n'
  }

  private csvLine(r: StudyRow): string {
    const fields = [
      String(r.case),
      r.status,
      ...this.study.parameters.map((p) => JSON.stringify(r.parameters[p.path])),
      ...this.study.outputs.map((o) => (r.outputs[o.name] === null ? '' : String(r.outputs[o.name]))),
      String(r.wallTime),
      r.error ?? '',
    ]
    return fields.map(csvField).join(',') + '\n'
  }
}

/** RFC 4180 quoting where a field needs it. */
function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
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
