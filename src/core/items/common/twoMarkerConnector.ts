// Base of connectors between two position markers: local coordinates are the concatenation of the
// markers' coordinates, [marker 0 | marker 1], with buffers for positions, velocities and Jacobians.
import { compactInt32 } from '../../math/packedArrays'
import type { MarkerComputation, ObjectComputation, PointKinematics } from '../../system/computation'
import { PerSystem } from '../../system/perSystem'
import type { SystemState } from '../../system/state'

/**
 * Positions, velocities and position Jacobians of the two markers, shared by the two-marker connectors
 * of one system: they are scratch within one call (gather / jacobians and the arithmetic right after it;
 * no connector call runs inside another one), so one set per system serves all of them instead of a
 * dozen small arrays per spring. J0 and J1 grow in setupLTG to the largest marker set up so far.
 */
export interface TwoMarkerWork {
  p0: Float64Array
  p1: Float64Array
  v0: Float64Array
  v1: Float64Array
  J0: Float64Array
  J1: Float64Array
  /**
   * Pair connectors (pairConnector.ts): M3, the 3 x 3 derivative of a force law f(p1 - p0, v1 - v0)
   * with the solver's factors; T = M3 Jr (grown in setupLTG); the unit vector along the markers'
   * line; the force vector; P dv, the relative velocity across the line.
   */
  M3: Float64Array
  T: Float64Array
  direction: Float64Array
  force: Float64Array
  transverseVelocity: Float64Array
  /**
   * |p1 - p0| beside `direction` (ConnectorDistance): a field, not a return value, which V8 boxes when
   * the call is not inlined.
   */
  lineLength: number
}

export const TWO_MARKER_WORK = new PerSystem<TwoMarkerWork>(() => ({
  p0: new Float64Array(3),
  p1: new Float64Array(3),
  v0: new Float64Array(3),
  v1: new Float64Array(3),
  J0: new Float64Array(0),
  J1: new Float64Array(0),
  M3: new Float64Array(9),
  T: new Float64Array(0),
  direction: new Float64Array(3),
  force: new Float64Array(3),
  transverseVelocity: new Float64Array(3),
  lineLength: NaN,
}))

/** ltgODE2 before setupLTG (no coordinates yet); shared, never written. */
const NOT_SET_UP = new Int32Array(0)

export abstract class TwoMarkerConnector implements ObjectComputation {
  ltgODE2: Int32Array = NOT_SET_UP
  aeIndex = 0
  dataIndex = 0
  abstract readonly nAE: number
  readonly nData: number = 0
  protected readonly k0: PointKinematics
  protected readonly k1: PointKinematics
  protected n0 = 0
  protected n1 = 0

  constructor(
    markers: MarkerComputation[],
    protected readonly work: TwoMarkerWork,
  ) {
    this.k0 = markers[0].kinematics!
    this.k1 = markers[1].kinematics!
  }

  // this.work's arrays (p0, p1, v0, v1, J0, J1) are valid only within the call that filled them; read
  // through `work`, not copied to fields (72 B per connector with PairConnector's; a lattice has 20,000).

  setupLTG(): void {
    const a = this.k0.ltg,
      b = this.k1.ltg
    this.n0 = a.length
    this.n1 = b.length
    if (this.ltgODE2.length !== a.length + b.length) this.ltgODE2 = compactInt32(a.length + b.length)
    this.ltgODE2.set(a, 0)
    this.ltgODE2.set(b, a.length)
    const w = this.work
    if (w.J0.length < 3 * a.length) w.J0 = new Float64Array(3 * a.length)
    if (w.J1.length < 3 * b.length) w.J1 = new Float64Array(3 * b.length)
  }

  /** Positions and velocities of both markers into p0, p1, v0, v1. */
  protected gather(s: SystemState): void {
    this.k0.position(s, this.work.p0)
    this.k1.position(s, this.work.p1)
    this.k0.velocity(s, this.work.v0)
    this.k1.velocity(s, this.work.v1)
  }

  /** Both markers' positions, for drawing. */
  endPoints(s: SystemState): [number[], number[]] {
    this.gather(s)
    return [[...this.work.p0], [...this.work.p1]]
  }

  protected jacobians(s: SystemState): void {
    this.k0.positionJacobian(s, this.work.J0)
    this.k1.positionJacobian(s, this.work.J1)
  }

  /** out[local] += J1^T f - J0^T f: the generalized LHS of a force f acting on marker 1 (and -f on 0). */
  protected addForcePair(f: Float64Array, out: Float64Array): void {
    const n0 = this.n0,
      n1 = this.n1
    for (let j = 0; j < n0; j++)
      out[j] -= this.work.J0[j] * f[0] + this.work.J0[n0 + j] * f[1] + this.work.J0[2 * n0 + j] * f[2]
    for (let j = 0; j < n1; j++)
      out[n0 + j] += this.work.J1[j] * f[0] + this.work.J1[n1 + j] * f[1] + this.work.J1[2 * n1 + j] * f[2]
  }

  /** row (length n0 + n1) = d(a . (p1 - p0))/dq for a fixed vector a. */
  protected projectRow(a: Float64Array, out: Float64Array, offset: number): void {
    const n0 = this.n0,
      n1 = this.n1
    for (let j = 0; j < n0; j++)
      out[offset + j] = -(
        this.work.J0[j] * a[0] +
        this.work.J0[n0 + j] * a[1] +
        this.work.J0[2 * n0 + j] * a[2]
      )
    for (let j = 0; j < n1; j++)
      out[offset + n0 + j] =
        this.work.J1[j] * a[0] + this.work.J1[n1 + j] * a[1] + this.work.J1[2 * n1 + j] * a[2]
  }
}
