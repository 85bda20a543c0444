// The time-function language: precedence and associativity as in mathematics, the function set, and
// errors that say what is wrong and where. Expected values are exact (or Math.* of the same argument),
// so comparisons are exact where the evaluation order is the same, and 1e-15 relative otherwise.
import { describe, expect, it } from 'vitest'
import {
  compileFunction,
  compileTimeFunction,
  expressionProblem,
  ExpressionError,
} from '../../../../src/core'

const at = (source: string, t = 0): number => compileTimeFunction(source)(t)

describe('expression language', () => {
  it.each([
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3],
    ['24 / 4 / 3', 2],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['2 ^ -1', 0.5],
    ['-(3 - 5)', 2],
    ['+4 * -2', -8],
    ['1.5e3 + .5', 1500.5],
    ['2 * 3 ^ 2', 18],
  ])('%s = %d', (source, value) => {
    expect(at(source)).toBe(value)
  })

  it('reads t and the constants pi and e', () => {
    expect(at('2 * t + 1', 0.25)).toBe(1.5)
    expect(at('pi')).toBe(Math.PI)
    expect(at('e')).toBe(Math.E)
    expect(at('sin(2 * pi * t)', 0.125)).toBe(Math.sin(2 * Math.PI * 0.125))
  })

  it('evaluates every function', () => {
    expect(at('sqrt(16) + abs(-2) + floor(2.7) + sign(-3)')).toBe(4 + 2 + 2 - 1)
    expect(at('min(3, 2) + max(3, 2)')).toBe(5)
    expect(at('atan2(1, 1)')).toBe(Math.PI / 4)
    expect(at('exp(log(3))')).toBeCloseTo(3, 14)
    expect(at('cos(t) + tan(t) + asin(0.5) + acos(0.5) + atan(1)', 0.3)).toBe(
      Math.cos(0.3) + Math.tan(0.3) + Math.asin(0.5) + Math.acos(0.5) + Math.atan(1),
    )
    expect(at('sinh(1) + cosh(1) + tanh(1)')).toBe(Math.sinh(1) + Math.cosh(1) + Math.tanh(1))
    expect([at('step(t)', -1e-9), at('step(t)', 0), at('step(t)', 2)]).toEqual([0, 1, 1])
    // smoothstep: 0 below x0, 1 above x1, 3s^2 - 2s^3 in between (s = 0.5 gives 0.5).
    expect([
      at('smoothstep(t, 1, 3)', 0),
      at('smoothstep(t, 1, 3)', 2),
      at('smoothstep(t, 1, 3)', 4),
    ]).toEqual([0, 0.5, 1])
  })

  it('accepts a plain number as a constant function', () => {
    expect(compileTimeFunction(4.5)(123)).toBe(4.5)
  })

  it.each([
    ['2 +', 'unexpected end of expression at position 3'],
    ['2 * (t + 1', "expected ')' at position 10"],
    ['sin t', "expected '(' after sin at position 4"],
    ['foo(t)', "unknown name 'foo'"],
    ['x + 1', "unknown name 'x' (known: t, pi, e,"],
    ['min(1)', 'min takes 2 argument(s), got 1'],
    ['2 3', "unexpected '3' at position 2"],
    ['t # 2', "unexpected '#' at position 2"],
  ])('reports %j with its position', (source, message) => {
    expect(() => compileTimeFunction(source)).toThrow(ExpressionError)
    expect(expressionProblem(source)).toContain(message)
    expect(expressionProblem(source)).toContain(`in "${source}"`)
  })

  it('has no access to anything but its own names', () => {
    for (const source of ['constructor', 'process.exit(1)', 'globalThis', 'this'])
      expect(expressionProblem(source)).toBeDefined()
  })
})

describe('expressions of named variables (user functions)', () => {
  const names = ['t', 'displacement', 'velocity', 'stiffness']
  it('reads each variable from its slot', () => {
    const f = compileFunction('stiffness*displacement^3 + 2*velocity - t', names)
    expect(f(Float64Array.from([0.5, 2, 3, 10]))).toBe(10 * 8 + 6 - 0.5)
  })
  it('evaluates functions of two and three arguments on variables', () => {
    const f = compileFunction('max(displacement, velocity) + smoothstep(t, 0, 1)', names)
    expect(f(Float64Array.from([0.5, 2, 3, 0]))).toBe(3 + 0.5)
  })
  it('refuses a name that is not a variable, listing the ones it knows', () => {
    expect(() => compileFunction('dispacement', names)).toThrow(
      /unknown name 'dispacement' \(known: t, displacement, velocity, stiffness, pi, e,/,
    )
    expect(expressionProblem('2*x', names)).toMatch(/unknown name 'x'/)
    expect(expressionProblem('2*velocity', names)).toBeUndefined()
    // A time function knows t only.
    expect(expressionProblem('velocity')).toMatch(/unknown name 'velocity' \(known: t, pi, e,/)
  })
})
