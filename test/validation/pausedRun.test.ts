// A pause takes effect at a step boundary (SolverOptions.pauseRequested, read by advance() between
// steps): the step in flight completes and nothing of the integrator is touched, so a run paused
// after every step and resumed each time is the uninterrupted run. Tolerance: none (bit for bit) -
// the chaotic double pendulum with friction (restartModels.ts) turns any last-bit difference into
// visible differences of the sensor rows.
import { describe, expect, it } from 'vitest'
import type { Project } from '../../src/core'
import { makeProject } from './helpers'
import { bricard } from './iftomm/a04Model'
import { doublePendulum, expectBitwiseEqual, finalState, rows, startRun } from './restartModels'

const settings = (solverType: string, extra: Record<string, unknown> = {}) => ({
  solverType,
  timeIntegration: { endTime: 0.5, numberOfSteps: 200, generalizedAlpha: { spectralRadius: 0.8 }, ...extra },
  solutionSettings: { sensorsWritePeriod: 0.01 },
})

/** The run with a pause requested from its first step on: every advance() must end after one step. */
function pausedRun(project: Project) {
  const paused = startRun(project)
  paused.solver.options.pauseRequested = () => true
  let slices = 0
  paused.solver.initializeSolver()
  for (; !paused.solver.finished; slices++) paused.solver.advance(Infinity)
  return { run: paused, slices }
}

function expectSameRun(project: Project): void {
  const continuous = startRun(project)
  continuous.solver.solve()
  const { run: paused, slices } = pausedRun(project)
  expect(slices).toBe(paused.solver.stats.steps)
  rows(continuous.recorder).forEach((r, i) =>
    expectBitwiseEqual(rows(paused.recorder)[i], r, `sensor ${continuous.recorder.series[i].name}`),
  )
  const a = finalState(continuous),
    b = finalState(paused)
  for (const key of Object.keys(a)) expectBitwiseEqual(b[key], a[key], `final ${key}`)
  const { wallTime: _w1, ...expected } = continuous.solver.stats
  const { wallTime: _w2, ...actual } = paused.solver.stats
  expect(actual).toEqual(expected)
}

describe('a run paused at every step boundary and resumed is the uninterrupted run bit for bit', () => {
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2', 'RK44'])
    it(solverType, () => expectSameRun(makeProject(doublePendulum(), settings(solverType))))

  it("TrapezoidalIndex2 on Bricard's linkage (the projection onto g = 0 after every step)", () =>
    expectSameRun(makeProject(bricard(), settings('TrapezoidalIndex2'))))

  it('DOPRI5 with adaptive steps (the step-size control goes on across the pauses)', () =>
    expectSameRun(
      makeProject(
        doublePendulum(),
        settings('DOPRI5', {
          numberOfSteps: 10,
          initialStepSize: 0.2,
          absoluteTolerance: 1e-9,
          relativeTolerance: 1e-9,
        }),
      ),
    ))
})
