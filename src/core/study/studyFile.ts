// The study file (docs/file-formats.md, "Study"): which project to vary, the parameters and their values,
// the sampling design and the outputs. Reading checks everything and expands the cases, so a runner only
// sees valid cases; each case is a list of overrides (src/core/model/overrides.ts) with its index.
import { canonicalJson } from '../model/canonicalJson'
import type { Override } from '../model/overrides'
import type { JsonObject, JsonValue, Problem } from '../model/types'

export const STUDY_FORMAT = 'mbs-studio-study'
export const STUDY_VERSION = 1

export type Statistic = 'final' | 'min' | 'max' | 'mean' | 'rms'

export interface StudyParameter {
  path: string
  /** The values of a list or of a range expanded; random designs sample `range` instead. */
  values: JsonValue[]
  range?: { from: number; to: number; scale: 'linear' | 'log' }
}

export interface StudyOutput {
  /** Column name: "SENSOR[COMPONENT].STATISTIC" or "SENSOR[COMPONENT]@T". */
  name: string
  sensor: string
  component: number
  statistic: Statistic | { at: number }
}

export type StudyDesign =
  { type: 'grid' } | { type: 'random' | 'latinHypercube'; samples: number; seed: number }

export interface Study {
  project: string
  parameters: StudyParameter[]
  design: StudyDesign
  outputs: StudyOutput[]
  /** The study folder (rows, copies), relative to the study file. */
  output: string
}

export interface StudyCase {
  index: number
  overrides: Override[]
}

const STATISTICS: readonly Statistic[] = ['final', 'min', 'max', 'mean', 'rms']
const KEYS = ['format', 'version', 'project', 'parameters', 'design', 'outputs', 'output']

export type StudyLoad = { ok: true; study: Study } | { ok: false; problems: Problem[] }

export function parseStudy(text: string): StudyLoad {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    return { ok: false, problems: [{ path: '(file)', message: `invalid JSON: ${(e as Error).message}` }] }
  }
  const problems: Problem[] = []
  const fail = (path: string, message: string) => problems.push({ path, message })
  if (!isObject(doc)) return { ok: false, problems: [{ path: '(file)', message: 'expected a JSON object' }] }
  if (doc.format !== STUDY_FORMAT)
    fail('format', `expected "${STUDY_FORMAT}", got ${JSON.stringify(doc.format)}`)
  if (doc.version !== STUDY_VERSION)
    fail(
      'version',
      `expected ${STUDY_VERSION} (the study format this program knows), got ${JSON.stringify(doc.version)}`,
    )
  for (const key of Object.keys(doc))
    if (!KEYS.includes(key)) fail(key, `unknown key "${key}"; expected ${KEYS.join(', ')}`)
  if (typeof doc.project !== 'string' || doc.project === '') fail('project', 'expected the project file name')
  if (typeof doc.output !== 'string' || doc.output === '') fail('output', 'expected the study folder name')
  const design = readDesign(doc.design, fail)
  const parameters = readList(doc.parameters, 'parameters', fail).map((p, i) =>
    readParameter(p, `parameters[${i}]`, design?.type !== 'grid', fail),
  )
  const outputs = readList(doc.outputs, 'outputs', fail).map((o, i) => readOutput(o, `outputs[${i}]`, fail))
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    study: {
      project: doc.project as string,
      parameters: parameters as StudyParameter[],
      design: design!,
      outputs: outputs as StudyOutput[],
      output: doc.output as string,
    },
  }
}

/** Canonical text of the study (what the study folder keeps to check --resume against). */
export function studyText(study: Study): string {
  return canonicalJson(study as unknown as JsonObject) + '\n'
}

/** Every case of the study, in a fixed order (grid: the last parameter varies fastest). */
export function studyCases(study: Study): StudyCase[] {
  const { parameters, design } = study
  const rows: JsonValue[][] = []
  if (design.type === 'grid') {
    const total = parameters.reduce((n, p) => n * p.values.length, 1)
    for (let i = 0; i < total; i++) {
      let rest = i
      const row: JsonValue[] = new Array<JsonValue>(parameters.length)
      for (let j = parameters.length - 1; j >= 0; j--) {
        row[j] = parameters[j].values[rest % parameters[j].values.length]
        rest = Math.floor(rest / parameters[j].values.length)
      }
      rows.push(row)
    }
  } else {
    const random = mulberry32(design.seed)
    // Latin hypercube: each parameter's samples fall in distinct strata 0..n-1, shuffled per parameter.
    const strata = parameters.map(() => shuffled(design.samples, random))
    for (let i = 0; i < design.samples; i++)
      rows.push(
        parameters.map((p, j) => {
          const u = design.type === 'random' ? random() : (strata[j][i] + random()) / design.samples
          return sampleRange(p.range!, u)
        }),
      )
  }
  return rows.map((row, index) => ({
    index,
    overrides: row.map((value, j) => ({ path: parameters[j].path, value })),
  }))
}

