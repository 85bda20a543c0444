// Projection onto the constraint manifold after a step (Hairer-Wanner II, section VII.2; Eich 1993 for
// index-2 formulations): the positions onto g(q, t) = 0, then the velocities onto C_q q' + g_t = 0,
// each by the (regularized) minimum-norm correction
//   [[I, C_q^T], [C_q, -eps I]] [dq; mu] = [0; -g],   dq = -C_q^T (C_q C_q^T + eps I)^-1 g
// (at most 3 iterations on the positions, then the velocities once). Used by the explicit solvers
// (index-1 form): Newton, C_q at each iterate and the velocities' at the projected positions; and by
// the index-2 trapezoidal rule, whose velocity-level constraints alone let the positions drift by
// O(h^2) over a run: simplified Newton with C_q of the step end for all of it (one factorization per
// step), as its drift per step is O(h^3) and C_q moves with it by as little.
// Every equation takes part, also those a solver dropped as dependent (constraintRank.ts): eps keeps
// the matrix regular along a dependence (C_q^T u = 0, so that direction moves nothing), and the
// projection does not depend on which equations were dropped, whose kept set can be far worse
// conditioned than C_q (Bricard's linkage: a smallest singular value of 2e-3 against 0.14).
// Velocity-level constraints and inactive connectors have no position-level equation to project on.
import type { SystemEvaluator } from '../system/evaluator'
import type { SystemMatrix } from '../system/matrix'
import type { ObjectComputation } from '../system/computation'
import type { SystemState } from '../system/state'

/** Position iterations stop when every position-level residual is below this (round-off of g). */
const POSITION_TOLERANCE = 1e-14
const MAX_POSITION_ITERATIONS = 3
/**
 * eps, against the unit block I (joint rows are unit vectors and lever arms, O(1) in SI units): far
 * below C_q C_q^T along the constraints (each iteration converges up to a factor eps / sigma^2), far
 * above the LU's singular-pivot threshold (1e-14 n of the largest entry) along a dependence.
 */
const REGULARIZATION = 1e-9

export class ConstraintProjection {
  private readonly n2: number
  private readonly nAE: number
  private readonly g: Float64Array
  private readonly rhs: Float64Array
  /** 1 per algebraic equation with a position-level form (set before each projection). */
  private readonly positionLevel: Uint8Array
  private readonly constraintObjects: ObjectComputation[]
  /** The matrix positions of the diagonal, and what the projection adds there (1, then -eps or 0). */
  private readonly diagonalSlots: Int32Array
  private readonly diagonal: Float64Array

  /**
   * factorize factorizes matrix as assembled: true when done, false for a singular one to skip.
   * jacobianPerIteration: Newton (C_q at every iterate) rather than simplified Newton.
   */
  constructor(
    private readonly evaluator: SystemEvaluator,
    readonly matrix: SystemMatrix,
    private readonly factorize: () => boolean,
    private readonly jacobianPerIteration: boolean,
  ) {
    const system = evaluator.system
    this.n2 = system.nODE2
    this.nAE = system.nAE
    const n = this.n2 + this.nAE
    this.g = new Float64Array(this.nAE)
    this.rhs = new Float64Array(n)
    this.positionLevel = new Uint8Array(this.nAE)
    this.constraintObjects = system.objects.map((r) => r.computation).filter((o) => o.nAE > 0)
    this.diagonalSlots = Int32Array.from({ length: n }, (_, i) => matrix.slots([i], 0, [i], 0)[0])
    this.diagonal = new Float64Array(n).fill(1, 0, this.n2)
  }

  /**
   * Projects s.q and s.v; false when a factorization was skipped (the corrections made before it
   * stay). matrix holds the last assembly afterwards.
   */
  project(s: SystemState): boolean {
    const ev = this.evaluator
    // All equations, the dropped ones too (see above); the solver's set is put back.
    const dropped = ev.dependentRows
    ev.dependentRows = null
    try {
      return this.projectAll(s)
    } finally {
      ev.dependentRows = dropped
    }
  }

  private projectAll(s: SystemState): boolean {
    const n2 = this.n2,
      nAE = this.nAE
    const ev = this.evaluator,
      m = this.matrix,
      g = this.g,
      rhs = this.rhs
    const mark = this.positionLevel
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      mark.fill(o.inactiveConstraint || o.velocityLevelConstraint ? 0 : 1, o.aeIndex, o.aeIndex + o.nAE)
    }
    let assembled = false
    for (let it = 0; it < MAX_POSITION_ITERATIONS; it++) {
      ev.constraints(s, g, false)
      let err = 0
      for (let k = 0; k < nAE; k++) {
        if (mark[k] === 0) g[k] = 0
        err = Math.max(err, Math.abs(g[k]))
      }
      if (err < POSITION_TOLERANCE) break
      if (this.jacobianPerIteration || !assembled) {
        if (!this.assemble(s)) return false
        assembled = true
      }
      rhs.fill(0, 0, n2)
      for (let k = 0; k < nAE; k++) rhs[n2 + k] = -g[k]
      m.solve(rhs)
      for (let i = 0; i < n2; i++) s.q[i] += rhs[i]
    }
    if ((this.jacobianPerIteration || !assembled) && !this.assemble(s)) return false
    ev.constraintJacobianTimesVelocity(s, g)
    ev.addConstraintTimeTerm(s, g, 'velocity', 1)
    rhs.fill(0, 0, n2)
    for (let k = 0; k < nAE; k++) rhs[n2 + k] = -g[k]
    m.solve(rhs)
    for (let i = 0; i < n2; i++) s.v[i] += rhs[i]
    return true
  }

  /** [[I, C_q^T], [C_q, -eps I]] at s, factorized; false: singular and skipped. */
  private assemble(s: SystemState): boolean {
    const m = this.matrix,
      n2 = this.n2
    const diagonal = this.diagonal
    // A loop, not fill: a double passed to the builtin is boxed, per projection.
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      const value = o.inactiveConstraint ? 0 : -REGULARIZATION
      for (let k = n2 + o.aeIndex; k < n2 + o.aeIndex + o.nAE; k++) diagonal[k] = value
    }
    m.zero()
    m.addAt(this.diagonalSlots, 0, diagonal.length, diagonal, 1)
    this.evaluator.addConstraintJacobian(s, m, n2, false, 1, 1, 1)
    return this.factorize()
  }
}
