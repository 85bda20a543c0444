// The implicit solvers' Newton strategy: accelerations extrapolated quadratically (predict) and the
// Jacobian refresh policy (jacobianRefresh.ts).
import { describe, expect, it } from 'vitest'
import {
  JacobianRefreshPolicy,
  PROBE_INTERVAL,
  REFRESH_COST,
} from '../../../../src/core/solvers/jacobianRefresh'
import { prepare } from '../../../validation/helpers'
import { doublePendulum, splitRunMatches } from '../../../validation/restartModels'

const pendulumSettings = {
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime: 1, numberOfSteps: 400, generalizedAlpha: { spectralRadius: 0.8 } },
  solutionSettings: { sensorsWritePeriod: 0.01 },
  // The policy and predictor with the reaction stiffness too (its matrices must be re-created alike).
  experimental: ['newtonReactionStiffness'],
}

/**
 * A mass point (m = 2) pushed along y by a force quadratic in time and held at x = 0 by a coordinate
 * constraint against a constant force. Exact solution: q''_y(t) = F_y(t) / m, quadratic in t, which
 * the predictor's extrapolation reproduces to round-off from the fourth step on, and lambda = F_x,
 * which the predictor keeps; the problem is linear, so one iteration with the exact matrix solves any
 * step whose prediction is off.
 */
const polynomialMotion = {
  nodes: [
    { type: 'Point', name: 'n', referenceCoordinates: [0, 0, 0] },
    { type: 'PointGround', name: 'g' },
  ],
  objects: [
    { type: 'MassPoint', name: 'mass', nodeNumber: 'n', physicsMass: 2 },
    { type: 'ConnectorCoordinate', name: 'holdX', markerNumbers: ['gx', 'nx'] },
  ],
  markers: [
    { type: 'NodeCoordinate', name: 'gx', nodeNumber: 'g', coordinate: 0 },
    { type: 'NodeCoordinate', name: 'nx', nodeNumber: 'n', coordinate: 0 },
    { type: 'NodePosition', name: 'p', nodeNumber: 'n' },
  ],
  loads: [
    {
      type: 'ForceVector',
      name: 'push',
      markerNumber: 'p',
      loadVector: [0, 0, 0],
      loadVectorUserFunction: ['3', '1 + 5*t - 20*t^2', '0'],
    },
  ],
  sensors: [],
}

describe('Newton predictor', () => {
  it('extrapolates accelerations quadratic in time exactly: no iteration after the third step', () => {
    const { solver } = prepare(polynomialMotion, {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 0.2, numberOfSteps: 200 },
      solutionSettings: { sensorsWritePeriod: 0 },
    })
    solver.solve()
    // Steps 1-3 build the history (a_0; linear; quadratic): at most one iteration each. The residual
    // at an exact prediction is round-off (1e-15 of the forces), far below absoluteTolerance 1e-10.
    expect(solver.stats.steps).toBe(200)
    expect(solver.stats.newtonIterations).toBeLessThanOrEqual(3)
    const s = solver.state
    const t = s.t
    // Accepted predictions are exact up to round-off carried from step to step, and Newton's tolerance
    // bounds what is accepted: residual <= 1e-10 + 1e-8 min(|f|, |r_start|) ~ 1e-10 N, over m = 2 kg:
    // 5e-11 m/s^2.
    expect(Math.abs(s.a[1] - (1 + 5 * t - 20 * t * t) / 2)).toBeLessThan(2e-10)
    expect(Math.abs(Math.abs(s.lambda[0]) - 3)).toBeLessThan(4e-10)
  })
})

