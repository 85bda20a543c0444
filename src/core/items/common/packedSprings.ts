// ConnectorSpringDamper between points on translational coordinates or fixed points (nodes, mass
// points, ground), evaluated as one packed loop (PackedForces): the springs' parameters and the
// markers' references, offsets and coordinate indices back to back in two arrays, read front to back.
// The arithmetic is that of SpringDamper.computeODE2LHS with the markers' TranslationPoint / FixedFrame
// kinematics and addForcePair's J^T f with their identity Jacobians, operation for operation
// (the 0 * f terms included), so the sums are bitwise those of the per-object path.
import type {
  ObjectComputation,
  PackedForceKind,
  PackedForces,
  PointKinematics,
} from '../../system/computation'
import type { SystemState } from '../../system/state'
import { FixedFrame, TranslationPoint } from './fixedKinematics'

/** A spring the kernel can take: the law k (L - L0) + d (L' - velocityOffset) + force, no user function. */
export interface PackableSpring extends ObjectComputation {
  readonly markerKinematics: readonly [PointKinematics, PointKinematics]
  /** [referenceLength, stiffness, damping, force, velocityOffset] into out from `at`. */
  writeParameters(out: Float64Array, at: number): void
}

/** Coordinates a point moves with: 0 (fixed), 2 (Point2D-like: x, y) or 3; -1 for other kinematics. */
export function packedPointDim(k: PointKinematics): number {
  if (k instanceof TranslationPoint) return k.dim
  return k instanceof FixedFrame ? 0 : -1
}

/** Per spring: 5 parameters, then per marker reference x, y, z and offset x, y, z. */
const STRIDE = 17
/** Per spring: per marker its dim and three coordinate indices. */
const INT_STRIDE = 8

class PackedSpringDampers implements PackedForces {
  private readonly values: Float64Array
  private readonly ints: Int32Array
  /** A spring's own computeODE2LHS, for the coincident-marker error with its message. */
  private readonly local = new Float64Array(6)
  /** Both markers' position and velocity, [p0, v0, p1, v1]. */
  private readonly pv = new Float64Array(12)

  constructor(private readonly springs: readonly PackableSpring[]) {
    this.values = new Float64Array(STRIDE * springs.length)
    this.ints = new Int32Array(INT_STRIDE * springs.length)
    for (let k = 0; k < springs.length; k++) {
      const [k0, k1] = springs[k].markerKinematics
      this.setPoint(k0, STRIDE * k + 5, INT_STRIDE * k)
      this.setPoint(k1, STRIDE * k + 11, INT_STRIDE * k + 4)
    }
    this.reload()
  }

  /** A marker's dim and indices at ints[c..], its reference (fixed: the point) and offset at values[b..]. */
  private setPoint(kin: PointKinematics, b: number, c: number): void {
    const P = this.values
    if (kin instanceof FixedFrame) {
      for (let i = 0; i < 3; i++) P[b + i] = kin.p[i]
      return
    }
    const point = kin as TranslationPoint,
      r = point.reference,
      dim = point.dim
    this.ints[c] = dim
    for (let i = 0; i < dim; i++) this.ints[c + 1 + i] = point.ltg[i]
    P[b] = r[0]
    P[b + 1] = r[1]
    P[b + 2] = dim === 3 ? r[2] : (r[2] ?? 0) // TranslationPoint.position on planar nodes
    for (let i = 0; i < 3; i++) P[b + 3 + i] = point.offset[i]
  }

  reload(): void {
    for (let k = 0; k < this.springs.length; k++) this.springs[k].writeParameters(this.values, STRIDE * k)
  }

  add(s: SystemState, out: Float64Array): void {
    const w = this.pv,
      P = this.values,
      I = this.ints
    for (let k = 0, b = 0, c = 0; k < this.springs.length; k++, b += STRIDE, c += INT_STRIDE) {
      this.point(s, b + 5, c, 0)
      this.point(s, b + 11, c + 4, 6)
      const dx = w[6] - w[0],
        dy = w[7] - w[1],
        dz = w[8] - w[2]
      const L = Math.sqrt(dx * dx + dy * dy + dz * dz)
      if (L === 0) this.springs[k].computeODE2LHS!(s, this.local) // throws the spring's own error
      const nx = dx / L,
        ny = dy / L,
        nz = dz / L
      const Ldot = nx * (w[9] - w[3]) + ny * (w[10] - w[4]) + nz * (w[11] - w[5])
      const fs = P[b + 1] * (L - P[b]) + P[b + 2] * (Ldot - P[b + 4]) + P[b + 3]
      // J^T f with J the identity rows of each point (addForcePair): -f on marker 0, +f on marker 1.
      const fx = fs * nx,
        fy = fs * ny,
        fz = fs * nz
      const x = fx + 0 * fy + 0 * fz,
        y = 0 * fx + fy + 0 * fz,
        z = 0 * fx + 0 * fy + fz
      const d0 = I[c],
        d1 = I[c + 4]
      if (d0 > 0) {
        out[I[c + 1]] += 0 - x
        out[I[c + 2]] += 0 - y
        if (d0 === 3) out[I[c + 3]] += 0 - z
      }
      if (d1 > 0) {
        out[I[c + 5]] += 0 + x
        out[I[c + 6]] += 0 + y
        if (d1 === 3) out[I[c + 7]] += 0 + z
      }
    }
  }

  /**
   * The marker at ints[c..], values[b..]: position (reference + q) + offset and velocity q' as
   * TranslationPoint computes them (fixed: the point and 0) into pv[at .. at + 6).
   */
  private point(s: SystemState, b: number, c: number, at: number): void {
    const P = this.values,
      I = this.ints,
      w = this.pv,
      q = s.q,
      v = s.v,
      dim = I[c]
    if (dim === 0) {
      for (let i = 0; i < 3; i++) {
        w[at + i] = P[b + i]
        w[at + 3 + i] = 0
      }
      return
    }
    const ix = I[c + 1],
      iy = I[c + 2]
    w[at] = P[b] + q[ix] + P[b + 3]
    w[at + 1] = P[b + 1] + q[iy] + P[b + 4]
    w[at + 3] = v[ix]
    w[at + 4] = v[iy]
    if (dim === 3) {
      w[at + 2] = P[b + 2] + q[I[c + 3]] + P[b + 5]
      w[at + 5] = v[I[c + 3]]
    } else {
      w[at + 2] = P[b + 2] + P[b + 5]
      w[at + 5] = 0
    }
  }
}

export const PACKED_SPRING_DAMPERS: PackedForceKind = {
  pack: (objects) => new PackedSpringDampers(objects as readonly PackableSpring[]),
}
