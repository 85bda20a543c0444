// IFToMM A01 (A Coruna MBS benchmark library): a planar simple pendulum, a 1 kg point mass on a
// massless 1 m link, released at rest from the horizontal (P1 at x = +1 m), gravity 9.81 -y, 2000 s;
// high precision: P1 within 1e-3 m at 4000 output steps. Model: helpers.pendulumModel (MassPoint2D on a
// ConnectorDistance). Reference (exact, computed in the test): with k = sin(theta0 / 2), w = sqrt(g/L),
// sin(theta/2) = k sn(K(k) - w t | k), so x = 2 L k sn dn and y = -L (1 - 2 k^2 sn^2), Jacobi's sn and
// dn by the arithmetic-geometric mean (helpers.jacobi, A&S 16.4): no integration error to accumulate.
// DOPRI5 runs 200 s and generalized-alpha at h = 1e-4 runs 20 s here (the whole 2000 s take minutes;
// the start-time invariance, startTimeInvariance.test.ts, keeps the grid exact that far out).
import { describe, expect, it } from 'vitest'
import { ellipticK, GRAVITY, jacobi, pendulumModel, run, sensorSeries } from '../helpers'

const L = 1,
  theta0 = Math.PI / 2

/** P1 of the exact motion at time t. */
function exactP1(t: number): [number, number] {
  const k = Math.sin(theta0 / 2)
  const [sn] = jacobi(ellipticK(k) - Math.sqrt(GRAVITY / L) * t, k * k)
  const dn = Math.sqrt(1 - k * k * sn * sn) // > 0; the AGM's dn is 0/0 at u = K (t = 0)
  return [2 * L * k * sn * dn, -L * (1 - 2 * k * k * sn * sn)]
}

function maxError(solverType: string, endTime: number, numberOfSteps: number, extra: object = {}): number {
  const { recorder } = run(
    pendulumModel(theta0, L, [
      { type: 'Node', name: 'P1', nodeNumber: 'bobNode', outputVariableType: 'Position' },
    ]),
    {
      solverType,
      timeIntegration: { endTime, numberOfSteps, ...extra },
      solutionSettings: { sensorsWritePeriod: endTime / 4000 },
    },
  )
  const p = sensorSeries(recorder, 'P1')
  expect(p.t.length).toBeGreaterThanOrEqual(4000)
  return Math.max(
    ...p.t.map((t, i) => Math.hypot(p.values[i][0] - exactP1(t)[0], p.values[i][1] - exactP1(t)[1])),
  )
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
