// The study being set up in the Study tab and the one running or last run: the varied parameters (from
// the property editor's "Vary in a study"), the design and the outputs become a study file
// (docs/file-formats.md, "Study") that the host runs with the command line's machinery; the rows come
// back as 'studyProgress' events. The setup is checked here with the engine's own study reader, so the
// problems shown are the ones the host and `mbs study` would report.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import {
  parseStudy,
  STUDY_FORMAT,
  STUDY_VERSION,
  studyCsv,
  type JsonObject,
  type JsonValue,
  type ParamSpec,
  type Problem,
  type Statistic,
  type Study,
  type StudyRow,
} from '../../core'
import type { ApiEvents } from '../../shared/api'
import { api } from '../api'

/** One varied parameter: a list of values, or a linear or log range (`count` values, or sampled). */
export interface StudyParameterSetup {
  path: string
  kind: 'list' | 'linear' | 'log'
  /** The list, as typed: JSON values separated by commas ("1, 2.5, [0, 1, 0]"). */
  values: string
  from: number
  to: number
  count: number
}

export interface StudyOutputSetup {
  sensor: string
  component: number
  statistic: Statistic | 'at'
  /** The time of a value-at output. */
  at: number
}

export type StudyDesignSetup =
  { type: 'grid' } | { type: 'latinHypercube' | 'random'; samples: number; seed: number }

export type StudyStatus = 'idle' | 'running' | 'completed' | 'cancelled' | 'failed'

/** The study file of a setup (without the project and the folder, which the host fills in). */
export function studyDocument(
  parameters: readonly StudyParameterSetup[],
  design: StudyDesignSetup,
  outputs: readonly StudyOutputSetup[],
): JsonObject | { problems: Problem[] } {
  const problems: Problem[] = []
  const params = parameters.map((p, i): JsonObject => {
    if (p.kind !== 'list') return { path: p.path, from: p.from, to: p.to, count: p.count, scale: p.kind }
    try {
      return { path: p.path, values: JSON.parse(`[${p.values}]`) as JsonValue[] }
    } catch {
      problems.push({
        path: `parameters[${i}].values`,
        message: `${p.path}: expected values separated by commas, such as 1, 2.5, 4; got "${p.values}"`,
      })
      return { path: p.path, values: [] }
    }
  })
  if (problems.length > 0) return { problems }
  return {
    parameters: params,
    design: design.type === 'grid' ? 'grid' : { ...design },
    outputs: outputs.map((o) => ({
      sensor: o.sensor,
      component: o.component,
      statistic: o.statistic === 'at' ? { at: o.at } : o.statistic,
    })),
  }
}

/** The document read as `mbs study` reads it: the study, or every problem. */
export function checkStudy(document: JsonObject | { problems: Problem[] }): Study | Problem[] {
  if ('problems' in document) return document.problems as Problem[]
  const r = parseStudy(
    JSON.stringify({ format: STUDY_FORMAT, version: STUDY_VERSION, project: '-', output: '-', ...document }),
  )
  return r.ok ? r.study : r.problems
}

/** Seconds left if the remaining cases take as long as the finished ones did on average. */
export function etaSeconds(done: number, total: number, elapsed: number): number | null {
  return done > 0 && done < total ? ((total - done) * elapsed) / done : null
}

/** A table column: a parameter (its path) or an output (its name). */
export interface StudyColumn {
  key: string
  kind: 'parameter' | 'output'
}

/** The value of a column in a row when it is a number (a vector parameter or a failed output is not). */
export function columnValue(row: StudyRow, column: StudyColumn): number | null {
  const v = column.kind === 'parameter' ? row.parameters[column.key] : row.outputs[column.key]
  return typeof v === 'number' ? v : null
}

/** The points of `y` against `x`, sorted by x (uPlot's x must ascend), each with its case. */
export function plotPoints(
  rows: readonly StudyRow[],
  x: StudyColumn,
  y: StudyColumn,
): { x: number[]; y: number[]; cases: number[] } {
  const points = rows.flatMap((row) => {
    const [px, py] = [columnValue(row, x), columnValue(row, y)]
    return px === null || py === null ? [] : [{ x: px, y: py, c: row.case }]
  })
  points.sort((a, b) => a.x - b.x || a.c - b.c)
  return { x: points.map((p) => p.x), y: points.map((p) => p.y), cases: points.map((p) => p.c) }
}

