// Exact restart (docs/file-formats.md): for every dynamic solver, a run
// 0..T and a run saved at T/2, loaded into a freshly built system and continued to T give bitwise
// identical sensor rows and final state. Tolerance: none (bit for bit) - the restart must take exactly
// the decisions of the continuous run, and the chaotic double pendulum amplifies any last-bit
// difference into the sensor rows within a few hundred steps.
import { describe, expect, it } from 'vitest'
import { loadCheckpoint, saveCheckpoint } from '../../src/core'
import { makeProject } from './helpers'
import {
  doublePendulum,
  expectBitwiseEqual,
  expectSecondPassEqual,
  finalState,
  rows,
  splitRunMatches,
  startRun,
} from './restartModels'

const settings = (solverType: string, extra: Record<string, unknown> = {}) => ({
  solverType,
  timeIntegration: { endTime: 1, numberOfSteps: 400, generalizedAlpha: { spectralRadius: 0.8 }, ...extra },
  solutionSettings: { sensorsWritePeriod: 0.01 },
})

describe('exact restart from a checkpoint, every dynamic solver', () => {
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2', 'ExplicitEuler', 'RK44'])
    it(`${solverType}: constrained double pendulum with spring and friction`, () => {
      const { checkpointTime } = splitRunMatches(
        doublePendulum(),
        settings(solverType, { numberOfSteps: solverType === 'ExplicitEuler' ? 4000 : 400 }),
      )
      expect(checkpointTime).toBeGreaterThanOrEqual(0.5 - 1e-12)
    })

  it('DOPRI5 with adaptive steps, after step-size changes and rejected steps', () => {
    // A large first step (0.2) forces rejections; tight tolerances keep the controller changing h, so
    // the saved step size and lastRejected flag are what the continuation depends on.
    const { continuous } = splitRunMatches(
      doublePendulum(),
      settings('DOPRI5', {
        numberOfSteps: 10,
        initialStepSize: 0.2,
        absoluteTolerance: 1e-9,
        relativeTolerance: 1e-9,
      }),
    )
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

describe('exact restart: the run to T/2 ends there, as `mbs run --end-time` does', () => {
  for (const solverType of ['GeneralizedAlpha', 'RK44'])
    it(`${solverType}: 0..T versus 0..T/2 (end time T/2), save, load into a fresh system, T/2..T`, () => {
      const s = settings(solverType)
      const continuous = startRun(makeProject(doublePendulum(), s))
      continuous.solver.solve()
      const first = startRun(makeProject(doublePendulum(), s))
      first.solver.setEndTime(0.5)
      first.solver.solve()
      const second = startRun(makeProject(doublePendulum(), s))
      loadCheckpoint(saveCheckpoint(first), second)
      second.solver.solve()
      rows(continuous.recorder).forEach((r, i) => {
        const joined = new Float64Array([...rows(first.recorder)[i], ...rows(second.recorder)[i]])
        expectBitwiseEqual(
          joined,
          r,
          `sensor ${continuous.recorder.series[i].name}, first half + continuation`,
        )
      })
      const a = finalState(continuous),
        b = finalState(second)
      for (const k of Object.keys(a)) expectBitwiseEqual(b[k], a[k], `final ${k}`)
    })
})

describe('loading into the running system', () => {
  it('going back to a checkpoint and running again repeats the run bit for bit', () => {
    const run = startRun(makeProject(doublePendulum(), settings('GeneralizedAlpha')))
    run.solver.setEndTime(0.5)
    run.solver.solve()
    const checkpoint = saveCheckpoint(run)
    const checkpointTime = run.system.state.t
    const rowsAtCheckpoint = run.recorder.series.map((se) => se.rows)
    run.solver.setEndTime(1)
    run.solver.solve()
    const firstPass = rows(run.recorder)
    const endState = finalState(run)
    // Back to t = 0.5 in the same (running) system and solver: items keep their reference configuration.
    loadCheckpoint(checkpoint, run)
    expect(run.system.state.t).toBe(checkpointTime)
    run.solver.solve()
    expectSecondPassEqual(run, firstPass, rowsAtCheckpoint, endState)
  })
})
