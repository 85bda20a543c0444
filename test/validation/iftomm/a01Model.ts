// IFToMM A01 (A Coruna MBS benchmark library): a planar simple pendulum, a 1 kg point mass on a
// massless 1 m link, released at rest from the horizontal (P1 at x = +1 m), gravity 9.81 -y, 2000 s;
// high precision: P1 within 1e-3 m at 4000 output steps. Model: helpers.pendulumModel (MassPoint2D on a
// ConnectorDistance). Reference (exact): with k = sin(theta0 / 2), w = sqrt(g/L),
// sin(theta/2) = k sn(K(k) - w t | k), so x = 2 L k sn dn and y = -L (1 - 2 k^2 sn^2), Jacobi's sn and
// dn by the arithmetic-geometric mean (helpers.jacobi, A&S 16.4): no integration error to accumulate.
import { ellipticK, GRAVITY, jacobi, pendulumModel, run, sensorSeries } from '../helpers'

export const A01 = { L: 1, theta0: Math.PI / 2 }

/** P1 of the exact motion at time t. */
export function exactP1(t: number): [number, number] {
  const { L, theta0 } = A01
  const k = Math.sin(theta0 / 2)
  const [sn] = jacobi(ellipticK(k) - Math.sqrt(GRAVITY / L) * t, k * k)
  const dn = Math.sqrt(1 - k * k * sn * sn) // > 0; the AGM's dn is 0/0 at u = K (t = 0)
  return [2 * L * k * sn * dn, -L * (1 - 2 * k * k * sn * sn)]
}

/** A01 run to endTime with P1 written 4000 times: the outputs, max |P1 - exact| over them, the steps. */
export function a01MaxError(
  solverType: string,
  endTime: number,
  numberOfSteps: number,
  extra: object = {},
): { outputs: number; maxError: number; steps: number } {
  const { recorder, stats } = run(
    pendulumModel(A01.theta0, A01.L, [
      { type: 'Node', name: 'P1', nodeNumber: 'bobNode', outputVariableType: 'Position' },
    ]),
    {
      solverType,
      timeIntegration: { endTime, numberOfSteps, ...extra },
      solutionSettings: { sensorsWritePeriod: endTime / 4000 },
    },
  )
  const p = sensorSeries(recorder, 'P1')
  const maxError = Math.max(
    ...p.t.map((t, i) => Math.hypot(p.values[i][0] - exactP1(t)[0], p.values[i][1] - exactP1(t)[1])),
  )
  return { outputs: p.t.length, maxError, steps: stats.steps }
}
