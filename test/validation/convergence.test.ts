// Convergence order of every integrator, measured by step refinement: the slope of log(error) against
// log(h) over four step sizes (each half the previous), on the linear oscillator (error against the
// analytic solution) and on the large-amplitude pendulum with its distance constraint (error against
// the minimal-coordinate equation integrated independently with a fine RK4).
//
// Tolerance on the measured order: +-0.15. The step ranges are chosen so that the errors are in the
// asymptotic regime (the next-order term changes the slope by less than ~0.05 there: the oscillator's
// RK44 slope is 4.001, ExplicitEuler's 1.01) and at least ~100x above the round-off floor (~1e-14 of
// the amplitude), which would flatten the slope. 0.15 then still separates every order from its
// neighbours and from the order-reduction a wrong coefficient or a lost correction would cause.
import { describe, expect, it } from 'vitest'
import {
  dampedOscillator,
  measuredOrder,
  OSCILLATOR,
  oscillatorModel,
  pendulumModel,
  pendulumReference,
  run,
  slope,
} from './helpers'

const ORDER_TOLERANCE = 0.15

interface Method {
  solverType: string
  spectralRadius?: number
  order: number
  /** The coarsest number of steps on [0, 1]; refinements double it three times. */
  oscillatorSteps: number
  pendulumSteps: number
}

const METHODS: Method[] = [
  { solverType: 'ExplicitEuler', order: 1, oscillatorSteps: 250, pendulumSteps: 400 },
  { solverType: 'RK44', order: 4, oscillatorSteps: 50, pendulumSteps: 100 },
  // DOPRI5 with adaptiveStep false takes fixed steps with its 5th-order weights.
  { solverType: 'DOPRI5', order: 5, oscillatorSteps: 25, pendulumSteps: 25 },
  { solverType: 'TrapezoidalIndex2', order: 2, oscillatorSteps: 100, pendulumSteps: 100 },
  // Second order needs gamma = 1/2 - alpha_m + alpha_f, which the solver derives from rho_inf.
  { solverType: 'GeneralizedAlpha', spectralRadius: 0.8, order: 2, oscillatorSteps: 100, pendulumSteps: 100 },
  { solverType: 'GeneralizedAlpha', spectralRadius: 0.5, order: 2, oscillatorSteps: 100, pendulumSteps: 100 },
  { solverType: 'GeneralizedAlpha', spectralRadius: 1, order: 2, oscillatorSteps: 100, pendulumSteps: 100 },
]

const settingsOf = (m: Method, steps: number, endTime = 1) => ({
  solverType: m.solverType,
  timeIntegration: {
    endTime,
    numberOfSteps: steps,
    adaptiveStep: false,
    generalizedAlpha: { spectralRadius: m.spectralRadius ?? 0.8 },
  },
})

const label = (m: Method): string =>
  m.spectralRadius === undefined ? m.solverType : `${m.solverType} (rho_inf ${m.spectralRadius})`

/** Errors at N, 2N, 4N, 8N steps and the fitted order. */
function refine(
  coarsest: number,
  error: (steps: number) => number,
): { h: number[]; errors: number[]; order: number } {
  const steps = [1, 2, 4, 8].map((f) => coarsest * f)
  const h = steps.map((n) => 1 / n)
  const errors = steps.map(error)
  return { h, errors, order: measuredOrder(h, errors) }
}

describe("convergence order on the linear oscillator (error in x and x'/omega at t = 1 s)", () => {
  const { m, k, x0, v0 } = OSCILLATOR
  const omega = Math.sqrt(k / m)
  const exact = dampedOscillator(m, k, 1, x0, v0)(1)
  for (const method of METHODS)
    it(`${label(method)}: order ${method.order}`, () => {
      const { order } = refine(method.oscillatorSteps, (steps) => {
        const { state } = run(oscillatorModel('coordinate', 1), settingsOf(method, steps)).system
        return Math.hypot(state.q[0] - exact.x, (state.v[0] - exact.v) / omega)
      })
      expect(Math.abs(order - method.order)).toBeLessThan(ORDER_TOLERANCE)
    })
})

describe('convergence order, pendulum (ConnectorDistance, theta0 = 2 rad; position error at t = 1 s)', () => {
  const theta0 = 2
  // Reference: theta'' = -g sin(theta) with RK4 at h = 5e-5: error ~ 1e-15, far below the errors measured.
  const [theta] = pendulumReference(theta0, 1, 1, 20000)
  const x0 = Math.sin(theta0),
    y0 = -Math.cos(theta0)
  for (const method of METHODS)
    it(`${label(method)}: order ${method.order}`, () => {
      const { order } = refine(method.pendulumSteps, (steps) => {
        const { q } = run(pendulumModel(theta0), settingsOf(method, steps)).system.state
        return Math.hypot(x0 + q[0] - Math.sin(theta), y0 + q[1] + Math.cos(theta))
      })
      // The explicit solvers integrate the index-1 form and project q and q' onto the constraint
      // manifold after each step; the projection moves the state by the (order p + 1) local error
      // only, so it keeps the order, which this test confirms.
      expect(Math.abs(order - method.order)).toBeLessThan(ORDER_TOLERANCE)
    })
})

describe('DOPRI5 with error control', () => {
  /**
   * The controller keeps the embedded (4th-order) estimate of each step's local error at the
   * tolerance, and the solution advances with the 5th-order weights; the global error then scales
   * like the tolerance (slope 1 in log-log; measured 1.00). Tolerance on the slope 0.15 as above, and
   * the global error within a factor 10 of the tolerance (it accumulates over ~2 periods).
   */
  it('the error follows the tolerance, and tighter tolerances take more steps', () => {
    const { m, k, x0, v0 } = OSCILLATOR
    const omega = Math.sqrt(k / m)
    const T = 2
    const exact = dampedOscillator(m, k, 0, x0, v0)(T)
    const tolerances = [1e-4, 1e-6, 1e-8, 1e-10]
    const results = tolerances.map((tol) => {
      const { system, stats } = run(oscillatorModel('coordinate', 0), {
        solverType: 'DOPRI5',
        timeIntegration: { endTime: T, numberOfSteps: 10, relativeTolerance: tol, absoluteTolerance: tol },
      })
      return {
        error: Math.hypot(system.state.q[0] - exact.x, (system.state.v[0] - exact.v) / omega),
        steps: stats.steps,
      }
    })
    results.forEach((r, i) => {
      expect(r.error).toBeLessThan(10 * tolerances[i])
      expect(r.error).toBeGreaterThan(tolerances[i] / 10)
      if (i > 0) expect(r.steps).toBeGreaterThan(results[i - 1].steps)
    })
    expect(
      Math.abs(
        slope(
          tolerances.map(Math.log),
          results.map((r) => Math.log(r.error)),
        ) - 1,
      ),
    ).toBeLessThan(ORDER_TOLERANCE)
  })
})
