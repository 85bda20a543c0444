// advance() takes the steps after which nothing is due (no sensor row, not untilTime, not the last step)
// back to back without the per-step bookkeeping (SolverBase.plainSteps). The reference is the same run
// stepped one solveStep at a time: sensor rows, state, time and step count must agree bit for bit, on
// a nonlinear model (a spring pendulum: a last-bit difference grows visible), with output times off the
// step grid, slices ending at untilTime, and an end time off the grid (a shorter last step).
import { describe, expect, it } from 'vitest'
import type { RunResult } from '../../../../src/core'
import { prepare, type Json } from '../../../validation/helpers'

const model: Json = {
  nodes: [
    { type: 'Point', name: 'n', referenceCoordinates: [0.3, -1.1, 0], initialVelocities: [0.5, 0, 0.2] },
    { type: 'PointGround', name: 'g' },
  ],
  objects: [
    { type: 'Ground', name: 'ground' },
    { type: 'MassPoint', name: 'bob', nodeNumber: 'n', physicsMass: 1 },
    {
      type: 'ConnectorSpringDamper',
      name: 's',
      markerNumbers: ['pivot', 'p'],
      stiffness: 100,
      referenceLength: 1,
    },
    {
      type: 'ConnectorCoordinateSpringDamper',
      name: 'c',
      markerNumbers: ['gx', 'nx'],
      stiffness: 3,
      dryFriction: 0.2,
      dryFrictionProportionalZone: 0.01,
    },
  ],
  markers: [
    { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' },
    { type: 'NodePosition', name: 'p', nodeNumber: 'n' },
    { type: 'BodyMass', name: 'mass', bodyNumber: 'bob' },
    { type: 'NodeCoordinate', name: 'nx', nodeNumber: 'n', coordinate: 0 },
    { type: 'NodeCoordinate', name: 'gx', nodeNumber: 'g', coordinate: 0 },
  ],
  loads: [
    { type: 'MassProportional', name: 'gravity', markerNumber: 'mass', loadVector: [0, -9.81, 0] },
    { type: 'Coordinate', name: 'push', markerNumber: 'nx', load: 0.3 },
  ],
  sensors: [
    { type: 'Node', name: 'position', nodeNumber: 'n', outputVariableType: 'Position' },
    { type: 'Object', name: 'force', objectNumber: 'c', outputVariableType: 'Force' },
  ],
}

/** The run's span: endTime set off the step grid. */
const SPAN = 1.23456789

function start(
  solverType: string,
  sensorsWritePeriod: number,
  startTime: number,
  timeIntegration: Json = { numberOfSteps: 4000 },
): Omit<RunResult, 'stats'> {
  const r = prepare(model, {
    solverType,
    timeIntegration: { startTime, endTime: startTime + 2, ...timeIntegration },
    solutionSettings: { sensorsWritePeriod },
  })
  r.solver.setEndTime(startTime + SPAN)
  r.solver.initializeSolver()
  return r
}

function outcome(r: Omit<RunResult, 'stats'>): Float64Array[] {
  const s = r.system.state
  const rows = r.recorder.series.map((se) => se.data.slice(0, se.rows * (se.size + 1)))
  return [...rows, s.q.slice(), s.v.slice(), s.a.slice(), Float64Array.of(s.t, r.solver.stats.steps)]
}

// Start times: at 0; negative, the run crossing t = 0 (the snap tolerance's least |t|); far from 0,
// where the snap tolerance is 16 eps |t| rather than 1e-9 h.
const CASES: [string, number, number][] = [
  ['ExplicitEuler', 0.0137, 0],
  ['ExplicitEuler', 0, 0],
  ['ExplicitEuler', 0.0137, -0.61],
  ['ExplicitEuler', 0.0137, 3e5],
  ['RK44', 0.0137, 0],
  ['RK44', 0, -0.61],
  ['GeneralizedAlpha', 0.0137, 0],
  ['GeneralizedAlpha', 0, 3e5],
  ['TrapezoidalIndex2', 0.0137, -0.61],
]

describe('plain steps in advance() against solveStep one at a time', () => {
  for (const [solverType, period, t0] of CASES)
    it(`${solverType}, rows every ${period || 'step'}, from t = ${t0}: bit for bit the same run`, () => {
      const stepped = start(solverType, period, t0)
      while (!stepped.solver.finished) stepped.solver.solveStep()

      const sliced = start(solverType, period, t0)
      let solveStepCalls = 0
      const solveStep = sliced.solver.solveStep.bind(sliced.solver)
      sliced.solver.solveStep = () => {
        solveStepCalls++
        solveStep()
      }
      // Slices that end at untilTime (a host pacing to wall time) and at the clock, then the rest.
      for (const until of [0.1, 0.10001, 0.5].map((dt) => t0 + dt)) {
        sliced.solver.advance(Infinity, until)
        // The first step ending at or after untilTime ends the slice (h = 2 / 4000).
        expect(sliced.system.state.t).toBeGreaterThanOrEqual(until)
        expect(sliced.system.state.t - 5e-4).toBeLessThan(until)
      }
      while (!sliced.solver.advance(5)) continue

      expect(sliced.system.state.t).toBe(t0 + SPAN)
      const a = outcome(sliced),
        b = outcome(stepped)
      expect(a.length).toBe(b.length)
      // toEqual compares numbers with Object.is: bit for bit.
      for (let k = 0; k < a.length; k++) expect(Array.from(a[k])).toEqual(Array.from(b[k]))
      expect(sliced.recorder.series[0].rows).toBeGreaterThan(period ? 80 : 2000)
      // advance took its steps itself, not one solveStep each (the path this compares).
      expect(solveStepCalls).toBeLessThan(sliced.solver.stats.steps / 10)
    })

  it('GeneralizedAlpha with reduced steps (Newton failures) and their way back to h: the same run', () => {
    // One Newton iteration allowed at h = 0.02: some steps fail, are halved, and h grows back after
    // them; a change of h ends the plain steps (the end time's tolerance follows h).
    const ti = { numberOfSteps: 100, newton: { maxIterations: 1 } }
    const stepped = start('GeneralizedAlpha', 0.0137, 0, ti)
    while (!stepped.solver.finished) stepped.solver.solveStep()
    const sliced = start('GeneralizedAlpha', 0.0137, 0, ti)
    let solveStepCalls = 0
    const solveStep = sliced.solver.solveStep.bind(sliced.solver)
    sliced.solver.solveStep = () => {
      solveStepCalls++
      solveStep()
    }
    while (!sliced.solver.advance(5)) continue
    expect(solveStepCalls).toBeLessThan(sliced.solver.stats.steps / 2)
    expect(stepped.solver.stats.rejectedSteps).toBeGreaterThan(0)
    const a = outcome(sliced),
      b = outcome(stepped)
    for (let k = 0; k < a.length; k++) expect(Array.from(a[k])).toEqual(Array.from(b[k]))
    expect(sliced.solver.stats).toEqual(stepped.solver.stats)
  })
})
