// Connectors between two position markers: ConnectorSpringDamper, ConnectorCartesianSpringDamper and
// the distance constraint ConnectorDistance.
import type { ItemDefinition } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import { DEFAULT_COLORS } from '../../system/graphics'
import { SolverError } from '../../solvers/errors'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from './itemFields'
import { TwoMarkerConnector } from './twoMarkerConnector'

export const CONNECTOR_VIS = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR } satisfies ParamSchema

export function lineVisualization(shape: 'helix' | 'line'): ItemDefinition<'object'>['visualize'] {
  return (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const [a, b] = (c as TwoMarkerConnector).endPoints(s)
    const color = it.params.color(
      'Vcolor',
      shape === 'helix' ? DEFAULT_COLORS.connector : DEFAULT_COLORS.joint,
    )
    const size = it.params.number('VdrawSize')
    if (shape === 'helix')
      g.add({ shape: 'helix', from: a, to: b, radius: size > 0 ? size : 0.03, turns: 8, color })
    else g.add({ shape: 'line', points: [...a, ...b], color })
  }
}

/** The item as errors name it, e.g. object "spring" (ConnectorSpringDamper). */
export const itemLabel = (it: { kind: string; name: string; type: string }): string =>
  `${it.kind} "${it.name}" (${it.type})`

/** Coincident markers: the line direction (p1 - p0) / L is undefined at L = 0, a model error. */
export function coincidentMarkers(label: string, what: string, t: number): SolverError {
  return new SolverError(
    'model',
    `${label}: the two markers coincide (length 0), the ${what} direction is undefined`,
    t,
    undefined,
    [label],
  )
}

// One list per class, not an array per connector.
export const LINE_OUTPUTS: readonly string[] = ['Distance', 'Displacement', 'Velocity', 'Force']

export abstract class PairConnector extends TwoMarkerConnector {
  override setupLTG(): void {
    super.setupLTG()
    const w = this.work
    if (w.T.length < 3 * this.ltgODE2.length) w.T = new Float64Array(3 * this.ltgODE2.length)
  }

  /** Entry (a, j) of Jr = [-J0, J1]. */
  private jr(a: number, j: number): number {
    return j < this.n0 ? -this.work.J0[a * this.n0 + j] : this.work.J1[a * this.n1 + j - this.n0]
  }

  /**
   * out (n x n) += Jr^T M3 Jr, Jr = [-J0, J1] = d(p1 - p0)/dq (from jacobians()): the Jacobian of
   * f_lhs = Jr^T f for a force f whose derivative by p1 - p0 (or v1 - v0) is M3. Exact for markers
   * with constant Jacobians (points); on rigid-body markers the change of Jr with the rotation
   * (dJr^T/dq f) is left out, an approximation Newton converges with.
   */
  protected addPairBlock(out: Float64Array): void {
    const n = this.n0 + this.n1,
      M = this.work.M3,
      T = this.work.T
    for (let a = 0; a < 3; a++)
      for (let j = 0; j < n; j++)
        T[a * n + j] = M[3 * a] * this.jr(0, j) + M[3 * a + 1] * this.jr(1, j) + M[3 * a + 2] * this.jr(2, j)
    for (let i = 0; i < n; i++) {
      const r0 = this.jr(0, i),
        r1 = this.jr(1, i),
        r2 = this.jr(2, i)
      if (r0 === 0 && r1 === 0 && r2 === 0) continue
      for (let j = 0; j < n; j++) out[i * n + j] += r0 * T[j] + r1 * T[n + j] + r2 * T[2 * n + j]
    }
  }
}
