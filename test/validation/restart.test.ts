// Exact restart (seed 004, "Checkpoints"; docs/file-formats.md): for every dynamic solver, a run
// 0..T and a run saved at T/2, loaded into a freshly built system and continued to T give bitwise
// identical sensor rows and final state. Tolerance: none (bit for bit) - the restart must take exactly
// the decisions of the continuous run, and the chaotic double pendulum amplifies any last-bit
// difference into the sensor rows within a few hundred steps.
import { describe, expect, it } from 'vitest'
import { doublePendulum, splitRunMatches } from './restartModels'

const settings = (solverType: string, extra: Record<string, unknown> = {}) => ({
  solverType,
  timeIntegration: { endTime: 1, numberOfSteps: 400, generalizedAlpha: { spectralRadius: 0.8 }, ...extra },
  solutionSettings: { sensorsWritePeriod: 0.01 },
})

describe('exact restart from a checkpoint, every dynamic solver', () => {
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2', 'ExplicitEuler', 'RK44'])
    it(`${solverType}: constrained double pendulum with spring and friction`, () => {
      const { checkpointTime } = splitRunMatches(doublePendulum(), settings(solverType, { numberOfSteps: solverType === 'ExplicitEuler' ? 4000 : 400 }))
      expect(checkpointTime).toBeGreaterThanOrEqual(0.5 - 1e-12)
    })

  it('DOPRI5 with adaptive steps, after step-size changes and rejected steps', () => {
    // A large first step (0.2) forces rejections; tight tolerances keep the controller changing h, so
    // the saved step size and lastRejected flag are what the continuation depends on.
    const { continuous } = splitRunMatches(doublePendulum(), settings('DOPRI5', { numberOfSteps: 10, initialStepSize: 0.2, absoluteTolerance: 1e-9, relativeTolerance: 1e-9 }))
    expect(continuous.solver.stats.rejectedSteps).toBeGreaterThan(0)
    expect(continuous.solver.stats.steps).toBeGreaterThan(20)
  })

  it('sensors written at every step (sensorsWritePeriod 0): no row twice, none missing', () => {
    const s = settings('GeneralizedAlpha')
    s.solutionSettings.sensorsWritePeriod = 0
    const { continuous, restarted } = splitRunMatches(doublePendulum(), s)
    const rowsBefore = continuous.recorder.series[0].rows - restarted.recorder.series[0].rows
    // Rows: the initial one plus one per step.
    expect(continuous.recorder.series[0].rows).toBe(continuous.solver.stats.steps + 1)
    expect(rowsBefore + restarted.recorder.series[0].rows).toBe(continuous.recorder.series[0].rows)
  })
})
