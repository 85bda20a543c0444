// Sampling of time functions for the property editor's plot. References are the closed forms at the
// sample times; 1e-12 is rounding of a handful of floating-point operations on O(1) numbers.
import { describe, expect, it } from 'vitest'
import { sampleExpression, splitExpressionList } from '../../../../src/renderer/model/expressionSamples'

describe('sampleExpression', () => {
  it('samples an expression at N equally spaced times including both ends', () => {
    const s = sampleExpression('2*sin(t)', 0, Math.PI, 5)
    if (!s?.ok) throw new Error('expected samples')
    ;[0, Math.PI / 4, Math.PI / 2, (3 * Math.PI) / 4, Math.PI].forEach((t, k) => {
      expect(s.t[k]).toBeCloseTo(t, 12)
      expect(s.series[0][k]).toBeCloseTo(2 * Math.sin(t), 12)
    })
  })

  it('samples every component of a list and treats numbers and "" as constants', () => {
    const s = sampleExpression(['t', 3, ''], 1, 2, 3)
    if (!s?.ok) throw new Error('expected samples')
    expect(s.series).toEqual([
      [1, 1.5, 2],
      [3, 3, 3],
      [0, 0, 0],
    ])
  })

  it('has nothing to plot without a time function, and the parser message for a bad one', () => {
    expect(sampleExpression('', 0, 1, 10)).toBeNull()
    const bad = sampleExpression('sin(t', 0, 1, 10)
    expect(bad?.ok).toBe(false)
    if (bad && !bad.ok) expect(bad.message.length).toBeGreaterThan(0)
    const badComponent = sampleExpression(['t', 'foo(t)'], 0, 1, 10)
    if (badComponent && !badComponent.ok) expect(badComponent.message).toMatch(/^component 1: /)
    else throw new Error('an unknown function was accepted')
  })
})

describe('splitExpressionList', () => {
  it('splits at top-level commas only and keeps "" for an empty field', () => {
    expect(splitExpressionList('sin(t), atan2(t, 1) ,0')).toEqual(['sin(t)', 'atan2(t, 1)', '0'])
    expect(splitExpressionList('  ')).toBe('')
  })
})
