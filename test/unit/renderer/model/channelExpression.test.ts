// Expressions of sensor channels for the plots: differences and norms against the same arithmetic
// done by hand, the central-difference derivative against the exact derivative of a sampled function
// with its truncation bound, the quantity (axis unit) of the result, and the messages for bad input.
import { describe, expect, it } from 'vitest'
import {
  derivative,
  evaluateChannelExpression,
  type Channel,
} from '../../../../src/renderer/model/channelExpression'

const n = 201,
  h = 0.01
const t = Float64Array.from({ length: n }, (_, i) => i * h)
const position = { name: 'Position', unit: 'm' }
const channel = (label: string, sensor: string, f: (t: number) => number, quantity = position): Channel => ({
  label,
  sensor,
  quantity,
  t,
  values: t.map(f),
})
const CHANNELS = [
  channel('bob.x', 'bob', Math.sin),
  channel('bob.y', 'bob', Math.cos),
  channel('bob.z', 'bob', (x) => 0.5 * x),
  channel('pivot.x', 'pivot', (x) => x * x),
  channel('energy', 'energy', (x) => 3 + x, { name: 'Energy', unit: 'J' }),
]

function values(source: string): Float64Array {
  const r = evaluateChannelExpression(source, CHANNELS)
  if (!r.ok) throw new Error(r.message)
  return r.values
}

describe('evaluateChannelExpression', () => {
  it('a - b and norm(S) row by row, as the same floating-point arithmetic by hand', () => {
    const diff = values('bob.x - pivot.x')
    const norm = values('norm(bob)')
    t.forEach((x, i) => {
      expect(diff[i]).toBe(Math.sin(x) - x * x)
      expect(norm[i]).toBe(Math.sqrt(Math.sin(x) ** 2 + Math.cos(x) ** 2 + (0.5 * x) ** 2))
    })
    // Labels that are prefixes of others, t, functions and constants mix freely.
    expect(values('2*energy + t - sqrt(pivot.x)')[100]).toBeCloseTo(2 * (3 + 1) + 1 - 1, 14)
  })

  it('d/dt by central differences within its truncation error h^2/6 max|y′′′|', () => {
    const d = values('d/dt(bob.x)')
    // Interior rows: |D y - y'| <= h^2 / 6 max |y'''| = h^2 / 6 for y = sin (plus round-off ~eps/h).
    for (let i = 1; i < n - 1; i++) expect(Math.abs(d[i] - Math.cos(t[i]))).toBeLessThan((h * h) / 6 + 1e-12)
    // One-sided ends: first order, h/2 max |y''|.
    expect(Math.abs(d[0] - 1)).toBeLessThan(h / 2)
    // Nested and inside other terms: d/dt(d/dt(z)) of a line is 0, d/dt of t^2 is 2t exactly.
    expect(Math.max(...values('d/dt(d/dt(bob.z))').map(Math.abs))).toBeLessThan(1e-12)
    expect(values('d/dt(pivot.x) - 2*t')[50]).toBeCloseTo(0, 12)
    expect(derivative(Float64Array.of(0), Float64Array.of(1))).toEqual(Float64Array.of(0))
  })

  it('the quantity of the result: shared by the terms, a rate for d/dt, none otherwise', () => {
    const quantity = (s: string) => {
      const r = evaluateChannelExpression(s, CHANNELS)
      return r.ok ? r.quantity : undefined
    }
    expect(quantity('bob.x - pivot.x')).toEqual(position)
    expect(quantity('norm(bob)')).toEqual(position)
    expect(quantity('d/dt(bob.x)')).toEqual({ name: 'd/dt Position', unit: 'm/s' })
    expect(quantity('d/dt(d/dt(bob.x))')).toEqual({ name: 'd/dt d/dt Position', unit: 'm/s^2' })
    expect(quantity('-energy + energy')).toEqual({ name: 'Energy', unit: 'J' })
    expect(quantity('bob.x - energy')).toEqual({ name: 'Value', unit: '' })
    expect(quantity('bob.x * pivot.x')).toEqual({ name: 'Value', unit: '' })
  })

  it('says what is wrong: unknown names with the channels, norm of no sensor, no channel at all', () => {
    const message = (s: string) => {
      const r = evaluateChannelExpression(s, CHANNELS)
      return r.ok ? '' : r.message
    }
    expect(message('bob.x - bobx')).toBe(
      '"bobx" is not a channel or function (channels: bob.x, bob.y, bob.z, pivot.x, energy)',
    )
    expect(message('norm(rod)')).toBe('norm(rod): there is no sensor "rod" (sensors: bob, pivot, energy)')
    expect(message('2 * t')).toBe('"2 * t" uses no channel')
    expect(message('d/dt(bob.x')).toBe("d/dt( at 1 has no closing ')'")
    expect(message('')).toBe('type an expression of channels, e.g. a.x - b.x')
  })
})
