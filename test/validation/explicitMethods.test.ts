// The explicit Runge-Kutta methods (explicitTableaus.ts: Exudyn's ExplicitEuler, ExplicitMidpoint,
// RK33, RK44, RK67, ODE23, DOPRI5) against independent references: the tableaus against the Taylor
// series of e^z, the order of convergence on a nonlinear spring pendulum (reference: the test helpers'
// own RK4 at a tiny step) and on a constrained pendulum, exactness for constant accelerations, the
// kinematic tree's articulated-body path, and bitwise restarts.
import { describe, expect, it } from 'vitest'
import {
  EXPLICIT_TABLEAUS,
  firstSameAsLast,
  type ButcherTableau,
} from '../../src/core/solvers/explicitTableaus'
import { sphereChainTree, springDamperExplicit } from '../../bench/models'
import { GRAVITY, measuredOrder, pendulumModel, pendulumReference, rk4, run, type Json } from './helpers'
import { doublePendulum, splitRunMatches } from './restartModels'

const METHODS = Object.entries(EXPLICIT_TABLEAUS) as [string, ButcherTableau][]

describe('tableaus', () => {
  /**
   * On y' = z y one step is R(z) = 1 + sum_k z^k b^T A^(k-1) 1; a method of order p matches e^z through
   * z^p, so b^T A^(k-1) 1 = 1/k! for k = 1..p. Rows sum to c (stages at consistent times), and the
   * error weights of an embedded pair sum to 0 (both of its solutions are consistent). Rounding of
   * the coefficients only: 1e-14.
   */
  for (const [name, T] of METHODS)
    it(`${name}: rows sum to c, linear order conditions up to order ${T.order}`, () => {
      const s = T.b.length
      for (let i = 0; i < s; i++)
        expect(Math.abs(T.a[i].reduce((x, y) => x + y, 0) - T.c[i])).toBeLessThan(1e-14)
      let powers = new Array<number>(s).fill(1) // A^(k-1) 1
      let factorial = 1
      for (let k = 1; k <= T.order; k++) {
        factorial *= k
        const bTerm = T.b.reduce((sum, bi, i) => sum + bi * powers[i], 0)
        expect(Math.abs(bTerm - 1 / factorial), `b^T A^${k - 1} 1`).toBeLessThan(1e-14)
        powers = T.a.map((row) => row.reduce((sum, aij, j) => sum + aij * powers[j], 0))
      }
      if (T.e) expect(Math.abs(T.e.reduce((x, y) => x + y, 0))).toBeLessThan(1e-14)
    })

  it('first same as last: exactly the tableaus whose last stage is the new solution (ODE23, DOPRI5)', () => {
    expect(METHODS.filter(([, T]) => firstSameAsLast(T)).map(([name]) => name)).toEqual(['ODE23', 'DOPRI5'])
  })
})

// A point mass on a spring (stiffness k, rest length L0) hanging from the origin under gravity and
// swinging: nonlinear in the coordinates (the spring's direction and length), no constraint.
const SPRING = { m: 1, k: 100, L0: 1 }
const start = { x: 0.3, y: -1.1, vx: 0.5, vy: 0 }
const omega = Math.sqrt(SPRING.k / SPRING.m) // the fastest motion: the spring's 10 rad/s

function springPendulum(): Json {
  return {
    nodes: [
      {
        type: 'Point2D',
        name: 'node',
        referenceCoordinates: [start.x, start.y],
        initialVelocities: [start.vx, start.vy],
      },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint2D', name: 'bob', physicsMass: SPRING.m, nodeNumber: 'node' },
      {
        type: 'ConnectorSpringDamper',
        name: 'spring',
        markerNumbers: ['pivot', 'bobPoint'],
        stiffness: SPRING.k,
        referenceLength: SPRING.L0,
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'bobPoint', bodyNumber: 'bob' },
      { type: 'BodyMass', name: 'bobMass', bodyNumber: 'bob' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'bobMass', loadVector: [0, -GRAVITY, 0] },
    ],
  }
}

/**
 * [x, y, vx, vy] at t from the spring pendulum's equations, by the helpers' RK4 (independent of the engine).
 */
function springReference(t: number, steps: number): number[] {
  const { m, k, L0 } = SPRING
  return rk4(
    (_t, [x, y, vx, vy]) => {
      const L = Math.hypot(x, y)
      const f = (-k * (L - L0)) / L
      return [vx, vy, (f * x) / m, (f * y) / m - GRAVITY]
    },
    [start.x, start.y, start.vx, start.vy],
    0,
    t,
    steps,
  )
}

