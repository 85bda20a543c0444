// Simple pendulum as a mass point on a ConnectorDistance (pendulum.mbsproj style), released at rest at
// theta0 = 2.5 rad (143 degrees, far from the linear regime): the period against the exact
// 4 sqrt(L/g) K(sin(theta0/2)), energy conservation and dissipation, and how well each solver keeps
// the constraint.
import { describe, expect, it } from 'vitest'
import { ellipticK, GRAVITY, measuredOrder, pendulumModel, run, sensorSeries, zeroCrossings } from './helpers'

const theta0 = 2.5,
  L = 1
const exactPeriod = 4 * Math.sqrt(L / GRAVITY) * ellipticK(Math.sin(theta0 / 2)) // 3.2959 s
/** Energy scale: the potential energy released from theta0 to the bottom, m g L (1 - cos theta0). */
const energyScale = GRAVITY * L * (1 - Math.cos(theta0))

const SENSORS = [
  { type: 'Node', name: 'position', nodeNumber: 'bobNode', outputVariableType: 'Position' },
  { type: 'Node', name: 'velocity', nodeNumber: 'bobNode', outputVariableType: 'Velocity' },
]

interface Trajectory {
  t: number[]
  p: number[][]
  v: number[][]
}

function simulate(
  solverType: string,
  endTime: number,
  steps: number,
  extra: { spectralRadius?: number; adaptive?: boolean; tolerance?: number } = {},
): Trajectory {
  const { recorder } = run(pendulumModel(theta0, L, SENSORS), {
    solverType,
    timeIntegration: {
      endTime,
      numberOfSteps: steps,
      adaptiveStep: extra.adaptive ?? false,
      relativeTolerance: extra.tolerance ?? 1e-8,
      absoluteTolerance: extra.tolerance ?? 1e-8,
      generalizedAlpha: { spectralRadius: extra.spectralRadius ?? 0.9 },
    },
    // Every step: the crossings are interpolated between steps.
    solutionSettings: { sensorsWritePeriod: 0 },
  })
  const p = sensorSeries(recorder, 'position'),
    v = sensorSeries(recorder, 'velocity')
  return { t: p.t, p: p.values, v: v.values }
}

/**
 * The period from the two downward zero crossings of x (at T/4 and 5T/4), located by cubic Hermite
 * interpolation with the recorded velocity: its error is O(h^4), below every integration error here.
 */
function measuredPeriod(tr: Trajectory): number {
  const crossings = zeroCrossings(
    tr.t,
    tr.p.map((p) => p[0]),
    tr.v.map((v) => v[0]),
    -1,
  )
  expect(crossings.length).toBe(2)
  return crossings[1] - crossings[0]
}

const energy = (p: number[], v: number[]): number => 0.5 * (v[0] ** 2 + v[1] ** 2) + GRAVITY * p[1]
const maxLengthError = (tr: Trajectory): number =>
  Math.max(...tr.p.map((p) => Math.abs(Math.hypot(p[0], p[1]) - L)))

describe('pendulum period vs 4 sqrt(L/g) K(sin(theta0/2))', () => {
  const endTime = 1.3 * exactPeriod
  /**
   * Second-order methods at h = 0.01 and 0.005: the relative period errors are ~3e-4 and ~9e-5. The
   * Richardson extrapolation P_h/2 + (P_h/2 - P_h) / 3 removes the h^2 term, so if the error is the
   * method's asymptotic h^2 error of the right period, the extrapolated period must be far closer:
   * within 5% of the error at h/2 (the remainder is the h^3 term, measured ~0.5%).
   */
  for (const [solverType, spectralRadius] of [
    ['GeneralizedAlpha', 0.9],
    ['TrapezoidalIndex2', undefined],
  ] as const)
    it(`${solverType}: second-order period error that extrapolates to the exact period`, () => {
      const steps = Math.round(endTime / 0.01)
      const coarse = measuredPeriod(simulate(solverType, endTime, steps, { spectralRadius }))
      const fine = measuredPeriod(simulate(solverType, endTime, 2 * steps, { spectralRadius }))
      const errorFine = Math.abs(fine - exactPeriod)
      expect(Math.abs(coarse - exactPeriod) / exactPeriod).toBeLessThan(1e-3)
      expect(errorFine).toBeLessThan(Math.abs(coarse - exactPeriod) / 3)
      expect(Math.abs(fine + (fine - coarse) / 3 - exactPeriod)).toBeLessThan(0.05 * errorFine)
    })

  /**
   * RK44 at h = 0.005 and DOPRI5 at tolerance 1e-10: their position errors over 1 s are ~1e-8 (see the
   * convergence test), so the phase error over the ~4 s run is ~1e-7 relative; 1e-6 bounds it.
   */
  it('RK44 (h = 0.005) and DOPRI5 (adaptive, tolerance 1e-10) within 1e-6', () => {
    const rk = measuredPeriod(simulate('RK44', endTime, Math.round(endTime / 0.005)))
    const dopri = measuredPeriod(simulate('DOPRI5', endTime, 100, { adaptive: true, tolerance: 1e-10 }))
    expect(Math.abs(rk - exactPeriod) / exactPeriod).toBeLessThan(1e-6)
    expect(Math.abs(dopri - exactPeriod) / exactPeriod).toBeLessThan(1e-6)
  })
})

