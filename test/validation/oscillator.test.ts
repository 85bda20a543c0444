// Linear mass-spring(-damper) oscillator against its analytic solution, for every dynamic solver, with
// the spring as a coordinate spring (ConnectorCoordinateSpringDamper to a ground coordinate) and as a
// point-to-point spring (ConnectorSpringDamper to a ground point, moving along its own axis, where
// L - L0 = x exactly, so the problem is linear). Then the sensors: write times and the kinematic outputs.
import { describe, expect, it } from 'vitest'
import { dampedOscillator, OSCILLATOR, oscillatorModel, run, sensorSeries, type Json } from './helpers'

const { m, k, x0, v0 } = OSCILLATOR
const omega = Math.sqrt(k / m) // 5 rad/s
const amplitude = Math.hypot(x0, v0 / omega)

const T = 2
const sensor = (name: string, outputVariableType: string): Json => ({
  type: 'Node',
  name,
  nodeNumber: 'node',
  outputVariableType,
})

/**
 * Global error bound per solver at step h over [0, T], from the leading term of each method's
 * amplification factor on x'' = -omega^2 x (theta = omega h; error ~ N * local phase/amplitude error):
 *   ExplicitEuler: |R| = sqrt(1 + theta^2), so the amplitude grows by exp(omega^2 h T / 2) - 1
 *   RK44: |R - e^(i theta)| = theta^5 / 120          -> omega T theta^4 / 120
 *   DOPRI5 (fixed step, 5th-order weights): theta^6 / 3600 -> omega T theta^5 / 3600
 *   Trapezoidal (Newmark 1/4, 1/2): unit modulus, phase lag theta^3 / 12 -> omega T theta^2 / 12
 *   GeneralizedAlpha (rho_inf 0.8): same second-order phase lag plus a small algorithmic damping of
 *     order theta^3 per step; the Chung-Hulbert period error for rho_inf = 0.8 is within 10% of the
 *     trapezoid's, so the trapezoid bound with a factor 1.5 holds.
 * Each bound gets a factor 1.5 for the next-order terms; damping (d = 2) only makes errors smaller.
 */
const cases = [
  {
    solverType: 'ExplicitEuler',
    steps: 20000,
    bound: (h: number) => Math.expm1((omega * omega * h * T) / 2),
  },
  { solverType: 'RK44', steps: 200, bound: (h: number) => (omega * T * (omega * h) ** 4) / 120 },
  { solverType: 'DOPRI5', steps: 100, bound: (h: number) => (omega * T * (omega * h) ** 5) / 3600 },
  { solverType: 'TrapezoidalIndex2', steps: 1000, bound: (h: number) => (omega * T * (omega * h) ** 2) / 12 },
  {
    solverType: 'GeneralizedAlpha',
    steps: 1000,
    bound: (h: number) => (1.5 * omega * T * (omega * h) ** 2) / 12,
  },
]

describe('linear oscillator vs the analytic solution', () => {
  for (const spring of ['coordinate', 'pointToPoint'] as const)
    for (const d of [0, 2])
      for (const c of cases)
        it(`${c.solverType}, ${spring} spring, damping ${d}`, () => {
          const settings = {
            solverType: c.solverType,
            timeIntegration: {
              endTime: T,
              numberOfSteps: c.steps,
              adaptiveStep: false,
              generalizedAlpha: { spectralRadius: 0.8 },
            },
            solutionSettings: { sensorsWritePeriod: 0.02 },
          }
          const { recorder } = run(
            oscillatorModel(spring, d, [sensor('x', 'Displacement'), sensor('v', 'Velocity')]),
            settings,
          )
          const exact = dampedOscillator(m, k, d, x0, v0)
          const xs = sensorSeries(recorder, 'x'),
            vs = sensorSeries(recorder, 'v')
          expect(xs.t.length).toBe(101)
          let maxError = 0
          xs.t.forEach((t, i) => {
            const e = exact(t)
            maxError = Math.max(maxError, Math.hypot(xs.values[i][0] - e.x, (vs.values[i][0] - e.v) / omega))
            // y and z carry no force: they stay exactly at rest.
            expect(xs.values[i][1]).toBe(0)
            expect(xs.values[i][2]).toBe(0)
          })
          const tolerance = 1.5 * c.bound(T / c.steps) * amplitude
          expect(maxError).toBeLessThan(tolerance)
          // The bound is not vacuous: the error is within two orders of magnitude of it, unless it
          // sits at round-off (DOPRI5 with 100 steps is close to 1e-12 of the amplitude).
          expect(maxError).toBeGreaterThan(Math.min(tolerance / 100, 1e-11))
        })
})

