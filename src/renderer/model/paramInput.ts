// Text in an editor field <-> a parameter value, checked against the parameter's definition
// (checkParamValue: the same message the project file gets for the same mistake).
import { checkParamValue, type JsonValue, type ParamSpec } from '../../core'

export type ParseResult = { ok: true; value: JsonValue } | { ok: false; message: string }

/** One number typed by the user: plain decimal or exponent notation, nothing else. */
export function parseNumber(text: string): ParseResult {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'expected a number, got an empty field' }
  const value = Number(trimmed)
  if (!Number.isFinite(value)) return { ok: false, message: `expected a number, got "${trimmed}"` }
  return { ok: true, value }
}

/** A list of numbers, separated by commas or spaces, with or without brackets. */
export function parseNumberList(text: string): ParseResult {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim()
  if (inner === '') return { ok: true, value: [] }
  const values: number[] = []
  for (const [index, part] of inner.split(/[\s,;]+/).entries()) {
    const parsed = parseNumber(part)
    if (!parsed.ok) return { ok: false, message: `component ${index}: ${parsed.message}` }
    values.push(parsed.value as number)
  }
  return { ok: true, value: values }
}

/** A list of names (jointTypes, experimental flags), separated by commas or spaces; empty text is []. */
export function parseNameList(text: string): string[] {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim()
  return inner === '' ? [] : inner.split(/[\s,;]+/).map((name) => name.replace(/^["']|["']$/g, ''))
}

/** JSON typed by the user (graphics dictionaries); the parser's message when it is not JSON. */
export function parseJson(text: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text.trim() === '' ? '[]' : text) as JsonValue }
  } catch (e) {
    return {
      ok: false,
      message: `expected JSON, e.g. [{"type": "Sphere", "radius": 0.1}]: ${(e as Error).message}`,
    }
  }
}

/** Checks a candidate value against the definition; the definition's message when it does not fit. */
export function checkValue(spec: ParamSpec, value: JsonValue): ParseResult {
  const message = checkParamValue(spec, value)
  return message ? { ok: false, message } : { ok: true, value }
}

/** Display text of a number: short, exact for the values people type. */
export function formatNumber(value: unknown): string {
  return typeof value === 'number' ? String(value) : ''
}

/** The value a parameter has when the item does not set it. */
export function effectiveValue(spec: ParamSpec, value: JsonValue | undefined): JsonValue | undefined {
  return value !== undefined ? value : (spec.default as JsonValue | undefined)
}

/** RGBA 0..1 <-> "#rrggbb" for the colour input (alpha kept separately). */
export function colorToHex(color: readonly number[]): string {
  const channel = (c: number) =>
    Math.round(Math.min(1, Math.max(0, c)) * 255)
      .toString(16)
      .padStart(2, '0')
  return `#${channel(color[0] ?? 0)}${channel(color[1] ?? 0)}${channel(color[2] ?? 0)}`
}

export function hexToColor(hex: string, alpha: number): number[] {
  const channel = (i: number) =>
    Math.round((parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255) * 1000) / 1000
  return [channel(0), channel(1), channel(2), alpha]
}