describe('pendulum energy', () => {
  /**
   * Over exactly one period the bob returns to its release point. Generalized-alpha with rho_inf = 1
   * has no numerical dissipation: the energy comes back to E0 (measured 1e-9 of the energy scale at
   * 800 steps; 1e-6 bounds it). With rho_inf = 0.6 it dissipates: a loss at least 10x larger, and of
   * order h^3 per unit time (the algorithmic damping ratio grows like (omega h)^3), so halving h
   * divides it by ~8 (measured 8.0; accepted 6..10).
   *
   * rho_inf = 1 is run over one period only: with index-3 constraints its parasitic modes in q'' and
   * lambda are not damped and grow over several periods until Newton fails (the settings document
   * that index-3 constraints need rho_inf < 1; Arnold & Bruels 2007).
   */
  it('generalized-alpha: conserved with rho_inf = 1, dissipated at order h^3 with rho_inf = 0.6', () => {
    const lossAfterOnePeriod = (rho: number, steps: number): number => {
      const tr = simulate('GeneralizedAlpha', exactPeriod, steps, { spectralRadius: rho })
      const n = tr.t.length - 1
      return energy(tr.p[0], tr.v[0]) - energy(tr.p[n], tr.v[n])
    }
    const conserved = lossAfterOnePeriod(1, 800)
    const dissipated = lossAfterOnePeriod(0.6, 800)
    const dissipatedCoarse = lossAfterOnePeriod(0.6, 400)
    expect(Math.abs(conserved) / energyScale).toBeLessThan(1e-6)
    expect(dissipated).toBeGreaterThan(10 * Math.abs(conserved))
    expect(dissipatedCoarse / dissipated).toBeGreaterThan(6)
    expect(dissipatedCoarse / dissipated).toBeLessThan(10)
  })

  /**
   * RK44's energy error at t = 1 s (a point without the symmetry of a full period, where leading terms
   * cancel) converges with the method's order 4: measured 3.97 over h = 1/200 .. 1/1600, where the
   * errors (9e-8 .. 2e-11) are in the asymptotic regime and above round-off (~1e-14). +-0.15 as in the
   * convergence tests.
   */
  it('RK44: the energy error converges with order 4', () => {
    const steps = [200, 400, 800, 1600]
    const errors = steps.map((n) => {
      const { q, v } = run(pendulumModel(theta0, L), {
        solverType: 'RK44',
        timeIntegration: { endTime: 1, numberOfSteps: n },
      }).system.state
      const y = -L * Math.cos(theta0) + q[1]
      return Math.abs(0.5 * (v[0] ** 2 + v[1] ** 2) + GRAVITY * y - GRAVITY * -L * Math.cos(theta0))
    })
    expect(
      Math.abs(
        measuredOrder(
          steps.map((n) => 1 / n),
          errors,
        ) - 4,
      ),
    ).toBeLessThan(0.15)
  })
})

describe('pendulum constraint |p| = L', () => {
  /**
   * Index 3: g = |p| - L is one of Newton's equations, so it holds to Newton's tolerance (1e-10 relative
   * to forces of ~10..50 N): below 1e-8 in every step (measured ~6e-13).
   */
  it('generalized-alpha (index 3) satisfies it to the Newton tolerance', () => {
    expect(maxLengthError(simulate('GeneralizedAlpha', 4, 400))).toBeLessThan(1e-8)
  })

  /**
   * Index 2 enforces only the velocity constraint n . v = 0; the length drifts with the integration
   * error of the positions, O(h^2): measured 4.5e-4 at h = 0.01 and 1.1e-4 at h = 0.005 over 4 s.
   */
  it('trapezoidal (index 2) drifts at second order in h', () => {
    const coarse = maxLengthError(simulate('TrapezoidalIndex2', 4, 400))
    const fine = maxLengthError(simulate('TrapezoidalIndex2', 4, 800))
    expect(coarse).toBeGreaterThan(1e-5)
    expect(coarse).toBeLessThan(1e-3)
    expect(Math.abs(Math.log2(coarse / fine) - 2)).toBeLessThan(0.3)
  })

  /** Explicit solvers project q and q' onto the constraint after each step: round-off only. */
  it('explicit solvers keep it to round-off by projection', () => {
    expect(maxLengthError(simulate('RK44', 4, 400))).toBeLessThan(1e-13)
    expect(maxLengthError(simulate('DOPRI5', 4, 100, { adaptive: true }))).toBeLessThan(1e-13)
  })
})
