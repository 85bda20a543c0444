// Plot an expression of sensor channels: the expression language of time functions (+ - * / ^,
// sqrt, abs, sin, ...; core/model/expression.ts) with the channels' labels as variables ("bob.x -
// pivot.x", "energy", "bob[3]") and t, plus
//   norm(S)      the Euclidean norm of all components of sensor S,
//   d/dt(expr)   the time derivative by central differences, (y[i+1] - y[i-1]) / (t[i+1] - t[i-1])
//                (one-sided at the ends): error h^2 / 6 |y'''| for rows h apart.
// The channels are taken row by row, cut to the shortest (sensors record at the same times).
import { compileFunction, ExpressionError } from '../../core'
import type { Quantity } from './sensorQuantity'

export interface Channel {
  label: string
  sensor: string
  quantity: Quantity
  t: Float64Array
  values: Float64Array
}

export interface DerivedSeries {
  t: Float64Array
  values: Float64Array
  quantity: Quantity
}

export type Evaluation = ({ ok: true } & DerivedSeries) | { ok: false; message: string }

const DERIVATIVE = 'd/dt('
const IDENTIFIER = /[A-Za-z0-9_]/

/** Index of the ')' closing the '(' at open, or -1. */
function closing(source: string, open: number): number {
  let depth = 0
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++
    else if (source[i] === ')' && --depth === 0) return i
  }
  return -1
}

/** Central differences of values over t (one-sided at the ends). */
export function derivative(t: Float64Array, values: Float64Array): Float64Array {
  const n = values.length,
    out = new Float64Array(n)
  if (n < 2) return out
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - 1),
      b = Math.min(n - 1, i + 1)
    out[i] = (values[b] - values[a]) / (t[b] - t[a])
  }
  return out
}

/** The unit of a time derivative: m -> m/s, m/s -> m/s^2, m/s^2 -> m/s^3. */
function rateUnit(unit: string): string {
  if (!unit) return ''
  const power = /\/s(\^(\d+))?$/.exec(unit)
  if (!power) return `${unit}/s`
  return `${unit.slice(0, power.index)}/s^${Number(power[2] ?? 1) + 1}`
}

class Rewriter {
  /** Series of the variables v0, v1, ... of the rewritten expression. */
  readonly series: { t: Float64Array; values: Float64Array }[] = []
  private readonly byLabel: Channel[]
  constructor(private readonly channels: readonly Channel[]) {
    // Longest labels first, so "bob.x" is not read as "bob" followed by ".x".
    this.byLabel = [...channels].sort((a, b) => b.label.length - a.label.length)
  }

  private variable(s: { t: Float64Array; values: Float64Array }): string {
    this.series.push(s)
    return `v${this.series.length - 1}`
  }

  /** The channel whose label starts at i as a whole token, if any. */
  private channelAt(source: string, i: number): Channel | undefined {
    if (i > 0 && IDENTIFIER.test(source[i - 1])) return undefined
    return this.byLabel.find(
      (c) =>
        source.startsWith(c.label, i) &&
        !(i + c.label.length < source.length && IDENTIFIER.test(source[i + c.label.length])),
    )
  }

  /** The expression with derivatives evaluated, norms expanded and channels as variables. */
  rewrite(source: string): string {
    let out = ''
    for (let i = 0; i < source.length;) {
      if (source.startsWith(DERIVATIVE, i) && (i === 0 || !IDENTIFIER.test(source[i - 1]))) {
        const end = closing(source, i + DERIVATIVE.length - 1)
        if (end < 0) throw new ExpressionError(`d/dt( at ${i + 1} has no closing ')'`)
        const inner = evaluateRewritten(this, source.slice(i + DERIVATIVE.length, end))
        out += this.variable({ t: inner.t, values: derivative(inner.t, inner.values) })
        i = end + 1
        continue
      }
      const norm = /^norm\(\s*([^()]*?)\s*\)/.exec(source.slice(i))
      if (norm && (i === 0 || !IDENTIFIER.test(source[i - 1]))) {
        const parts = this.channels.filter((c) => c.sensor === norm[1])
        if (parts.length === 0)
          throw new ExpressionError(
            `norm(${norm[1]}): there is no sensor "${norm[1]}" (sensors: ${this.sensorNames()})`,
          )
        out += `sqrt(${parts.map((c) => `${this.variable(c)}^2`).join(' + ')})`
        i += norm[0].length
        continue
      }
      const channel = this.channelAt(source, i)
      if (channel) {
        out += this.variable(channel)
        i += channel.label.length
        continue
      }
      out += source[i++]
    }
    return out
  }

