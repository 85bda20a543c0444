// ConnectorCoordinateSpringDamperExt with the bristle friction model, the item with history (stick/
// slip mode and last sticking position in data coordinates, committed at the end of each step):
// against the analytic block on a rough floor, and the exact restart through stick-slip cycles.
import { describe, expect, it } from 'vitest'
import { decodeCheckpoint } from '../../src/core'
import { run, sensorSeries } from './helpers'
import { splitRunMatches } from './restartModels'
import { fDyn, fStatic, frictionBlock, kBristle } from './frictionModels'

const settings = (solverType: string, steps = 1000) => ({
  solverType,
  timeIntegration: { endTime: 1, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 0.8 } },
  solutionSettings: { sensorsWritePeriod: 0.01 },
})

describe('ConnectorCoordinateSpringDamperExt, bristle friction', () => {
  it('below the breakaway force the block sticks: x = F / stickingStiffness at rest', () => {
    const F = 0.7 * (fDyn + fStatic)
    const { recorder } = run(frictionBlock({ load: F }), settings('GeneralizedAlpha'))
    const x = sensorSeries(recorder, 'pos'),
      f = sensorSeries(recorder, 'force')
    // The bristle (k = 1e4, d = 200, m = 1: critically damped) settles within 0.1 s; its force peaks
    // at F (1 + e^-2) = 1.99 < 2.5 on the way, so it never breaks away. At rest the static equilibrium
    // holds to the Newton tolerance (relative 1e-10 of the forces).
    expect(x.values.at(-1)![0]).toBeCloseTo(F / kBristle, 12)
    expect(f.values.at(-1)![0]).toBeCloseTo(F, 8)
  })

  it('above it the block slides with a = (F - fDynamicFriction) / m', () => {
    const F = 5
    const { recorder } = run(frictionBlock({ load: F }), settings('GeneralizedAlpha'))
    const v = sensorSeries(recorder, 'vel'),
      f = sensorSeries(recorder, 'force')
    // While sliding the friction force is exactly fDynamicFriction (constant), so the velocity grows
    // linearly; GA reproduces constant accelerations exactly, up to the Newton tolerance (1e-8 relative).
    const i = v.t.findIndex((t) => t >= 0.5 - 1e-12)
    const a = (v.values.at(-1)![0] - v.values[i][0]) / (v.t.at(-1)! - v.t[i])
    expect(a).toBeCloseTo((F - fDyn) / 1, 6)
    expect(f.values.at(-1)![0]).toBe(fDyn)
  })
})

describe('exact restart of the history item through stick-slip cycles', () => {
  for (const solverType of ['GeneralizedAlpha', 'RK44'])
    it(`${solverType}: bitwise identical, with the friction state saved in the data coordinates`, () => {
      // An oscillating pull of amplitude 4 > breakaway: the block sticks and slips every half period.
      const model = frictionBlock({ loadUserFunction: '4*sin(6*t)' })
      const { checkpoint, continuous } = splitRunMatches(
        model,
        settings(solverType, solverType === 'RK44' ? 20000 : 1000),
      )
      const c = decodeCheckpoint(checkpoint)
      expect(c.data.length).toBe(2)
      // The run went through both modes: sliding (friction exactly +-fDynamicFriction) and sticking.
      const f = sensorSeries(continuous.recorder, 'force').values.map((r) => r[0])
      expect(f.filter((x) => Math.abs(x) === fDyn).length).toBeGreaterThan(5)
      expect(f.filter((x) => Math.abs(x) !== fDyn).length).toBeGreaterThan(5)
    })
})
