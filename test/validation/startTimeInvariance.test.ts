// Start-time invariance: a time-invariant model run from t0 = 1e5 (or 2000) over a million steps (or
// a hundred thousand) takes exactly that many steps of exactly the nominal h, so it passes through
// the same states as the same run from t0 = 0. The integrators see t only through time-dependent
// terms, which these models have none of, so the states agree bit for bit; the analytic solution
// checks that both are the right answer.
import { describe, expect, it } from 'vitest'
import { dampedOscillator, OSCILLATOR, oscillatorModel, pendulumModel, prepare, type Json } from './helpers'

function runFrom(model: Json, solverType: string, startTime: number, duration: number, steps: number) {
  const { solver } = prepare(model, {
    solverType,
    timeIntegration: { startTime, endTime: startTime + duration, numberOfSteps: steps },
    solutionSettings: { sensorsWritePeriod: 0 },
  })
  solver.solve()
  const s = solver.state
  return { steps: solver.stats.steps, t: s.t, q: Array.from(s.q), v: Array.from(s.v) }
}

describe('start-time invariance of the time grid', () => {
  it('RK44 oscillator from t = 1e5 over 1e6 steps: the run from t = 0, and the analytic solution', () => {
    const model = oscillatorModel('coordinate', 0)
    const late = runFrom(model, 'RK44', 1e5, 1000, 1_000_000)
    const early = runFrom(model, 'RK44', 0, 1000, 1_000_000)
    expect(late.steps).toBe(1_000_000)
    expect(late.t).toBe(1e5 + 1000)
    expect(late.q).toEqual(early.q)
    expect(late.v).toEqual(early.v)
    // RK44's global error on x'' = -w^2 x: w T (w h)^4 / 120 of the amplitude (oscillator.test.ts),
    // 2.6e-8 x 0.12 here; 1.5 for the next-order terms.
    const { m, k, x0, v0 } = OSCILLATOR
    const w = Math.sqrt(k / m)
    const { x, v } = dampedOscillator(m, k, 0, x0, v0)(1000)
    const amplitude = Math.hypot(x0, v0 / w)
    const bound = (1.5 * amplitude * (w * 1000 * (w * 1e-3) ** 4)) / 120
    expect(Math.abs(late.q[0] - x)).toBeLessThan(bound)
    expect(Math.abs(late.v[0] - v)).toBeLessThan(w * bound)
  })
  it('generalized-alpha pendulum from t = 2000 over 1e5 steps of 1e-4: the run from t = 0', () => {
    const model = pendulumModel(1)
    const late = runFrom(model, 'GeneralizedAlpha', 2000, 10, 100_000)
    const early = runFrom(model, 'GeneralizedAlpha', 0, 10, 100_000)
    expect(late.steps).toBe(100_000)
    expect(late.t).toBe(2010)
    expect(late.q).toEqual(early.q)
    expect(late.v).toEqual(early.v)
  })
})