function sampleRange(range: NonNullable<StudyParameter['range']>, u: number): number {
  if (range.scale === 'log') return range.from * Math.pow(range.to / range.from, u)
  return range.from + (range.to - range.from) * u
}

function rangeValues(range: NonNullable<StudyParameter['range']>, count: number): number[] {
  if (count === 1) return [range.from]
  return Array.from({ length: count }, (_, i) =>
    i === count - 1 ? range.to : sampleRange(range, i / (count - 1)),
  )
}

/** Mulberry32: a small seeded generator, so the same seed gives the same samples everywhere. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffled(n: number, random: () => number): number[] {
  const a = Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

type Fail = (path: string, message: string) => void

function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

function readList(v: JsonValue | undefined, path: string, fail: Fail): JsonValue[] {
  if (Array.isArray(v) && v.length > 0) return v
  fail(path, 'expected a non-empty list')
  return []
}

function readDesign(v: JsonValue | undefined, fail: Fail): StudyDesign | undefined {
  if (v === undefined || v === 'grid') return { type: 'grid' }
  if (isObject(v) && (v.type === 'random' || v.type === 'latinHypercube')) {
    const { samples, seed } = v
    if (typeof samples !== 'number' || !Number.isInteger(samples) || samples < 1)
      fail('design.samples', `expected an integer >= 1, got ${JSON.stringify(samples)}`)
    else if (typeof seed !== 'number' || !Number.isInteger(seed))
      fail('design.seed', `expected an integer seed, got ${JSON.stringify(seed)}`)
    else return { type: v.type, samples, seed }
    return undefined
  }
  fail('design', 'expected "grid", {"type": "random", "samples", "seed"} or {"type": "latinHypercube", ...}')
  return undefined
}

function readParameter(v: JsonValue, path: string, sampled: boolean, fail: Fail): StudyParameter | undefined {
  if (!isObject(v) || typeof v.path !== 'string' || !v.path.includes('.')) {
    fail(path, 'expected {"path": "ITEM.PARAMETER", "values": [...]} or {"path", "from", "to", "count"}')
    return undefined
  }
  if (Array.isArray(v.values)) {
    if (sampled) fail(path, 'a random or Latin-hypercube design samples ranges: give "from" and "to"')
    else if (v.values.length === 0) fail(`${path}.values`, 'expected at least one value')
    return { path: v.path, values: v.values }
  }
  const { from, to, count } = v
  const scale = v.scale ?? 'linear'
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isFinite(from) || !Number.isFinite(to)) {
    fail(path, 'expected "values": [...] or finite numbers "from" and "to"')
    return undefined
  }
  if (scale !== 'linear' && scale !== 'log') fail(`${path}.scale`, 'expected "linear" or "log"')
  if (scale === 'log' && !(from > 0 && to > 0)) fail(path, 'a log range needs from > 0 and to > 0')
  const range = { from, to, scale: scale as 'linear' | 'log' }
  if (sampled) return { path: v.path, values: [], range }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    fail(`${path}.count`, `expected an integer >= 1 (the number of values), got ${JSON.stringify(count)}`)
    return undefined
  }
  return { path: v.path, values: rangeValues(range, count), range }
}

function readOutput(v: JsonValue, path: string, fail: Fail): StudyOutput | undefined {
  if (!isObject(v) || typeof v.sensor !== 'string') {
    fail(path, 'expected {"sensor": NAME, "component": I, "statistic": "final" | "min" | ... | {"at": T}}')
    return undefined
  }
  const component = v.component ?? 0
  if (typeof component !== 'number' || !Number.isInteger(component) || component < 0) {
    fail(`${path}.component`, `expected an integer >= 0, got ${JSON.stringify(component)}`)
    return undefined
  }
  const s = v.statistic ?? 'final'
  const base = `${v.sensor}[${component}]`
  if (typeof s === 'string' && (STATISTICS as string[]).includes(s))
    return { name: `${base}.${s}`, sensor: v.sensor, component, statistic: s as Statistic }
  if (isObject(s) && typeof s.at === 'number' && Number.isFinite(s.at))
    return { name: `${base}@${s.at}`, sensor: v.sensor, component, statistic: { at: s.at } }
  fail(`${path}.statistic`, `expected one of ${STATISTICS.join(', ')} or {"at": T}, got ${JSON.stringify(s)}`)
  return undefined
}
