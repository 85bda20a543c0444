// Samples of a time function (an 'expression' parameter: one expression in t or a list of them) over
// the simulation's time range, for the small plot under the field in the property editor.
import { compileTimeFunction, expressionProblem, type JsonValue } from '../../core'

export type ExpressionSamples =
  | { ok: true; t: number[]; series: number[][] }
  | { ok: false; message: string }
  /** Nothing to plot: no time function set. */
  | null

/** The expression(s) of `source` at n equally spaced times t0 .. t1 (both ends included). */
export function sampleExpression(
  source: JsonValue | undefined,
  t0: number,
  t1: number,
  n: number,
): ExpressionSamples {
  const parts = Array.isArray(source) ? source : [source]
  if (parts.every((p) => p === '' || p === undefined || p === null)) return null
  const functions = []
  for (const [i, part] of parts.entries()) {
    if (typeof part !== 'string' && typeof part !== 'number')
      return { ok: false, message: `component ${i}: expected an expression in t` }
    const problem = expressionProblem(part === '' ? 0 : part)
    if (problem) return { ok: false, message: parts.length > 1 ? `component ${i}: ${problem}` : problem }
    functions.push(compileTimeFunction(part === '' ? 0 : part))
  }
  const count = Math.max(2, Math.floor(n))
  const t = Array.from({ length: count }, (_, k) => t0 + ((t1 - t0) * k) / (count - 1))
  return { ok: true, t, series: functions.map((f) => t.map(f)) }
}

/**
 * The text of a list of time functions ("sin(t), 0, 2*t") split at the commas outside parentheses
 * (function arguments keep theirs); an empty text is "" (no time functions).
 */
export function splitExpressionList(text: string): string | string[] {
  if (text.trim() === '') return ''
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')') depth--
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim())
      start = i + 1
    }
  }
  parts.push(text.slice(start).trim())
  return parts
}
