// Text in an editor field <-> a parameter value, checked against the parameter's definition
// (checkParamValue: the same message the project file gets for the same mistake).
import { checkParamValue, evaluateConstant, type JsonValue, type ParamSpec } from '../../core'
import { conversionFactor, parseUnit } from './units'

export type ParseResult = { ok: true; value: JsonValue } | { ok: false; message: string }

/** Arithmetic without a unit: a decimal, or an expression with pi, e and functions (expression.ts). */
function evaluate(text: string): ParseResult {
  const value = Number(text)
  if (Number.isFinite(value)) return { ok: true, value }
  try {
    return { ok: true, value: evaluateConstant(text) }
  } catch (e) {
    // The parser's reason without its list of known names and the position (the field shows the text).
    const reason = (e as Error).message
      .replace(/ \(known: [^)]*\)/, '')
      .replace(/ at position \d+ in ".*"$/, '')
    return { ok: false, message: `expected a number or an expression like 2*pi/3, got "${text}" (${reason})` }
  }
}

/**
 * Where a number ends and a unit begins: "10 mm", "pi/4 rad", "5deg" (a letter after a digit, a
 * point, a parenthesis or a space), first split first; whether a space separates them.
 */
function unitSplits(text: string): [string, string, boolean][] {
  const splits: [string, string, boolean][] = []
  for (let i = 1; i < text.length; i++)
    if (/[A-Za-zµμ°]/.test(text[i]) && /[\d.)\s]/.test(text[i - 1]))
      splits.push([text.slice(0, i).trim(), text.slice(i), /\s/.test(text[i - 1])])
  return splits
}

/**
 * One number typed by the user, optionally with a unit converted to the parameter's `unit`
 * ("10 mm" -> 0.01 for m, "5 deg" -> rad); a unit of another dimension is refused.
 */
export function parseNumber(text: string, unit?: string): ParseResult {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'expected a number, got an empty field' }
  const plain = evaluate(trimmed)
  if (plain.ok) return plain
  let unknownUnit: string | undefined
  for (const [number, typedUnit, spaced] of unitSplits(trimmed)) {
    const value = evaluate(number)
    if (!value.ok) continue
    try {
      parseUnit(typedUnit)
    } catch (e) {
      // "5 furlong" names its unknown unit; "1e" is a malformed number, said by the plain message.
      if (spaced) unknownUnit ??= (e as Error).message
      continue
    }
    if (unit === undefined)
      return {
        ok: false,
        message: `expected a number without a unit (the parameter has none), got "${trimmed}"`,
      }
    try {
      return { ok: true, value: (value.value as number) * conversionFactor(typedUnit, unit) }
    } catch (e) {
      return { ok: false, message: (e as Error).message }
    }
  }
  return unknownUnit
    ? {
        ok: false,
        message: `expected a number with a unit like "10 mm" or "5 deg", got "${trimmed}" (${unknownUnit})`,
      }
    : plain
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

/** A list of numbers (or expressions, each with an optional unit), separated by commas or spaces. */
export function parseNumberList(text: string, unit?: string): ParseResult {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim()
  if (inner === '') return { ok: true, value: [] }
  const values: number[] = []
  for (const [index, part] of listParts(inner).entries()) {
    const parsed = parseNumber(part, unit)
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

/** A plain decimal number as String(number) writes it (what formatNumber shows). */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i

/**
 * What a number field `width` characters wide shows while not being edited: a longer number to as
 * many significant digits as fit, its exponent always kept (-1.7347e-18 -> "-1.73e-18", "-2e-18"),
 * so a cut-off field never reads as another magnitude (as "-1.7347" did).
 * Text that is not a plain number (a refused draft, "2 cm") is shown as typed.
 */
export function compactNumberText(text: string, width = 9): string {
  const t = text.trim()
  if (t.length <= width || !PLAIN_NUMBER.test(t)) return text
  const value = Number(t)
  const abs = Math.abs(value)
  // Exponent form below 1e-3 and from 1e6 on; toPrecision alone would write 0.0000123 in full.
  const exponential = abs !== 0 && (abs < 1e-3 || abs >= 1e6)
  let short = t
  for (let digits = Math.min(width, 17); digits >= 1; digits--) {
    short = exponential ? value.toExponential(digits - 1) : value.toPrecision(digits)
    if (short.length <= width) break
  }
  return short.length < t.length ? short : text
}
