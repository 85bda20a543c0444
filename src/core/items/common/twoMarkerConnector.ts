// Base of connectors between two position markers: local coordinates are the concatenation of the
// markers' coordinates, [marker 0 | marker 1], with buffers for positions, velocities and Jacobians.
import { packedInt32 } from '../../math/packedArrays'
import type { MarkerComputation, ObjectComputation, PointKinematics } from '../../system/computation'
import type { SystemState } from '../../system/state'

/**
 * Positions, velocities and position Jacobians of the two markers, shared by every two-marker
 * connector: they are scratch within one call (gather / jacobians and the arithmetic right after it;
 * no connector call runs inside another one), so one set serves all of them. Per-instance arrays were
 * about a dozen small typed arrays per spring that lived as long as the system; on a 20,000-spring
 * lattice allocating them made garbage collections of 60-95 ms during the build. J0 and J1 grow in
 * setupLTG to the largest marker set up so far.
 */
const W = {
  p0: new Float64Array(3),
  p1: new Float64Array(3),
  v0: new Float64Array(3),
  v1: new Float64Array(3),
  J0: new Float64Array(0),
  J1: new Float64Array(0),
}

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
  // The shared work arrays above (references, not copies): valid only within the call that filled them.
  protected readonly p0 = W.p0
  protected readonly p1 = W.p1
  protected readonly v0 = W.v0
  protected readonly v1 = W.v1
  protected J0 = W.J0
  protected J1 = W.J1

  constructor(markers: MarkerComputation[]) {
    this.k0 = markers[0].kinematics!
    this.k1 = markers[1].kinematics!
  }

  setupLTG(): void {
    const a = this.k0.ltg,
      b = this.k1.ltg
    this.n0 = a.length
    this.n1 = b.length
    if (this.ltgODE2.length !== a.length + b.length) this.ltgODE2 = packedInt32(a.length + b.length)
    this.ltgODE2.set(a, 0)
    this.ltgODE2.set(b, a.length)
    if (W.J0.length < 3 * a.length) W.J0 = new Float64Array(3 * a.length)
    if (W.J1.length < 3 * b.length) W.J1 = new Float64Array(3 * b.length)
    this.J0 = W.J0
    this.J1 = W.J1
  }

  /** Positions and velocities of both markers into p0, p1, v0, v1. */
  protected gather(s: SystemState): void {
    this.k0.position(s, this.p0)
    this.k1.position(s, this.p1)
    this.k0.velocity(s, this.v0)
    this.k1.velocity(s, this.v1)
  }

  /** Both markers' positions, for drawing. */
  endPoints(s: SystemState): [number[], number[]] {
    this.gather(s)
    return [[...this.p0], [...this.p1]]
  }

  protected jacobians(s: SystemState): void {
    this.k0.positionJacobian(s, this.J0)
    this.k1.positionJacobian(s, this.J1)
  }

  /** out[local] += J1^T f - J0^T f: the generalized LHS of a force f acting on marker 1 (and -f on 0). */
  protected addForcePair(f: Float64Array, out: Float64Array): void {
    const n0 = this.n0,
      n1 = this.n1
    for (let j = 0; j < n0; j++)
      out[j] -= this.J0[j] * f[0] + this.J0[n0 + j] * f[1] + this.J0[2 * n0 + j] * f[2]
    for (let j = 0; j < n1; j++)
      out[n0 + j] += this.J1[j] * f[0] + this.J1[n1 + j] * f[1] + this.J1[2 * n1 + j] * f[2]
  }

  /** row (length n0 + n1) = d(a . (p1 - p0))/dq for a fixed vector a. */
  protected projectRow(a: Float64Array, out: Float64Array, offset: number): void {
    const n0 = this.n0,
      n1 = this.n1
    for (let j = 0; j < n0; j++)
      out[offset + j] = -(this.J0[j] * a[0] + this.J0[n0 + j] * a[1] + this.J0[2 * n0 + j] * a[2])
    for (let j = 0; j < n1; j++)
      out[offset + n0 + j] = this.J1[j] * a[0] + this.J1[n1 + j] * a[1] + this.J1[2 * n1 + j] * a[2]
  }
}
