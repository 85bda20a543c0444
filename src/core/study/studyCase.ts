// One case of a study, as a worker runs it: the overrides applied as `mbs run --set` applies them (without
// its text round trip: patchOverrides, the same project bit for bit), the run (on the worker's kept
// system where the overrides allow it, caseSystem.ts), the outputs. A failure of any kind becomes a row
// with its error; it never stops the study.
import { overridesPatched } from '../model/overrides'
import type { Project } from '../model/project'
import { formatProblems, type JsonValue } from '../model/types'
import { buildSystem, runSystem } from '../simulation'
import type { CaseSystem } from './caseSystem'
import type { StudyCase, StudyOutput } from './studyFile'
import { outputValue } from './studyOutputs'

/** One line of rows.jsonl; the keys are a contract (docs/file-formats.md, "Study"). */
export interface StudyRow {
  case: number
  status: 'ok' | 'failed'
  error?: string
  /** Seconds of the run itself (overrides, assembly and solve). */
  wallTime: number
  parameters: Record<string, JsonValue>
  outputs: Record<string, number | null>
}

/** `kept`: the system of `project` kept across its cases (none: each case builds its own). */
export function runStudyCase(
  project: Project,
  outputs: readonly StudyOutput[],
  c: StudyCase,
  kept?: CaseSystem,
): StudyRow {
  const started = performance.now()
  const parameters: Record<string, JsonValue> = {}
  for (const o of c.overrides) parameters[o.path] = o.value
  const row = (
    status: StudyRow['status'],
    values: Record<string, number | null>,
    error?: string,
  ): StudyRow => {
    const wallTime = (performance.now() - started) / 1000
    return error === undefined
      ? { case: c.index, status, wallTime, parameters, outputs: values }
      : { case: c.index, status, error, wallTime, parameters, outputs: values }
  }
  const none = () => Object.fromEntries(outputs.map((o) => [o.name, null]))
  try {
    let run = kept?.planned(c.overrides)
    if (!run) {
      const { result: r, patch } = overridesPatched(project, c.overrides)
      if (!r.ok) return row('failed', none(), formatProblems(r.problems).replace(/\n/g, '; '))
      const system = kept ? kept.systemFor(r.project, patch) : buildSystem(r.project)
      run = { system, resolved: r.project.resolved, settings: r.project.settings }
    }
    const { recorder } = runSystem(run.system, run.settings)
    const values: Record<string, number | null> = {}
    const errors: string[] = []
    for (const o of outputs) {
      const v = outputValue(recorder.series, o)
      values[o.name] = typeof v === 'number' ? v : null
      if (typeof v === 'string') errors.push(`${o.name}: ${v}`)
    }
    return errors.length > 0 ? row('failed', values, errors.join('; ')) : row('ok', values)
  } catch (e) {
    return row('failed', none(), e instanceof Error ? e.message : String(e))
  }
}

/** The row of a case that never produced one (its worker died, or the queue gave up on it). */
export function failedRow(c: StudyCase, outputs: readonly StudyOutput[], error: string): StudyRow {
  return {
    case: c.index,
    status: 'failed',
    error,
    wallTime: 0,
    parameters: Object.fromEntries(c.overrides.map((o) => [o.path, o.value])),
    outputs: Object.fromEntries(outputs.map((o) => [o.name, null])),
  }
}
