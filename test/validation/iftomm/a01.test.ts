// IFToMM A01, the simple pendulum released from the horizontal, against its exact motion (a01Model.ts).
// DOPRI5 runs 200 s and generalized-alpha at h = 1e-4 runs 20 s here; the whole 2000 s are a bench row
// (`npm run bench:bundled -- iftomm`), and the start-time invariance (startTimeInvariance.test.ts) keeps
// the grid exact that far out.
import { describe, expect, it } from 'vitest'
import { GRAVITY } from '../helpers'
import { A01, a01MaxError, exactP1 } from './a01Model'

const { L } = A01

function maxError(solverType: string, endTime: number, numberOfSteps: number, extra: object = {}): number {
  const { outputs, maxError } = a01MaxError(solverType, endTime, numberOfSteps, extra)
  expect(outputs).toBeGreaterThanOrEqual(4000)
  return maxError
}

describe('IFToMM A01: simple pendulum, high precision', () => {
  it('the reference: P1 starts at (1, 0), stays on the circle, and keeps the energy', () => {
    const [x0, y0] = exactP1(0)
    expect(Math.abs(x0 - 1)).toBeLessThan(1e-14)
    expect(Math.abs(y0)).toBeLessThan(1e-14)
    // |P1| = L at any time (x^2 + y^2 = 4k^2 sn^2 dn^2 + (1 - 2k^2 sn^2)^2 = 1 with dn^2 = 1 - k^2 sn^2).
    for (const t of [0.3, 17.1, 1999.9]) expect(Math.abs(Math.hypot(...exactP1(t)) - L)).toBeLessThan(1e-12)
    // Energy: v^2 / 2 + g y = 0 (released at rest at y = 0), v by a central difference of P1.
    for (const t of [0.3, 17.1, 1999.9]) {
      const dt = 1e-5
      const [xa, ya] = exactP1(t - dt),
        [xb, yb] = exactP1(t + dt)
      const v2 = ((xb - xa) ** 2 + (yb - ya) ** 2) / (2 * dt) ** 2
      expect(Math.abs(v2 / 2 + GRAVITY * exactP1(t)[1])).toBeLessThan(1e-6)
    }
  })
  // The phase error grows linearly with time, so an error e over T is e 2000 / T over the 2000 s: the
  // bounds below are the 1e-3 limit scaled to each run's length (the full 2000 s are too long here).
  it('DOPRI5, tolerances 1e-10, 200 s: P1 within 1e-4 m', () => {
    // Measured 3.9e-6 m: 3.9e-5 m over the 2000 s.
    const e = maxError('DOPRI5', 200, 2000, { absoluteTolerance: 1e-10, relativeTolerance: 1e-10 })
    expect(e).toBeLessThan(1e-4)
  })
  it('generalized-alpha, h = 1e-4, 20 s: P1 within 1e-5 m', () => {
    // Measured 2.5e-6 m: 2.5e-4 m over the 2000 s.
    const e = maxError('GeneralizedAlpha', 20, 200_000)
    expect(e).toBeLessThan(1e-5)
  })
})
