// Minimum-norm multipliers of redundant constraints, for output only (sensors): with equations dropped
// (constraintRank.ts) the solver's multipliers lambda are one of many with the same generalized reaction
// r = C_q^T lambda; the one reported is the least-norm lambda* with C_q^T lambda* = r, i.e. lambda less
// its part in null(C_q^T) (a duplicated joint: each copy half the load). The null space comes from
// Gram-Schmidt on the rows [c_i | e_i] of [C_q | I], the coefficients taken from the C_q part only: the
// identity part records each basis vector as a combination of the original rows, so a dropped row
// reduced against the kept ones leaves [~0 | u] with C_q^T u = ~0 (its remainder, at most
// DEPENDENCE_TOLERANCE of the row). Then lambda* = lambda - U U^T lambda for U the orthonormalized u.
// Dense over [ODE2 | AE] and allocation-free per call; the integration keeps its own lambda.
import type { CompiledSystem } from './compiledSystem'
import type { ObjectComputation } from './computation'
import { DEPENDENCE_TOLERANCE, MAX_DENSE_ENTRIES } from './constraintRank'
import type { SystemState } from './state'

export class MinimumNormMultipliers {
  private readonly n2: number
  private readonly nAE: number
  /** Row width: the C_q part (n2) and the identity part (nAE). */
  private readonly width: number
  private readonly objects: ObjectComputation[]
  /** One augmented row per active equation, in equation order (rows x width). */
  private readonly rows: Float64Array
  /** The global AE index of each stored row; its size (norm of c_i) before orthogonalization. */
  private readonly index: Int32Array
  private readonly size: Float64Array
  /** The order rows are taken in (kept first), and which of them are in the basis (1) or null space (2). */
  private readonly order: Int32Array
  private readonly role: Uint8Array
  private readonly local: Float64Array

  private constructor(
    system: CompiledSystem,
    private readonly velocityLevel: boolean,
  ) {
    this.n2 = system.nODE2
    this.nAE = system.nAE
    this.width = this.n2 + this.nAE
    this.objects = system.objects
      .map((r) => r.computation)
      .filter((o) => o.nAE > 0 && !o.inactiveConstraint && o.computeAEJacobian)
    const count = this.objects.reduce((n, o) => n + o.nAE, 0)
    this.rows = new Float64Array(count * this.width)
    this.index = new Int32Array(count)
    this.size = new Float64Array(count)
    this.order = new Int32Array(count)
    this.role = new Uint8Array(count)
    this.local = new Float64Array(Math.max(0, ...this.objects.map((o) => o.nAE * o.ltgODE2.length)))
  }

  /** The projector of a system, or null when it is too large for the dense rows (MAX_DENSE_ENTRIES). */
  static create(system: CompiledSystem, velocityLevel: boolean): MinimumNormMultipliers | null {
    const { nAE, nODE2 } = system
    return nAE * (nODE2 + nAE) > MAX_DENSE_ENTRIES ? null : new MinimumNormMultipliers(system, velocityLevel)
  }

  /**
   * lambda (the solver's multipliers at state s, the dropped rows marked 1 in dropped) becomes the
   * minimum-norm multipliers with the same generalized reaction C_q(s)^T lambda, in place.
   */
  project(s: SystemState, dropped: Uint8Array, lambda: Float64Array): void {
    const count = this.fillRows(s)
    let next = 0
    for (let k = 0; k < count; k++) if (!dropped[this.index[k]]) this.order[next++] = k
    for (let k = 0; k < count; k++) if (dropped[this.index[k]]) this.order[next++] = k
    for (let j = 0; j < count; j++) {
      const k = this.order[j]
      for (let pass = 0; pass < 2; pass++)
        for (let i = 0; i < j; i++) {
          const b = this.order[i]
          if (this.role[b] === 1) this.reduce(k, b, 0, this.n2)
        }
      const rest = this.norm(k, 0, this.n2)
      // A kept row found dependent here (between the solver's rank checks) also spans null(C_q^T).
      this.role[k] = dropped[this.index[k]] || rest <= DEPENDENCE_TOLERANCE * this.size[k] ? 2 : 1
      if (this.role[k] === 1) this.scale(k, 1 / rest)
    }
    // Orthonormalize the null vectors u (identity parts) among themselves and remove them from lambda.
    const n2 = this.n2,
      w = this.width
    for (let j = 0; j < count; j++) {
      const k = this.order[j]
      if (this.role[k] !== 2) continue
      for (let pass = 0; pass < 2; pass++)
        for (let i = 0; i < j; i++) {
          const b = this.order[i]
          if (this.role[b] === 2) this.reduce(k, b, n2, w)
        }
      const u = this.norm(k, n2, w)
      if (u === 0) continue
      this.scale(k, 1 / u)
      let c = 0
      for (let i = 0; i < this.nAE; i++) c += this.rows[k * w + n2 + i] * lambda[i]
      for (let i = 0; i < this.nAE; i++) lambda[i] -= c * this.rows[k * w + n2 + i]
    }
  }

  /** The augmented rows [c_i | e_i] at s; returns their number. */
  private fillRows(s: SystemState): number {
    const rows = this.rows,
      w = this.width,
      local = this.local
    rows.fill(0)
    let k = 0
    for (const o of this.objects) {
      const ltg = o.ltgODE2,
        n = ltg.length
      o.computeAEJacobian!(s, local, this.velocityLevel || o.velocityLevelConstraint === true)
      for (let e = 0; e < o.nAE; e++, k++) {
        for (let j = 0; j < n; j++) rows[k * w + ltg[j]] += local[e * n + j]
        rows[k * w + this.n2 + o.aeIndex + e] = 1
        this.index[k] = o.aeIndex + e
        this.size[k] = this.norm(k, 0, this.n2)
      }
    }
    return k
  }

  /** row k -= (b . k over [from, to)) row b over the whole width, for a row b of unit norm there. */
  private reduce(k: number, b: number, from: number, to: number): void {
    const rows = this.rows,
      w = this.width
    let c = 0
    for (let i = from; i < to; i++) c += rows[b * w + i] * rows[k * w + i]
    for (let i = 0; i < w; i++) rows[k * w + i] -= c * rows[b * w + i]
  }

  private norm(k: number, from: number, to: number): number {
    let sum = 0
    for (let i = from; i < to; i++) sum += this.rows[k * this.width + i] ** 2
    return Math.sqrt(sum)
  }

  private scale(k: number, factor: number): void {
    for (let i = 0; i < this.width; i++) this.rows[k * this.width + i] *= factor
  }
}
