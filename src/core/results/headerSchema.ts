// The shape a results file's header must have before any of it is used: a damaged header that is
// still valid JSON is a format error naming the field, never a crash or a silently different model.
import { FormatError } from '../checkpoint/binary'
import { FRAME_FIELDS } from './format'

type Check = (value: unknown, path: string) => void

const fail = (path: string, expected: string): never => {
  throw new FormatError(`the results file's header is damaged: ${path} is not ${expected}`)
}
const count: Check = (v, path) => {
  if (!(Number.isInteger(v) && (v as number) >= 0)) fail(path, 'a count (an integer >= 0)')
}
const finite: Check = (v, path) => {
  if (!Number.isFinite(v)) fail(path, 'a finite number')
}
const text: Check = (v, path) => {
  if (typeof v !== 'string') fail(path, 'a string')
}
const dictionary: Check = (v, path) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(path, 'a dictionary')
}
const listOf =
  (item: Check): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return fail(path, 'a list')
    v.forEach((x, i) => item(x, `${path}[${i}]`))
  }
const shape =
  (fields: Record<string, Check>): Check =>
  (v, path) => {
    dictionary(v, path)
    for (const [key, check] of Object.entries(fields))
      check((v as Record<string, unknown>)[key], `${path}.${key}`)
  }

const sha256Hex: Check = (v, path) => {
  if (typeof v !== 'string' || !/^[0-9a-f]{64}$/.test(v)) fail(path, 'a SHA-256 digest (64 hex digits)')
}
const frameField: Check = (v, path) => {
  if (!(FRAME_FIELDS as readonly unknown[]).includes(v)) fail(path, `one of ${FRAME_FIELDS.join(', ')}`)
}
const finiteOrNull: Check = (v, path) => {
  if (v !== null && !Number.isFinite(v)) fail(path, 'a finite number or null')
}

const optional =
  (check: Check): Check =>
  (v, path) => {
    if (v !== undefined) check(v, path)
  }

const HEADER = shape({
  project: dictionary,
  fingerprint: listOf(text),
  hashes: shape({ model: sha256Hex, settings: sha256Hex, engine: sha256Hex }),
  engineVersion: text,
  engineBuild: optional(text),
  settings: optional(dictionary),
  layout: shape({
    nODE2: count,
    nODE1: count,
    nAE: count,
    nData: count,
    nodes: listOf(
      shape({ name: text, type: text, ode2Index: count, nODE2: count, ode1Index: count, nODE1: count }),
    ),
  }),
  solverType: text,
  startTime: finite,
  endTime: finiteOrNull,
  branch: optional(shape({ of: text, time: finite })),
  frame: shape({
    fields: listOf(frameField),
    lengths: listOf(count),
    valuesPerRecord: count,
    period: finite,
  }),
  sensors: shape({
    items: listOf(shape({ name: text, outputVariableType: text, size: count, offset: count })),
    valuesPerRecord: count,
    period: finite,
  }),
})

/** Throws a FormatError naming the first field of `header` that is missing or of the wrong kind. */
export function checkResultsHeader(header: unknown): void {
  HEADER(header, 'header')
  const { frame, sensors } = header as {
    frame: { fields: string[]; lengths: number[]; valuesPerRecord: number }
    sensors: { items: { size: number }[]; valuesPerRecord: number }
  }
  if (frame.fields.length !== frame.lengths.length)
    fail('header.frame.lengths', `one length per field (${frame.fields.length})`)
  const frameValues = frame.lengths.reduce((a, b) => a + b, 1)
  if (frame.valuesPerRecord !== frameValues) fail('header.frame.valuesPerRecord', `${frameValues}`)
  const sensorValues = sensors.items.reduce((a, b) => a + b.size, 1)
  if (sensors.items.length > 0 && sensors.valuesPerRecord !== sensorValues)
    fail('header.sensors.valuesPerRecord', `${sensorValues}`)
}