describe('Jacobian refresh policy', () => {
  it('learns the cost of keeping the matrix, then of a fresh one; takes the cheaper, probes the rest', () => {
    const p = new JacobianRefreshPolicy()
    expect(p.refreshAtStart()).toBe(false)
    p.recordStep(false, 6, 0) // kept: 6 iterations
    expect(p.refreshAtStart()).toBe(true)
    p.recordStep(true, 2, 1) // fresh: 2 iterations + one refresh = 2 + REFRESH_COST < 6
    const choices: boolean[] = []
    for (let k = 3; k <= 2 * PROBE_INTERVAL; k++) {
      const fresh = p.refreshAtStart()
      choices.push(fresh)
      p.recordStep(fresh, fresh ? 2 : 6, fresh ? 1 : 0)
    }
    // Fresh starts, except one kept start per PROBE_INTERVAL decisions.
    expect(choices.filter((c) => !c).length).toBe(2)
    expect(2 + REFRESH_COST).toBeLessThan(6)
  })

  it('keeps the matrix where a refresh does not pay (kept: 2.2 iterations, fresh: 1 + REFRESH_COST)', () => {
    const p = new JacobianRefreshPolicy()
    p.refreshAtStart()
    p.recordStep(false, 2, 0)
    p.refreshAtStart()
    p.recordStep(true, 1, 1)
    let fresh = 0
    for (let k = 0; k < PROBE_INTERVAL; k++) if (p.refreshAtStart()) fresh++
    expect(fresh).toBe(1) // the probe only
  })

  it('by the matrix age: fresh and kept in turn where a matrix one step old is cheap, older not', () => {
    // perf3D's 400-body chain: fresh start 4 iterations + a refresh (7), one step old 5, older 9.
    const p = new JacobianRefreshPolicy()
    expect(p.refreshAtStart(1)).toBe(false) // learn keeping first, at each age
    p.recordStep(false, 5, 0, 1)
    expect(p.refreshAtStart(2)).toBe(false)
    p.recordStep(false, 6, 1, 2) // 6 iterations and a refresh: 9
    expect(p.refreshAtStart(1)).toBe(true) // then a fresh start
    p.recordStep(true, 4, 1, 1)
    // Per step: fresh every step 7, fresh and kept in turn (7 + 5) / 2 = 6, never fresh 9.
    const choices: boolean[] = []
    let age = 1
    for (let k = 4; k <= 2 * PROBE_INTERVAL; k++) {
      const fresh = p.refreshAtStart(age)
      choices.push(fresh)
      const cost = fresh ? 4 : age === 1 ? 5 : 6
      p.recordStep(fresh, cost, fresh || age > 1 ? 1 : 0, age)
      age = fresh || age > 1 ? 1 : age + 1
    }
    // Fresh and kept in turn: two equal choices in a row only at the probes (decisions 64 and 128).
    const repeats = choices.filter((c, k) => k > 0 && c === choices[k - 1]).length
    expect(repeats).toBe(2)
    expect(choices.filter((c) => c).length).toBe(62) // of 125
  })

  it('by the matrix age: keeps on where keeping costs less than any cycle with a refresh', () => {
    const p = new JacobianRefreshPolicy()
    p.refreshAtStart(1)
    p.recordStep(false, 2, 0, 1)
    p.refreshAtStart(2)
    p.recordStep(false, 2, 0, 2)
    p.refreshAtStart(3)
    p.recordStep(true, 1, 1, 3) // fresh: 1 + REFRESH_COST = 4 > 2
    let fresh = 0
    for (let k = 0; k < PROBE_INTERVAL; k++) if (p.refreshAtStart(k === 0 ? 1 : 2 + k)) fresh++
    expect(fresh).toBe(1) // the probe only
  })

  it('refreshes mid-step on poor contraction or when the iterations left at that rate outweigh it', () => {
    const p = new JacobianRefreshPolicy()
    // The iteration (residual, the one before, tolerance, modifiedNewtonContractivity) into its fields.
    const within = (residual: number, previous: number, tolerance: number, contractivity: number) => {
      Object.assign(p, { residual, previous, tolerance, contractivity })
      return p.afterIteration(false)
    }
    Object.assign(p, { residual: 1e-6, previous: 1, contractivity: 0 })
    // A fresh matrix contracts a millionfold: recorded, never a refresh (contractivity 0 would ask one).
    expect(p.afterIteration(true)).toBe(false)
    // Worse than modifiedNewtonContractivity 0.5: refresh, whatever is left.
    expect(within(0.6e-9, 1e-9, 1e-10, 0.5)).toBe(true)
    // Steady contraction 0.25, 1e-3 -> 1e-10: 11.6 more iterations against 1.2 with a fresh matrix.
    expect(within(1e-3, 4e-3, 1e-10, 0.5)).toBe(true)
    // Contraction 0.25 but one iteration from the tolerance: keep.
    expect(within(2e-10, 8e-10, 1e-10, 0.5)).toBe(false)
    // Contraction 1e-3: 2.3 iterations left, a fresh matrix needs 1; the difference is below REFRESH_COST.
    expect(within(1e-3, 1, 1e-10, 0.5)).toBe(false)
  })

  it('saves and loads its state exactly (checkpoints)', () => {
    const p = new JacobianRefreshPolicy()
    p.refreshAtStart()
    p.recordStep(false, 4, 1)
    Object.assign(p, { residual: 3e-5, previous: 1, contractivity: 0 })
    p.afterIteration(true)
    const q = new JacobianRefreshPolicy()
    q.load(p.save())
    expect(q.save()).toEqual(p.save())
    expect(Object.values(q.save()).every(Number.isFinite)).toBe(true)
  })
})

// Tolerance: none (bit for bit). The policy's averages, counters and observed contraction and the
// predictor's history are integrator state; the chaotic double pendulum with friction turns any
// different decision into visible differences (restartModels.ts).
describe('with the policy deciding, runs stay exact', () => {
  it('restart from a checkpoint at T/2 continues bit for bit', () => {
    const { continuous } = splitRunMatches(doublePendulum(), pendulumSettings)
    // The policy did decide: some steps started with a fresh matrix, some kept it.
    const { steps, jacobians } = continuous.solver.stats
    expect(jacobians).toBeGreaterThan(10)
    expect(jacobians).toBeLessThan(steps)
  })
})