describe('order of convergence on a nonlinear spring pendulum, 1 s', () => {
  // Reference: RK4 at h = 2.5e-5 (omega h = 2.5e-4): its global error ~ omega T (omega h)^4 / 120 ~ 3e-16,
  // below the round-off (~1e-14) of 40000 steps and far below the smallest error measured here (1.4e-12).
  const reference = springReference(1, 40000)
  /**
   * Steps per second for each method: omega h from 0.05 (Euler: 0.0025) down by halving, where the
   * leading error term dominates (the next one is O(omega h) smaller) and the errors (7e-4 .. 1.4e-12) are
   * far above round-off. The least-squares slope over the three step sizes is then the order to
   * within +-0.15 (measured 1.003, 2.000, 3.000, 4.000, 6.002, 3.000, 5.006; a method of the next lower
   * or higher order misses by 1). Smallest error: DOPRI5's 1.4e-12.
   */
  const steps: Record<string, number> = {
    ExplicitEuler: 4000,
    ExplicitMidpoint: 400,
    RK33: 200,
    RK44: 200,
    RK67: 50,
    ODE23: 200,
    DOPRI5: 100,
  }
  for (const [name, T] of METHODS)
    it(`${name}: order ${T.order}${T.e ? ' (fixed steps)' : ''}`, () => {
      const ns = [steps[name], 2 * steps[name], 4 * steps[name]]
      const errors = ns.map((n) => {
        const { q, v } = run(springPendulum(), {
          solverType: name,
          timeIntegration: { endTime: 1, numberOfSteps: n, adaptiveStep: false },
        }).system.state
        const [x, y, vx, vy] = reference
        return Math.hypot(start.x + q[0] - x, start.y + q[1] - y, (v[0] - vx) / omega, (v[1] - vy) / omega)
      })
      expect(errors[2]).toBeGreaterThan(1e-12)
      expect(
        Math.abs(
          measuredOrder(
            ns.map((n) => 1 / n),
            errors,
          ) - T.order,
        ),
      ).toBeLessThan(0.15)
    })
})

describe('constant acceleration (free flight under gravity)', () => {
  const v0 = [1, 2, -0.5]
  const flight: Json = {
    nodes: [{ type: 'Point', name: 'node', initialVelocities: v0 }],
    objects: [{ type: 'MassPoint', name: 'ball', physicsMass: 2, nodeNumber: 'node' }],
    markers: [{ type: 'BodyMass', name: 'ballMass', bodyNumber: 'ball' }],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'ballMass', loadVector: [0, -GRAVITY, 0] },
    ],
  }
  const T = 1,
    n = 10,
    h = T / n
  /**
   * q(T) = v0 T + g T^2 / 2, q'(T) = v0 + g T. Every consistent method has q' exact (the stage
   * accelerations are all g), and q = h sum_k b_k (v0 + c_k h g) is exact iff sum b_k c_k = 1/2, true
   * for order >= 2. Explicit Euler sums g h^2 n (n - 1) / 2 = g T^2 / 2 - g h T / 2: low by exactly
   * g h T / 2. Tolerance: the rounding of 10 steps on values of order 5, 1e-14.
   */
  for (const [name] of METHODS)
    it(name, () => {
      const { q, v } = run(flight, {
        solverType: name,
        timeIntegration: { endTime: T, numberOfSteps: n, adaptiveStep: false },
      }).system.state
      const g = [0, -GRAVITY, 0]
      const lag = name === 'ExplicitEuler' ? (h * T) / 2 : 0
      for (let i = 0; i < 3; i++) {
        expect(Math.abs(q[i] - (v0[i] * T + g[i] * ((T * T) / 2 - lag)))).toBeLessThan(1e-14)
        expect(Math.abs(v[i] - (v0[i] + g[i] * T))).toBeLessThan(1e-14)
      }
    })
})

describe('constrained pendulum (index-1 form + projection)', () => {
  const theta0 = 1.2,
    L = 1
  const [thetaRef] = pendulumReference(theta0, L, 1, 40000)
  /**
   * The projection after each step keeps |p| = L to round-off (1e-13, as for RK44 in pendulum.test.ts)
   * and does not spoil the order: the angle at t = 1 s against the helpers' RK4 of theta'' = -(g/L)
   * sin(theta) (40000 steps, error ~1e-16) converges with the method's order, +-0.2 over one halving (a
   * two-point estimate at omega h = 0.03 (RK67: 0.08, below which its errors reach round-off); measured 2.12,
   * 2.99, 5.90).
   */
  for (const [name, n] of [
    ['ExplicitMidpoint', 100],
    ['RK33', 100],
    ['RK67', 40],
  ] as const)
    it(`${name}: rod length to round-off, angle converges at order ${EXPLICIT_TABLEAUS[name].order}`, () => {
      const errors = [n, 2 * n].map((steps) => {
        const { system } = run(pendulumModel(theta0, L), {
          solverType: name,
          timeIntegration: { endTime: 1, numberOfSteps: steps },
        })
        const x = L * Math.sin(theta0) + system.state.q[0],
          y = -L * Math.cos(theta0) + system.state.q[1]
        expect(Math.abs(Math.hypot(x, y) - L)).toBeLessThan(1e-13)
        return Math.abs(Math.atan2(x, -y) - thetaRef)
      })
      expect(Math.abs(Math.log2(errors[0] / errors[1]) - EXPLICIT_TABLEAUS[name].order)).toBeLessThan(0.2)
    })
})

