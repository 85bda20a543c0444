// Plot data as CSV (RFC 4180): a header and one line per sample of columns that share the first (the
// time) column, as uPlot's data holds them; an empty cell where a series has no sample at that time
// (compared runs written at other times, joined into one time axis by uPlot.join).
import { csvField } from '../../core'

/** A column of the plot's data: undefined or null where the series has no sample. */
export type CsvColumn = ArrayLike<number | null | undefined>

export function columnsCsv(header: readonly string[], columns: readonly CsvColumn[]): string {
  const count = columns[0]?.length ?? 0
  const lines = [header.map(csvField).join(',')]
  for (let i = 0; i < count; i++) lines.push(columns.map((c) => (c[i] == null ? '' : String(c[i]))).join(','))
  return lines.join('\n') + '\n'
}
