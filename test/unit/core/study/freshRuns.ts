// Fresh runs of study cases, the reference the kept systems of study workers are checked against: a
// case as `mbs run PROJECT --set ...` runs it (the overrides applied with the project's text round
// trip, applyOverrides; a new build; a new run), its outputs, and the test projects' outputs.
import fs from 'node:fs'
import path from 'node:path'
import {
  applyOverrides,
  formatProblems,
  outputValue,
  parseProject,
  runProject,
  type Override,
  type Project,
  type StudyOutput,
} from '../../../../src/core'

/** A file of the repository, loaded as `mbs run` loads it. */
export function load(file: string): Project {
  const r = parseProject(fs.readFileSync(path.resolve(__dirname, '../../../..', file), 'utf8'))
  if (r.ok) return r.project
  throw new Error(`${file}: ${formatProblems(r.problems)}`)
}

/** Final value, extremes, RMS and a value between rows of every component: the whole trajectory's traces. */
export function outputs(sensor: string, components: number): StudyOutput[] {
  const statistics = ['final', 'min', 'max', 'rms', { at: 0.237 }] as const
  return Array.from({ length: components }, (_, component) =>
    statistics.map((statistic) => ({
      name: `${sensor}[${component}].${typeof statistic === 'object' ? 'at' : statistic}`,
      sensor,
      component,
      statistic,
    })),
  ).flat()
}

/** The row's outputs as `mbs run PROJECT --set ...` gives them; a string: the case fails. */
export function alone(project: Project, outs: readonly StudyOutput[], overrides: readonly Override[]) {
  const r = applyOverrides(project, overrides)
  if (!r.ok) return 'invalid'
  try {
    const { recorder } = runProject(r.project)
    return Object.fromEntries(outs.map((o) => [o.name, outputValue(recorder.series, o)]))
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** A permutation from a linear congruential generator: the same shuffled order on every run. */
export function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}