describe('kinematic tree (articulated-body accelerations, no matrix)', () => {
  /**
   * The bench's sphere chain in minimal coordinates, N = 3 spheres, 0.5 s: RK33 against RK44 at
   * h = 0.125 ms (its error ~2e-12: against 0.25 ms it differs by 2.6e-11, 15 times its own error), all
   * joint angles. Order 3 within +-0.2 over one halving (two-point estimate; measured 3.003, errors
   * 2.1e-5 and 2.7e-6).
   */
  it('RK33 converges with order 3 on the 3-sphere chain', () => {
    const final = (solverType: string, h: number): Float64Array => {
      const m = sphereChainTree(3, h, 0.5, solverType)
      return run(m.model, m.settings).system.state.q
    }
    const reference = final('RK44', 1.25e-4)
    const errors = [2e-3, 1e-3].map((h) => Math.hypot(...final('RK33', h).map((qi, i) => qi - reference[i])))
    expect(errors[1]).toBeGreaterThan(1e-10)
    expect(Math.abs(Math.log2(errors[0] / errors[1]) - 3)).toBeLessThan(0.2)
  })
})

describe('ExplicitEuler is y_n+1 = y_n + h f(y_n), bit for bit', () => {
  /**
   * Exudyn's perfSpringDamperExplicit (bench/models.ts): mass m on a coordinate spring-damper (k, d) to
   * ground with a constant load F. The reference is the recurrence written out here, with the force in
   * the operations of the items' law, f = k x + d v - F, q'' = -f / m: no tolerance, the engine's
   * step (in place, dividing by the lumped mass) must compute these very sums.
   */
  it('mass on a coordinate spring-damper with a constant load, 20000 steps', () => {
    const [k, d, F, m, h] = [4000, 8, 80, 1.6, 1e-4]
    const steps = 20000
    const model = springDamperExplicit(steps)
    const { q, v, a } = run(model.model, model.settings).system.state
    let [x, u] = [-0.08, 1]
    let acc = -(k * x + d * u - F) / m
    for (let n = 0; n < steps; n++) {
      x = x + h * u
      u = u + h * acc
      acc = -(k * x + d * u - F) / m
    }
    // toEqual compares numbers with Object.is: bit for bit.
    expect([q[0], v[0], a[0]]).toEqual([x, u, acc])
  })
})

describe('exact restart from a checkpoint', () => {
  const settings = (solverType: string, extra: Json = {}): Json => ({
    solverType,
    timeIntegration: { endTime: 1, numberOfSteps: 400, ...extra },
    solutionSettings: { sensorsWritePeriod: 0.01 },
  })
  /**
   * Bit for bit, as restart.test.ts: the chaotic double pendulum with friction turns any last-bit difference
   * into visible ones.
   */
  for (const solverType of ['ExplicitMidpoint', 'RK33', 'RK67'])
    it(`${solverType}: constrained double pendulum with spring and friction`, () => {
      splitRunMatches(doublePendulum(), settings(solverType))
    })

  // A lumped mass without constraints takes Euler's in-place step and the division by the mass
  // diagonal; a checkpoint taken there continues bit for bit (the nonlinear spring pendulum).
  it('ExplicitEuler on a lumped mass (the diagonal-mass step), nonlinear spring pendulum', () => {
    splitRunMatches(springPendulum(), settings('ExplicitEuler', { numberOfSteps: 4000 }))
  })

  it('ODE23 with adaptive steps, after step-size changes and rejected steps', () => {
    const { continuous } = splitRunMatches(
      doublePendulum(),
      settings('ODE23', {
        numberOfSteps: 10,
        initialStepSize: 0.2,
        absoluteTolerance: 1e-7,
        relativeTolerance: 1e-7,
      }),
    )
    expect(continuous.solver.stats.rejectedSteps).toBeGreaterThan(0)
  })

  // Without constraints the first-same-as-last tableaus take q'' of the step end from their last stage;
  // a restart evaluates it afresh at the loaded state, which must give the same bits.
  for (const solverType of ['ODE23', 'DOPRI5'])
    it(`${solverType}: unconstrained 3-sphere tree chain, q'' of the step end from the last stage`, () => {
      const m = sphereChainTree(3, 1e-2, 0.4, solverType)
      const { continuous } = splitRunMatches(m.model, {
        ...m.settings,
        timeIntegration: {
          ...(m.settings.timeIntegration as Json),
          initialStepSize: 0.1,
          absoluteTolerance: 1e-8,
          relativeTolerance: 1e-8,
        },
        solutionSettings: { sensorsWritePeriod: 0.01 },
      })
      expect(continuous.solver.stats.rejectedSteps).toBeGreaterThan(0)
    })
})