  sensorNames(): string {
    return [...new Set(this.channels.map((c) => c.sensor))].join(', ')
  }
  labels(): string {
    return this.channels.map((c) => c.label).join(', ')
  }
}

/** Evaluates a (sub)expression row by row on the rewriter's channels. */
function evaluateRewritten(rewriter: Rewriter, source: string): { t: Float64Array; values: Float64Array } {
  const first = rewriter.series.length
  const rewritten = rewriter.rewrite(source)
  const used = rewriter.series.slice(first)
  if (used.length === 0) throw new ExpressionError(`"${source.trim()}" uses no channel`)
  const names = ['t', ...rewriter.series.map((_, i) => `v${i}`)]
  let f
  try {
    f = compileFunction(rewritten, names)
  } catch (e) {
    const unknown = /unknown name '([^']*)'/.exec((e as Error).message)
    if (unknown)
      throw new ExpressionError(
        `"${unknown[1]}" is not a channel or function (channels: ${rewriter.labels()})`,
      )
    throw e
  }
  const count = Math.min(...used.map((s) => s.values.length))
  const t = used[0].t.subarray(0, count)
  const values = new Float64Array(count)
  const row = new Float64Array(names.length)
  for (let r = 0; r < count; r++) {
    row[0] = t[r]
    for (let k = 0; k < rewriter.series.length; k++) row[k + 1] = rewriter.series[k].values[r] ?? NaN
    values[r] = f(row)
  }
  return { t, values }
}

/** Text before a sign that makes it unary or an exponent's: nothing, an operator, or "1e". */
const UNARY_BEFORE = /(^|\d[eE]|[*/^(+-])\s*$/

/** The terms of a sum at the top level (not inside parentheses), with their signs dropped. */
function topLevelTerms(source: string): string[] {
  const terms: string[] = []
  let depth = 0,
    start = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (depth === 0 && (c === '+' || c === '-') && !UNARY_BEFORE.test(source.slice(start, i))) {
      terms.push(source.slice(start, i))
      start = i + 1
    }
  }
  terms.push(source.slice(start))
  return terms.map((s) => s.trim().replace(/^[+-]\s*/, '')).filter((s) => s !== '')
}

/**
 * What a sum of channels, norms and derivatives measures: the quantity of its terms when they share a
 * unit ("bob.x - pivot.x": Position [m]), else a value without unit.
 */
function quantityOf(source: string, channels: readonly Channel[]): Quantity {
  const unknown: Quantity = { name: 'Value', unit: '' }
  const term = (s: string): Quantity | undefined => {
    const channel = channels.find((c) => c.label === s)
    if (channel) return channel.quantity
    const norm = /^norm\(\s*(.*?)\s*\)$/.exec(s)
    if (norm) return channels.find((c) => c.sensor === norm[1])?.quantity
    if (s.startsWith(DERIVATIVE) && closing(s, DERIVATIVE.length - 1) === s.length - 1) {
      const inner = quantityOf(s.slice(DERIVATIVE.length, -1), channels)
      return inner.unit ? { name: `d/dt ${inner.name}`, unit: rateUnit(inner.unit) } : undefined
    }
    if (s.startsWith('(') && closing(s, 0) === s.length - 1) return quantityOf(s.slice(1, -1), channels)
    return undefined
  }
  const quantities = topLevelTerms(source).map(term)
  const first = quantities[0]
  if (!first || quantities.some((x) => !x || x.unit !== first.unit)) return unknown
  return first
}

/** The expression's series over the channels' rows, or the message of what is wrong with it. */
export function evaluateChannelExpression(source: string, channels: readonly Channel[]): Evaluation {
  if (source.trim() === '') return { ok: false, message: 'type an expression of channels, e.g. a.x - b.x' }
  try {
    const { t, values } = evaluateRewritten(new Rewriter(channels), source)
    return { ok: true, t, values, quantity: quantityOf(source, channels) }
  } catch (e) {
    if (e instanceof ExpressionError) return { ok: false, message: e.message }
    throw e
  }
}
