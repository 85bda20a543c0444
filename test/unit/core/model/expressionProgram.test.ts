// The register code an expression compiles to (constants folded, x^2 as x*x, integer powers by
// double-double products), against independent references: a direct evaluation of the same expression
// tree with Math.* in the test (bit for bit, Object.is: the same operations in the same order must give
// the same double, signed zeros and NaN included), and x^n rounded from the exact power in integer
// arithmetic (BigInt: the correctly rounded double, which integerPower must return exactly).
import { describe, expect, it } from 'vitest'
import { compileFunction, compileTimeFunction } from '../../../../src/core'
import { integerPower } from '../../../../src/core/model/expressionProgram'
import { seededRandom } from '../../../validation/helpers'

/** Uniform on [0, 1) from the tests' seeded generator (which is uniform on [-0.5, 0.5)). */
const uniform = (seed: number): (() => number) => {
  const random = seededRandom(seed)
  return () => random() + 0.5
}

const bits = new Float64Array(1)
const word = new BigUint64Array(bits.buffer)

/** |x|^n rounded to the nearest double (ties to even) from the exact integer power; x normal. */
function exactPower(x: number, n: number): number {
  bits[0] = Math.abs(x)
  const biased = Number(word[0] >> 52n)
  const mantissa = (word[0] & ((1n << 52n) - 1n)) | (1n << 52n)
  const power = mantissa ** BigInt(n)
  const shift = power.toString(2).length - 53
  let q = power >> BigInt(shift)
  const rest = power - (q << BigInt(shift)),
    half = 1n << BigInt(shift - 1)
  if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n
  // q has 53 or 54 bits and the scale is a power of two in range: both products exact.
  const magnitude = Number(q) * 2 ** (shift + n * (biased - 1075))
  return x < 0 && n % 2 === 1 ? -magnitude : magnitude
}

describe('integer powers', () => {
  it('x^n for n = 3 ... 8 is the correctly rounded exact power', () => {
    const random = uniform(5)
    for (let n = 3; n <= 8; n++) {
      const f = compileFunction(`x^${n}`, ['x'])
      for (let k = 0; k < 5000; k++) {
        const x = (random() < 0.5 ? -1 : 1) * (1 + random()) * 2 ** Math.floor(120 * random() - 60)
        const exact = exactPower(x, n)
        expect(integerPower(x, n), `${x}^${n}`).toBe(exact)
        expect(f(Float64Array.of(x)), `${x}^${n}`).toBe(exact)
      }
    }
  })

  it('takes Math.pow for zero, non-finite and extreme bases', () => {
    for (const x of [0, -0, NaN, Infinity, -Infinity, 5e-324, -1e-200, 1e-31, 1e31, -1e300])
      for (let n = 3; n <= 8; n++)
        expect(Object.is(integerPower(x, n), Math.pow(x, n)), `${x}^${n}`).toBe(true)
  })

  it('x^2 is Math.pow(x, 2) bit for bit', () => {
    const f = compileFunction('x^2', ['x'])
    const random = uniform(6)
    const xs = [0, -0, NaN, Infinity, -Infinity, 5e-324, 1e200, -1e-200]
    for (let k = 0; k < 2000; k++) xs.push((2 * random() - 1) * 2 ** Math.floor(80 * random() - 40))
    for (const x of xs) expect(Object.is(f(Float64Array.of(x)), Math.pow(x, 2)), String(x)).toBe(true)
  })

  it('a constant base folds to the value a variable base gives', () => {
    for (const x of [1.1, -2.7, 0.3])
      for (const n of [2, 3, 5])
        expect(compileTimeFunction(`(${x})^${n}`)(0)).toBe(
          compileFunction(`x^${n}`, ['x'])(Float64Array.of(x)),
        )
  })
})

/** A random expression: its source text and its value at the variables a, b, c by Math.* directly. */
interface Tree {
  source: string
  value: (v: Float64Array) => number
}

