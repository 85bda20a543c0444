// Shared building blocks of item definitions: parameter specs that many items repeat, and small
// kinematics classes for points on nodes and bodies.
import type { FrameKinematics, PointKinematics } from '../../system/computation'
import type { SystemState } from '../../system/state'

/** No coordinates: one empty array for all fixed points, never written. */
const NO_COORDINATES = new Int32Array(0)

/** A point rigidly attached to nothing (ground). */
export class FixedFrame implements FrameKinematics {
  readonly ltg = NO_COORDINATES
  constructor(
    readonly p: Float64Array,
    private readonly R: Float64Array,
  ) {}
  position(_s: SystemState, out: Float64Array): void {
    out[0] = this.p[0]
    out[1] = this.p[1]
    out[2] = this.p[2]
  }
  velocity(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  acceleration(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  positionJacobian(): void {}
  rotationMatrix(_s: SystemState, out: Float64Array): void {
    out.set(this.R)
  }
  angularVelocity(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  rotationJacobian(): void {}
  rotationParameters(_s: SystemState, out: Float64Array): number {
    out.fill(0, 0, 3)
    return 3
  }
}

/**
 * A point on translational coordinates: position = reference + q[ltg] (+ a constant offset), with
 * `dim` = 3 for Point nodes and 2 for Point2D nodes (z stays at the reference).
 */
/** The zero offset of a point at its node: one for all such points (a lattice has 10^4), never written. */
export const NO_OFFSET = new Float64Array(3)

export class TranslationPoint implements PointKinematics {
  /**
   * @param ltg shared with the owner (node or body), which fills it in place at setup, so points
   *   created before assembly stay valid.
   */
  constructor(
    readonly dim: 2 | 3,
    readonly reference: Float64Array,
    readonly ltg: Int32Array,
    readonly offset: Float64Array = NO_OFFSET,
  ) {}
  position(s: SystemState, out: Float64Array): void {
    const q = s.q,
      l = this.ltg
    out[0] = this.reference[0] + q[l[0]] + this.offset[0]
    out[1] = this.reference[1] + q[l[1]] + this.offset[1]
    out[2] = (this.dim === 3 ? this.reference[2] + q[l[2]] : (this.reference[2] ?? 0)) + this.offset[2]
  }
  velocity(s: SystemState, out: Float64Array): void {
    this.copy(s.v, out)
  }
  acceleration(s: SystemState, out: Float64Array): void {
    this.copy(s.a, out)
  }
  private copy(x: Float64Array, out: Float64Array): void {
    const l = this.ltg
    out[0] = x[l[0]]
    out[1] = x[l[1]]
    out[2] = this.dim === 3 ? x[l[2]] : 0
  }
  positionJacobian(_s: SystemState, out: Float64Array): void {
    const d = this.dim
    out.fill(0, 0, 3 * d)
    for (let i = 0; i < d; i++) out[i * d + i] = 1
  }
}

/** Reads a 3-vector parameter that may be given with 2 components for planar items. */
export function vec3(v: Float64Array): Float64Array {
  const out = new Float64Array(3)
  out.set(v.subarray(0, Math.min(3, v.length)))
  return out
}
