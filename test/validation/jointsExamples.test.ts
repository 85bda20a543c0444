// The rigid-body example projects load and run, and their joints hold: the slider stays on its
// guide (y = 0) and the double pendulum's tip stays within the reach of the two links.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseProject, runProject } from '../../src/core'
import { sensorSeries } from './helpers'

function runExample(file: string, endTime: number): ReturnType<typeof runProject> {
  const r = parseProject(readFileSync(`resources/examples/${file}`, 'utf8'))
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'))
  return runProject(r.project, { endTime })
}

describe('rigid-body examples', () => {
  it('sliderCrankRigid.mbsproj: the slider stays on y = 0 (index-3 constraint to Newton tolerance)', () => {
    const { recorder } = runExample('sliderCrankRigid.mbsproj', 0.5)
    const p = sensorSeries(recorder, 'sliderPosition')
    expect(p.t.length).toBeGreaterThan(40)
    for (const [, y] of p.values) expect(Math.abs(y)).toBeLessThan(1e-10)
  })
  it('doublePendulumRigid.mbsproj: the tip stays within the reach of the links (|tip| <= 2)', () => {
    const { recorder } = runExample('doublePendulumRigid.mbsproj', 1)
    const tip = sensorSeries(recorder, 'tipPosition')
    // Starting stretched out horizontally, |tip| = 2; joints that hold keep it at most 2 (+ 1e-9).
    expect(Math.hypot(...tip.values[0])).toBeCloseTo(2, 12)
    for (const v of tip.values) expect(Math.hypot(...v)).toBeLessThan(2 + 1e-9)
  })
})