const UNARY: [string, (x: number) => number][] = [
  ['sin', Math.sin],
  ['cos', Math.cos],
  ['atan', Math.atan],
  ['tanh', Math.tanh],
  ['exp', Math.exp],
  ['sqrt', Math.sqrt],
  ['abs', Math.abs],
  ['sign', Math.sign],
  ['floor', Math.floor],
  ['step', (x) => (x < 0 ? 0 : 1)],
]
const BINARY: [string, (x: number, y: number) => number][] = [
  ['+', (x, y) => x + y],
  ['-', (x, y) => x - y],
  ['*', (x, y) => x * y],
  ['/', (x, y) => x / y],
  ['min', Math.min],
  ['max', Math.max],
  ['atan2', Math.atan2],
]
const smoothstep = (x: number, x0: number, x1: number): number => {
  if (x <= x0) return 0
  if (x >= x1) return 1
  const u = (x - x0) / (x1 - x0)
  return u * u * (3 - 2 * u)
}

function randomTree(random: () => number, depth: number): Tree {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]
  const r = random()
  if (depth === 0 || r < 0.2) {
    if (random() < 0.5) {
      const i = Math.floor(3 * random())
      return { source: 'abc'[i], value: (v) => v[i] }
    }
    // Constants as the parser reads them: a decimal literal, or pi.
    if (random() < 0.2) return { source: 'pi', value: () => Math.PI }
    const c = Number((4 * random()).toFixed(3))
    return { source: String(c), value: () => c }
  }
  const a = randomTree(random, depth - 1)
  if (r < 0.35) return { source: `-(${a.source})`, value: (v) => -a.value(v) }
  if (r < 0.55) {
    const [name, f] = pick(UNARY)
    return { source: `${name}(${a.source})`, value: (v) => f(a.value(v)) }
  }
  const b = randomTree(random, depth - 1)
  if (r < 0.6) {
    const c = randomTree(random, depth - 1)
    return {
      source: `smoothstep(${a.source}, ${b.source}, ${c.source})`,
      value: (v) => smoothstep(a.value(v), b.value(v), c.value(v)),
    }
  }
  if (r < 0.65) return { source: `(${a.source})^2`, value: (v) => Math.pow(a.value(v), 2) }
  // A variable exponent: Math.pow at run time (constant integer exponents are the tests above).
  if (r < 0.7) {
    const i = Math.floor(3 * random())
    return { source: `(${a.source})^${'abc'[i]}`, value: (v) => Math.pow(a.value(v), v[i]) }
  }
  const [op, f] = pick(BINARY)
  return op.length === 1
    ? { source: `(${a.source}) ${op} (${b.source})`, value: (v) => f(a.value(v), b.value(v)) }
    : { source: `${op}(${a.source}, ${b.source})`, value: (v) => f(a.value(v), b.value(v)) }
}

describe('register code', () => {
  it('random expressions (constant parts folded) give the direct evaluation bit for bit', () => {
    const random = uniform(7)
    const v = new Float64Array(3)
    for (let k = 0; k < 400; k++) {
      const tree = randomTree(random, 1 + (k % 6))
      const f = compileFunction(tree.source, ['a', 'b', 'c'])
      for (let j = 0; j < 5; j++) {
        for (let i = 0; i < 3; i++) v[i] = 6 * random() - 3
        const expected = tree.value(v)
        expect(Object.is(f(v), expected), `${tree.source} at ${v.join(', ')}`).toBe(true)
      }
    }
  })

  it('a time function run again at another t, and at 0 after -0, gives f(t)', () => {
    const source = '1/t + sin(3*t)'
    const f = compileTimeFunction(source)
    for (const t of [0.5, 0.5, 0.25, 0.5, 0, -0, -0, 0, 0.25])
      expect(Object.is(f(t), 1 / t + Math.sin(3 * t)), String(t)).toBe(true)
  })
})
