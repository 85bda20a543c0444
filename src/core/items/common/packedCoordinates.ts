// ConnectorCoordinateSpringDamper and LoadCoordinate evaluated as packed loops (PackedForces /
// PackedLoads): per item its two (one) coordinate indices and its live parameters back to back, read
// front to back. The arithmetic is that of CoordinateSpringDamper.computeODE2LHS added through the
// evaluator's zeroed local vector (0 - f on q0, 0 + f on q1, in ltg order) and of CoordinateLoad.addLoad,
// operation for operation, so the sums are bitwise those of the per-item path. A small system (one
// spring, one load) is spared the evaluator's per-item calls as a lattice is spared its scattered objects.
import type {
  LoadComputation,
  ObjectComputation,
  PackedForceKind,
  PackedForces,
  PackedLoadKind,
  PackedLoads,
} from '../../system/computation'
import type { SystemState } from '../../system/state'

/** A spring the kernel can take: active, the linear law with dry friction, no user function. */
export interface PackableCoordinateSpring extends ObjectComputation {
  /** Global index of each marker's coordinate, -1 where it is fixed (set up with the ltg). */
  readonly coordinateIndices: Int32Array
  /** [stiffness, damping, offset, velocityOffset, dryFriction, dryFrictionProportionalZone] from `at`. */
  writeParameters(out: Float64Array, at: number): void
}

/** Per spring: its 6 parameters. */
const STRIDE = 6

class PackedCoordinateSprings implements PackedForces {
  private readonly values: Float64Array
  /** Per spring the global indices of q0 and q1 (-1: fixed at 0). */
  private readonly ints: Int32Array

  constructor(private readonly springs: readonly PackableCoordinateSpring[]) {
    this.values = new Float64Array(STRIDE * springs.length)
    this.ints = new Int32Array(2 * springs.length)
    springs.forEach((s, k) => this.ints.set(s.coordinateIndices, 2 * k))
    this.reload()
  }

  reload(): void {
    for (let k = 0; k < this.springs.length; k++) this.springs[k].writeParameters(this.values, STRIDE * k)
  }

  add(s: SystemState, out: Float64Array): void {
    const P = this.values,
      I = this.ints,
      q = s.q,
      v = s.v
    for (let k = 0, b = 0; k < this.springs.length; k++, b += STRIDE) {
      const g0 = I[2 * k],
        g1 = I[2 * k + 1]
      const dq = (g1 >= 0 ? q[g1] : 0) - (g0 >= 0 ? q[g0] : 0)
      const dv = (g1 >= 0 ? v[g1] : 0) - (g0 >= 0 ? v[g0] : 0)
      let f = P[b] * (dq - P[b + 2]) + P[b + 1] * (dv - P[b + 3])
      const dry = P[b + 4]
      if (dry !== 0) {
        const z = P[b + 5]
        f += dry * (z > 0 && Math.abs(dv) < z ? dv / z : Math.sign(dv))
      }
      if (g0 >= 0) out[g0] += 0 - f
      if (g1 >= 0) out[g1] += 0 + f
    }
  }
}

export const PACKED_COORDINATE_SPRINGS: PackedForceKind = {
  pack: (objects) => new PackedCoordinateSprings(objects as readonly PackableCoordinateSpring[]),
}

/** A load the kernel can take: a scalar on one coordinate, constant unless it has a time function. */
export interface PackableCoordinateLoad extends LoadComputation {
  /** The coordinate's global index, -1 on a fixed one. */
  readonly coordinateIndex: number
  /** The load value when it is constant, else undefined (a time function: its own addLoad). */
  readonly constantLoad: number | undefined
}

class PackedCoordinateLoads implements PackedLoads {
  /** Per load its coordinate index, -1 when it has none, -2 when it goes through its own addLoad. */
  private readonly ints: Int32Array
  private readonly values: Float64Array

  constructor(private readonly loads: readonly PackableCoordinateLoad[]) {
    this.ints = new Int32Array(loads.length)
    this.values = new Float64Array(loads.length)
    this.reload()
  }

  reload(): void {
    this.loads.forEach((load, k) => {
      const value = load.constantLoad
      this.ints[k] = value === undefined ? -2 : load.coordinateIndex
      this.values[k] = value ?? 0
    })
  }

  add(s: SystemState, f: Float64Array, factor: number): void {
    const I = this.ints,
      V = this.values
    for (let k = 0; k < this.loads.length; k++) {
      const i = I[k]
      if (i >= 0) f[i] += factor * V[k]
      else if (i === -2) this.loads[k].addLoad(s, f, factor)
    }
  }
}

export const PACKED_COORDINATE_LOADS: PackedLoadKind = {
  pack: (loads) => new PackedCoordinateLoads(loads as readonly PackableCoordinateLoad[]),
}
