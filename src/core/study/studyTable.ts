// The study table as CSV (RFC 4180): one line per row, columns case, status, the parameters, the outputs,
// wallTime and error (docs/file-formats.md, "Study"). The study folder's rows.csv and the app's export
// both write it.
import { csvField } from '../csvField'
import type { StudyRow } from './studyCase'
import type { Study } from './studyFile'

export function studyCsvHeader(study: Pick<Study, 'parameters' | 'outputs'>): string {
  const names = [
    'case',
    'status',
    ...study.parameters.map((p) => p.path),
    ...study.outputs.map((o) => o.name),
    'wallTime',
    'error',
  ]
  return names.map(csvField).join(',') + '\n'
}

export function studyCsvLine(study: Pick<Study, 'parameters' | 'outputs'>, r: StudyRow): string {
  const fields = [
    String(r.case),
    r.status,
    ...study.parameters.map((p) => JSON.stringify(r.parameters[p.path])),
    ...study.outputs.map((o) => (r.outputs[o.name] === null ? '' : String(r.outputs[o.name]))),
    String(r.wallTime),
    r.error ?? '',
  ]
  return fields.map(csvField).join(',') + '\n'
}

export function studyCsv(study: Pick<Study, 'parameters' | 'outputs'>, rows: readonly StudyRow[]): string {
  return studyCsvHeader(study) + rows.map((r) => studyCsvLine(study, r)).join('')
}
