// The solver's time grid: fixed steps end at startTime + k h (no summed round-off), so a run of N
// steps takes exactly N steps and ends exactly at endTime; an endTime off the grid ends with one
// shorter step. Exact comparisons are right here: the times are computed, not integrated.
import { describe, expect, it } from 'vitest'
import { prepare } from '../../../validation/helpers'

const oscillator = {
  nodes: [{ type: 'Point', name: 'n', referenceCoordinates: [0, 0, 0], initialCoordinates: [0.1, 0, 0] }],
  objects: [
    { type: 'MassPoint', name: 'm', nodeNumber: 'n', physicsMass: 1 },
    { type: 'Ground', name: 'ground' },
    { type: 'ConnectorSpringDamper', name: 's', markerNumbers: ['g', 'p'], stiffness: 100 },
  ],
  markers: [
    { type: 'BodyPosition', name: 'g', bodyNumber: 'ground', localPosition: [0, 0, 0] },
    { type: 'NodePosition', name: 'p', nodeNumber: 'n' },
  ],
  loads: [],
  sensors: [],
}

function runSteps(
  solverType: string,
  endTime: number,
  numberOfSteps: number,
  startTime = 0,
): { steps: number; t: number; times: number[] } {
  const { solver } = prepare(oscillator, {
    solverType,
    timeIntegration: { startTime, endTime, numberOfSteps },
    solutionSettings: { sensorsWritePeriod: 0 },
  })
  const times: number[] = []
  solver.initializeSolver()
  while (!solver.finished) {
    solver.solveStep()
    times.push(solver.state.t)
  }
  return { steps: solver.stats.steps, t: solver.state.t, times }
}

describe('time grid of fixed-step solvers', () => {
  for (const [solverType, n] of [
    ['GeneralizedAlpha', 200_000],
    ['ExplicitEuler', 200_000],
    ['RK44', 50_000],
  ] as const)
    it(`${solverType}: ${n} steps of 1/${n} take ${n} steps and end exactly at 1; step k ends at k h`, () => {
      const r = runSteps(solverType, 1, n)
      expect(r.steps).toBe(n)
      expect(r.t).toBe(1)
      const h = 1 / n
      for (const k of [1, 3, 999, 12_345, n - 1]) expect(r.times[k - 1]).toBe(k * h)
    })
  it('a start time off zero: step k ends at startTime + k h', () => {
    const r = runSteps('GeneralizedAlpha', 1.3, 1000, 0.3)
    expect(r.steps).toBe(1000)
    expect(r.t).toBe(1.3)
    expect(r.times[499]).toBe(0.3 + 500 * (1 / 1000))
  })
  it('an endTime between grid points: one shorter last step lands on it', () => {
    const { solver } = prepare(oscillator, {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 1, numberOfSteps: 10 },
      solutionSettings: { sensorsWritePeriod: 0 },
    })
    solver.setEndTime(0.25)
    solver.solve()
    expect(solver.stats.steps).toBe(3)
    expect(solver.state.t).toBe(0.25)
  })
})
