// Text in an editor field <-> a parameter value, checked against the parameter's definition
// (checkParamValue: the same message the project file gets for the same mistake).
import { checkParamValue, evaluateConstant, type JsonValue, type ParamSpec } from '../../core'

export type ParseResult = { ok: true; value: JsonValue } | { ok: false; message: string }

/** One number typed by the user: a decimal, or arithmetic with pi, e and functions (expression.ts). */
export function parseNumber(text: string): ParseResult {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'expected a number, got an empty field' }
  const value = Number(trimmed)
  if (Number.isFinite(value)) return { ok: true, value }
  try {
    return { ok: true, value: evaluateConstant(trimmed) }
  } catch (e) {
    // The parser's reason without its list of known names and the position (the field shows the text).
    const reason = (e as Error).message
      .replace(/ \(known: [^)]*\)/, '')
      .replace(/ at position \d+ in ".*"$/, '')
    return {
      ok: false,
      message: `expected a number or an expression like 2*pi/3, got "${trimmed}" (${reason})`,
    }
  }
}

/**
 * Splits at commas and semicolons outside parentheses; a part of plain numbers separated by spaces
 * ("1 2 3") is split at the spaces too (an expression keeps its spaces: "2 * pi").
 */
function listParts(inner: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (i === inner.length || ((c === ',' || c === ';') && depth === 0)) {
      parts.push(inner.slice(start, i))
      start = i + 1
    }
  }
  return parts.flatMap((part) => {
    const words = part.trim().split(/\s+/)
    return words.length > 1 && words.every((w) => Number.isFinite(Number(w))) ? words : [part]
  })
}

/** A list of numbers (or expressions), separated by commas or spaces, with or without brackets. */
export function parseNumberList(text: string): ParseResult {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim()
  if (inner === '') return { ok: true, value: [] }
  const values: number[] = []
  for (const [index, part] of listParts(inner).entries()) {
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
