// Force loads on points whose position Jacobian is [I 0] (ForceVector, MassProportional on mass points,
// and on rigid bodies at their node's origin, as gravity at a centre of mass there), evaluated as one
// packed loop (PackedLoads): per load its translation coordinates and, while its vector is constant, the
// sums of VectorLoad.addLoad's J^T F with the identity (the 0 * F terms included), fixed until a
// parameter changes, so f gets bitwise the per-load values. The rotation columns of a rigid body's J are
// exactly zero there, and adding a zero leaves every entry of f as it is (f is summed from +0, so no
// entry is -0). Loads with time functions go through their own addLoad, in their place.
import type { LoadComputation, PackedLoadKind, PackedLoads } from '../../system/computation'
import type { SystemState } from '../../system/state'

/** The translation coordinates of a point with position Jacobian [I 0]: the first dim of ltg. */
export interface TranslationCoordinates {
  readonly dim: 2 | 3
  readonly ltg: Int32Array
}

/** A load the kernel can take: a force on such a point, its value scale * loadVector. */
export interface PackableLoad extends LoadComputation {
  readonly translation: TranslationCoordinates
  /** F into out when constant; false when it has time functions. */
  constantForce(out: Float64Array): boolean
}

/** Per load: dim (0: through its own addLoad) and three coordinate indices. */
const INT_STRIDE = 4

class PackedPointForces implements PackedLoads {
  private readonly ints: Int32Array
  /** Per load, per coordinate j: J[j] F0 + J[n + j] F1 + J[2n + j] F2 (addJT's sum). */
  private readonly sums: Float64Array
  private readonly F = new Float64Array(3)

  constructor(private readonly loads: readonly PackableLoad[]) {
    this.ints = new Int32Array(INT_STRIDE * loads.length)
    this.sums = new Float64Array(3 * loads.length)
    loads.forEach((load, k) => {
      const point = load.translation
      for (let i = 0; i < point.dim; i++) this.ints[INT_STRIDE * k + 1 + i] = point.ltg[i]
    })
    this.reload()
  }

  reload(): void {
    const F = this.F
    this.loads.forEach((load, k) => {
      const constant = load.constantForce(F)
      const dim = load.translation.dim
      this.ints[INT_STRIDE * k] = constant ? dim : 0
      const at = 3 * k
      this.sums[at] = F[0] + 0 * F[1] + 0 * F[2]
      this.sums[at + 1] = 0 * F[0] + F[1] + 0 * F[2]
      this.sums[at + 2] = 0 * F[0] + 0 * F[1] + F[2]
    })
  }

  add(s: SystemState, f: Float64Array, factor: number): void {
    const I = this.ints,
      S = this.sums
    for (let k = 0, c = 0, b = 0; k < this.loads.length; k++, c += INT_STRIDE, b += 3) {
      const dim = I[c]
      if (dim === 0) {
        this.loads[k].addLoad(s, f, factor)
        continue
      }
      f[I[c + 1]] += factor * S[b]
      f[I[c + 2]] += factor * S[b + 1]
      if (dim === 3) f[I[c + 3]] += factor * S[b + 2]
    }
  }
}

export const PACKED_POINT_FORCES: PackedLoadKind = {
  pack: (loads) => new PackedPointForces(loads as readonly PackableLoad[]),
}