export const useStudyStore = defineStore('study', () => {
  const parameters = ref<StudyParameterSetup[]>([])
  const design = ref<StudyDesignSetup>({ type: 'grid' })
  const outputs = ref<StudyOutputSetup[]>([])
  const workers = ref(2)

  const status = ref<StudyStatus>('idle')
  const message = ref('')
  const folder = ref('')
  const total = ref(0)
  const done = ref(0)
  const failed = ref(0)
  const elapsed = ref(0)
  const rows = shallowRef<StudyRow[]>([])
  /** The study the rows belong to (its parameters and outputs name the columns). */
  const ran = shallowRef<Study | null>(null)
  /** Bumped by "Vary in a study": the bottom panel shows the Study tab. */
  const shown = ref(0)

  const checked = computed(() => checkStudy(studyDocument(parameters.value, design.value, outputs.value)))
  const problems = computed(() => (Array.isArray(checked.value) ? checked.value : []))
  const eta = computed(() => etaSeconds(done.value, total.value, elapsed.value))
  const columns = computed<StudyColumn[]>(() =>
    ran.value
      ? [
          ...ran.value.parameters.map((p) => ({ key: p.path, kind: 'parameter' as const })),
          ...ran.value.outputs.map((o) => ({ key: o.name, kind: 'output' as const })),
        ]
      : [],
  )

  /** Adds `path` (ITEM.PARAMETER) with its current value as the list; a path already there stays. */
  function vary(path: string, value: JsonValue | undefined): void {
    if (!parameters.value.some((p) => p.path === path)) {
      const v = typeof value === 'number' ? value : 1
      parameters.value = [
        ...parameters.value,
        { path, kind: 'list', values: JSON.stringify(value ?? v), from: v, to: 2 * v || 1, count: 5 },
      ]
    }
    shown.value++
  }

  /**
   * The property editor's context-menu entry for a parameter: "Vary in a study" when it is a number.
   * `path` is what `mbs run --set` takes: ITEM.PARAMETER, or a settings path such as timeIntegration.endTime.
   */
  function varyEntries(path: string, spec: ParamSpec, value: JsonValue | undefined) {
    return spec.type === 'number' || spec.type === 'integer'
      ? [{ label: 'Vary in a study', action: () => vary(path, value) }]
      : []
  }

  function remove(index: number): void {
    parameters.value = parameters.value.filter((_, i) => i !== index)
  }

  function addOutput(sensor: string): void {
    outputs.value = [...outputs.value, { sensor, component: 0, statistic: 'final', at: 0 }]
  }

  function removeOutput(index: number): void {
    outputs.value = outputs.value.filter((_, i) => i !== index)
  }

  async function run(): Promise<void> {
    const document = studyDocument(parameters.value, design.value, outputs.value)
    const study = checkStudy(document)
    if (Array.isArray(study) || 'problems' in document) return
    rows.value = []
    done.value = failed.value = elapsed.value = 0
    message.value = ''
    ran.value = study
    status.value = 'running'
    try {
      const started = await api.runStudy({ study: document, workers: workers.value })
      folder.value = started.folder
      total.value = started.cases
    } catch (error) {
      status.value = 'failed'
      message.value = (error as Error).message
    }
  }

  const cancel = () => api.cancelStudy()

  function onProgress(data: ApiEvents['studyProgress']): void {
    // In case order; rows mostly come in order, so the search from the end stops at once.
    const list = rows.value
    let at = list.length
    while (at > 0 && list[at - 1].case > data.row.case) at--
    list.splice(at, 0, data.row)
    triggerRef(rows)
    done.value = data.done
    failed.value = data.failed
    total.value = data.total
    elapsed.value = data.elapsed
  }

  function onFinished(data: ApiEvents['studyFinished']): void {
    status.value = data.reason
    folder.value = data.folder
    message.value = data.message ?? ''
  }

  /** The table as CSV, the study folder's rows.csv format. */
  const csv = () => (ran.value ? studyCsv(ran.value, rows.value) : '')

  /** Runs one case again with a results file for replay; resolves with the file's path. */
  async function replayCase(index: number): Promise<string> {
    return (await api.runStudyCase({ case: index })).resultsPath
  }

  function listen(): void {
    api.on('studyProgress', onProgress)
    api.on('studyFinished', onFinished)
  }

  return {
    parameters,
    design,
    outputs,
    workers,
    status,
    message,
    folder,
    total,
    done,
    failed,
    elapsed,
    rows,
    ran,
    shown,
    problems,
    eta,
    columns,
    vary,
    varyEntries,
    remove,
    addOutput,
    removeOutput,
    run,
    cancel,
    onProgress,
    onFinished,
    csv,
    replayCase,
    listen,
  }
})