describe('sensors', () => {
  const model = oscillatorModel('coordinate', 2, [
    sensor('position', 'Position'),
    sensor('displacement', 'Displacement'),
    sensor('velocity', 'Velocity'),
    sensor('acceleration', 'Acceleration'),
  ])
  const exact = dampedOscillator(m, k, 2, x0, v0)

  it('writes the first row at startTime, then one every sensorsWritePeriod, the last at endTime', () => {
    const { recorder } = run(model, {
      solverType: 'RK44',
      timeIntegration: { endTime: 1, numberOfSteps: 1000 },
      solutionSettings: { sensorsWritePeriod: 0.01 },
    })
    const { t } = sensorSeries(recorder, 'position')
    expect(t.length).toBe(101)
    // Steps of 1e-3 land on every multiple of 0.01 up to the summation round-off of t (~1e-15).
    // (The last step is not stretched to hit endTime exactly, so t ends within round-off of 1.)
    t.forEach((ti, i) => expect(Math.abs(ti - 0.01 * i)).toBeLessThan(1e-12))
  })

  it('with a period not a multiple of the step, writes at the first step at or after each due time', () => {
    const h = 1e-3,
      period = 2.5e-3
    const { recorder } = run(model, {
      solverType: 'RK44',
      timeIntegration: { endTime: 0.1, numberOfSteps: 100 },
      solutionSettings: { sensorsWritePeriod: period },
    })
    const { t } = sensorSeries(recorder, 'position')
    expect(t.length).toBe(41)
    t.forEach((ti, i) => {
      const due = i * period
      expect(ti).toBeGreaterThanOrEqual(due - 1e-12)
      expect(ti).toBeLessThan(due + h - 1e-12)
    })
  })

  it('starts at a startTime other than zero', () => {
    const { recorder } = run(model, {
      solverType: 'RK44',
      timeIntegration: { startTime: 0.5, endTime: 1, numberOfSteps: 500 },
      solutionSettings: { sensorsWritePeriod: 0.1 },
    })
    const { t, values } = sensorSeries(recorder, 'displacement')
    expect(t.length).toBe(6)
    t.forEach((ti, i) => expect(Math.abs(ti - (0.5 + 0.1 * i))).toBeLessThan(1e-12))
    // The initial conditions hold at startTime: the motion is the analytic one shifted by 0.5 s.
    // (Displacement = position - reference: (1 + x0) - 1 differs from x0 by one rounding.)
    expect(Math.abs(values[0][0] - x0)).toBeLessThan(1e-15)
    expect(Math.abs(values[5][0] - exact(0.5).x)).toBeLessThan(1e-9)
  })

  it('adaptive DOPRI5: a row per period at the first accepted step past it, and the final state', () => {
    const period = 0.05
    const { recorder, stats } = run(model, {
      solverType: 'DOPRI5',
      timeIntegration: { endTime: 1, numberOfSteps: 10, relativeTolerance: 1e-6, absoluteTolerance: 1e-8 },
      solutionSettings: { sensorsWritePeriod: period },
    })
    const { t } = sensorSeries(recorder, 'position')
    // The controller takes steps longer than the period here; then a row is written at every step
    // that passes a due time, and due times it skipped over are not repeated.
    expect(stats.steps).toBeGreaterThan(5)
    expect(t[0]).toBe(0)
    expect(Math.abs(t[t.length - 1] - 1)).toBeLessThan(1e-12)
    for (let i = 1; i < t.length; i++)
      expect(Math.floor(t[i] / period + 1e-9)).toBeGreaterThan(Math.floor(t[i - 1] / period + 1e-9))
  })

  /**
   * RK44 at h = 1e-3: by the bound above the state error is below 5 * 2 * (5e-3)^4 / 120 * 0.12 =
   * 6e-12; the acceleration comes from the state through the equation of motion, so it is as exact
   * (times k/m = 25). 1e-9 leaves room for all three and still catches any mix-up of outputs.
   */
  it('Position = reference + Displacement; Velocity and Acceleration follow the analytic solution', () => {
    const { recorder } = run(model, {
      solverType: 'RK44',
      timeIntegration: { endTime: 1, numberOfSteps: 1000 },
      solutionSettings: { sensorsWritePeriod: 0.05 },
    })
    const pos = sensorSeries(recorder, 'position'),
      dis = sensorSeries(recorder, 'displacement')
    const vel = sensorSeries(recorder, 'velocity'),
      acc = sensorSeries(recorder, 'acceleration')
    pos.t.forEach((t, i) => {
      const e = exact(t)
      expect(pos.values[i]).toEqual([1 + dis.values[i][0], 0, 0])
      expect(Math.abs(dis.values[i][0] - e.x)).toBeLessThan(1e-9)
      expect(Math.abs(vel.values[i][0] - e.v)).toBeLessThan(1e-9)
      expect(Math.abs(acc.values[i][0] - e.a)).toBeLessThan(1e-9)
    })
  })

  /** GA's accelerations are the physical q'' (not the algorithmic ones): second order like q and q'. */
  it('generalized-alpha reports the physical acceleration', () => {
    const steps = 1000
    const { recorder } = run(model, {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 1, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 0.8 } },
      solutionSettings: { sensorsWritePeriod: 0.05 },
    })
    const acc = sensorSeries(recorder, 'acceleration')
    // omega^2 times the second-order phase bound of the test above, for T = 1.
    const tolerance = omega * omega * ((1.5 * 1.5 * omega * (omega / steps) ** 2) / 12) * amplitude
    acc.t.forEach((t, i) => expect(Math.abs(acc.values[i][0] - exact(t).a)).toBeLessThan(tolerance))
  })
})
