// Plot tick labels and equal-aspect ranges: digits enough to tell neighbouring ticks apart, and the
// same data units per pixel on both axes of an x-y plot.
import { describe, expect, it } from 'vitest'
import { equalAspectRanges } from '../../../../src/renderer/model/plotAspect'
import { tickLabels } from '../../../../src/renderer/model/plotTicks'

describe('tickLabels', () => {
  it('as many decimals as the spacing needs, exponents for very small or large ticks', () => {
    expect(tickLabels([0, 0.2, 0.4], 0.2)).toEqual(['0', '0.2', '0.4'])
    expect(tickLabels([-5, 0, 5], 5)).toEqual(['-5', '0', '5'])
    expect(tickLabels([0, 0.25, 0.5], 0.25)).toEqual(['0', '0.25', '0.50'])
    expect(tickLabels([9.81, 9.81001, 9.81002], 1e-5)).toEqual(['9.81000', '9.81001', '9.81002'])
    // An energy error of tens of microjoules: uPlot's 3 decimals would read "-0" for all of them.
    expect(tickLabels([-3e-5, -2e-5, -1e-5, 0], 1e-5)).toEqual(['-3e-5', '-2e-5', '-1e-5', '0'])
    expect(tickLabels([1.5e6, 2e6, 2.5e6], 5e5)).toEqual(['1.5e+6', '2.0e+6', '2.5e+6'])
    // Round-off of a tick at zero is zero.
    expect(tickLabels([-0.1, 2.7e-17, 0.1], 0.1)).toEqual(['-0.1', '0', '0.1'])
  })
})

describe('equalAspectRanges', () => {
  it('equal units per pixel, the data inside with the margin, centred', () => {
    const { x, y } = equalAspectRanges([0, 2], [-0.5, 0.5], 400, 300)
    expect((x[1] - x[0]) / 400).toBeCloseTo((y[1] - y[0]) / 300, 15)
    // x is the limiting axis: its span is the data's plus 5 % on each side.
    expect(x).toEqual([1 - 1.1, 1 + 1.1])
    expect((y[0] + y[1]) / 2).toBeCloseTo(0, 15)
    expect(y[0]).toBeLessThan(-0.5)
    const flat = equalAspectRanges([1, 1], [1, 1], 100, 100)
    expect(flat.x[1]).toBeGreaterThan(flat.x[0])
  })
})
