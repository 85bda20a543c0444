// Explicit Runge-Kutta solvers on y = [q, q'], one stage loop for every tableau of explicitTableaus.ts
// (ExplicitEuler, ExplicitMidpoint, RK33, RK44, RK67; ODE23 and DOPRI5 with error control). A step of s
// stages costs s evaluations: the first stage is f(y_n) from the end of the previous step, and
// first-same-as-last tableaus take f(y_n+1) from their last stage. Accelerations come from
//   unconstrained: M q'' = f_loads - f_lhs
// constrained (index-1 form): [[M, C_q^T], [C_q, 0]] [q''; lambda] = [f_loads - f_lhs; -(d/dt C_q) q' - g_tt]
// and after each step the coordinates and velocities are projected back onto the constraint manifold
// (g(q) = 0, C_q q' = 0), so constraints do not drift.
// Without constraints, when every coordinate's mass comes from one object that solves its own mass
// matrix (kinematic trees: the articulated-body algorithm, O(n)), no matrix is assembled at all; an
// object that also computes its accelerations itself (computeAccelerations) gets the forces of
// everything else and its own f_lhs is never evaluated separately.
import type { SimulationSettings } from '../model/settings'
import type { CompiledSystem } from '../system/compiledSystem'
import { DenseSystemMatrix, type SystemMatrix } from '../system/matrix'
import type { ObjectComputation } from '../system/computation'
import { createSystemMatrix } from '../system/sparseMatrix'
import { copyInto } from '../math/smallArrays'
import { ConstraintProjection } from './constraintProjection'
import { dropForSingularMatrix, updateDroppedEquations } from './droppedEquations'
import { SolverError } from './errors'
import { SolverBase, STEP_GROWTH_LIMIT, type SolverOptions } from './solverBase'
import {
  EXPLICIT_TABLEAUS,
  firstSameAsLast,
  isExplicitSolverType,
  type ButcherTableau,
} from './explicitTableaus'

export class ExplicitSolver extends SolverBase {
  readonly solverType: string
  private readonly tableau: ButcherTableau
  private readonly adaptive: boolean
  /** Explicit Euler with fixed steps: one stage of weight 1, taken in place (eulerStep). */
  private readonly inPlaceEuler: boolean
  /** The last stage is f(y_n+1) (first same as last) and no projection moves y_n+1 after it. */
  private reuseLastStage = false
  protected override get errorControlledSteps(): boolean {
    return this.adaptive
  }
  /** Fixed steps leave h and the time tolerances as they are: steps can run back to back. */
  protected override get plainStepsSupported(): boolean {
    return !this.adaptive
  }
  private n2 = 0
  private nAE = 0
  private matrix!: SystemMatrix
  /** Projection onto the constraints after each step, on matrix (made with it). */
  private projection!: ConstraintProjection
  /** The objects that solve M q'' = rhs themselves, covering every coordinate; null: the matrix path. */
  private massSolvers: ObjectComputation[] | null = null
  /**
   * With massSolvers: the force objects whose f_lhs goes into rhs (all but those computing their own
   * accelerations).
   */
  private otherForceObjects: ObjectComputation[] = []
  private massFactorized = false
  private constantMass = false
  /**
   * The factorized constant mass matrix is diagonal (lumped masses, dense): q''_i = rhs_i / M_ii
   * straight from the forces, what the dense LU's solve computes for it, bit for bit.
   */
  private diagonalMass = false
  private massDiagonal = new Float64Array(0)
  /** massDiagonal was taken from the mass objects (constantDiagonalMass): there is no matrix. */
  private lumpedMass = false
  /** The sum of x * 0 over the accelerations the diagonal path computed last (0: all finite). */
  private accelerationProbe = NaN
  private q0 = new Float64Array(0)
  private v0 = new Float64Array(0)
  /** Data coordinates (switching states) at the step start, restored when a step is rejected. */
  private data0 = new Float64Array(0)
  /** Stage derivatives: kq[i] = q' and kv[i] = q'' at stage i. */
  private kq: Float64Array[] = []
  private kv: Float64Array[] = []
  private rhs = new Float64Array(0)
  /** Views of rhs: ODE2 rows and AE rows (made once; subarray allocates). */
  private rhsODE2 = new Float64Array(0)
  private rhsAE = new Float64Array(0)
  /** Step-size control: the last step was rejected (then the step is not increased). */
  private lastRejected = 0

  constructor(system: CompiledSystem, settings: SimulationSettings, options: SolverOptions = {}) {
    super(system, settings, options)
    this.solverType = settings.solverType
    if (!isExplicitSolverType(settings.solverType))
      throw new Error(
        `ExplicitSolver: solverType '${settings.solverType}' is not an explicit Runge-Kutta method`,
      )
    this.tableau = EXPLICIT_TABLEAUS[settings.solverType]
    this.adaptive = this.tableau.e !== undefined && settings.timeIntegration.adaptiveStep
    this.inPlaceEuler = this.tableau.b.length === 1 && this.tableau.b[0] === 1 && !this.adaptive
    if (this.tableau.e && settings.timeIntegration.initialStepSize > 0)
      this.h = settings.timeIntegration.initialStepSize
  }

  protected override initializeSolverData(): void {
    const n2 = (this.n2 = this.system.nODE2)
    this.nAE = this.system.nAE
    const stages = this.tableau.b.length
    this.massSolvers = this.ownMassSolvers()
    const own = this.massSolvers?.filter((o) => o.computeAccelerations) ?? []
    this.otherForceObjects = this.system.objects
      .map((r) => r.computation)
      .filter((o) => o.computeODE2LHS && !own.includes(o))
    if (this.q0.length !== n2 || this.rhsAE.length !== this.nAE || this.kq.length !== stages) {
      this.q0 = new Float64Array(n2)
      this.v0 = new Float64Array(n2)
      this.massDiagonal = new Float64Array(n2)
      // Stage 0 is the step start's q' and q'' (performStep), the others are computed.
      this.kq = Array.from({ length: stages }, (_, i) => (i === 0 ? this.v0 : new Float64Array(n2)))
      this.kv = Array.from({ length: stages }, (_, i) => (i === 0 ? this.state.a : new Float64Array(n2)))
      this.rhs = new Float64Array(n2 + this.nAE)
      this.rhsODE2 = this.rhs.subarray(0, n2)
      this.rhsAE = this.rhs.subarray(n2)
    }
    if (this.data0.length !== this.state.data.length) this.data0 = new Float64Array(this.state.data.length)
    this.reuseLastStage = firstSameAsLast(this.tableau) && this.nAE === 0
    this.constantMass =
      this.system.objects.every(
        (r) => !r.computation.computeMassMatrix || r.computation.constantMassMatrix === true,
      ) && this.nAE === 0
    this.massFactorized = false
    this.diagonalMass = false
    // Lumped masses (mass points): their diagonal without a matrix, ordering or factorization.
    this.lumpedMass =
      !this.massSolvers &&
      this.constantMass &&
      this.evaluator.constantDiagonalMass(this.state, this.massDiagonal)
    const needsMatrix = !this.massSolvers && !this.lumpedMass
    if (needsMatrix && (!this.matrix || this.matrix.n !== n2 + this.nAE)) {
      this.matrix = createSystemMatrix(
        this.evaluator,
        this.settings.linearSolverType,
        false,
        this.options.setupWork,
      )
      this.projection = new ConstraintProjection(
        this.evaluator,
        this.matrix,
        () => this.factorizeProjection(),
        true,
      )
    }
  }

  /**
   * The mass objects if all of them solve their own mass matrix and each coordinate belongs to exactly
   * one of them, without constraints; otherwise null.
   */
  private ownMassSolvers(): ObjectComputation[] | null {
    if (this.nAE > 0) return null
    const massObjects = this.system.objects.map((r) => r.computation).filter((o) => o.computeMassMatrix)
    if (massObjects.length === 0 || !massObjects.every((o) => o.solveMassMatrix)) return null
    const covered = new Uint8Array(this.n2)
    for (const o of massObjects) for (const g of o.ltgODE2) covered[g]++
    return covered.every((c) => c === 1) ? massObjects : null
  }

  protected override initializeSolverInitialConditions(): void {
    if (this.nAE > 0) this.project()
    this.accelerations(this.state.a)
  }

  /**
   * q'' (and lambda) at the current state into out. Switching states (contact, stick/slip) are first
   * updated to this state (postNewton), so every stage sees the force law of its own state (there is no
   * Newton to iterate); the step's error control resolves the switch, and a rejected step restores them.
   */
  private accelerations(out: Float64Array): void {
    const s = this.state
    this.postNewton()
    const n2 = this.n2
    const rhs = this.rhs
    const ev = this.evaluator
    if (this.massSolvers) {
      ev.ode2Residual(s, this.rhsODE2, 1, this.otherForceObjects)
      for (let i = 0; i < n2; i++) rhs[i] = -rhs[i]
      for (const o of this.massSolvers) {
        const k = o.computeAccelerations
          ? o.computeAccelerations(s, rhs, out)
          : o.solveMassMatrix!(s, rhs, out)
        if (k >= 0) this.singularMass(o.ltgODE2[k])
      }
      return
    }
    ev.ode2Residual(s, this.rhsODE2)
    if (this.lumpedMass && !this.massFactorized) {
      this.stats.jacobians++ // the mass matrix, counted as the matrix path counts its factorization
      this.massFactorized = this.diagonalMass = true
    }
    if (this.diagonalMass) {
      // -(f_lhs - f_loads) / M_ii: the negation, the solve's division and the copy of the general path.
      const d = this.massDiagonal
      let probe = 0
      for (let i = 0; i < n2; i++) {
        // A zero force (a direction nothing acts in) gives -r / M_ii = -r, sign included, undivided.
        const r = rhs[i],
          di = d[i]
        const x = r === 0 && di > 0 ? -r : -r / di
        out[i] = x
        probe += x * 0
      }
      this.accelerationProbe = probe
      return
    }
    this.accelerationProbe = NaN
    for (let i = 0; i < n2; i++) rhs[i] = -rhs[i]
    if (!this.constantMass || !this.massFactorized) {
      const m = this.matrix
      for (let tries = 0; ; tries++) {
        m.zero()
        ev.addMassMatrix(s, m, 1)
        if (this.nAE > 0) ev.addConstraintJacobian(s, m, n2, false, 1, 1, 1)
        this.stats.jacobians++
        const k = m.factorize()
        if (k < 0) break
        if (tries === 2 || !this.dropDependentEquations()) this.singularMass(k)
      }
      this.massFactorized = true
      this.diagonalMass =
        this.constantMass && m instanceof DenseSystemMatrix && m.diagonalInto(this.massDiagonal)
    }
    if (this.nAE > 0) {
      this.evaluator.constraintVelocityTerm(this.state, this.rhsAE)
      ev.addConstraintTimeTerm(s, this.rhsAE, 'acceleration', -1)
    }
    this.matrix.solve(rhs)
    copyInto(out, this.rhsODE2)
    if (this.nAE > 0) copyInto(s.lambda, this.rhsAE)
  }

  /**
   * A singular [[M, C_q^T], [C_q, 0]] whose constraint equations depend on each other drops the
   * dependent ones (droppedEquations.ts, as the implicit solvers do); false when none is (a
   * coordinate without mass, or a system too large for the dense check).
   */
  private dropDependentEquations(): boolean {
    return this.nAE > 0 && dropForSingularMatrix(this.evaluator, false, this.warn)
  }

  private singularMass(unknown: number): never {
    const owner = this.unknownOwner(unknown),
      t = this.state.t
    throw new SolverError(
      'singular',
      `${this.solverType}: the mass matrix${this.nAE > 0 ? ' with constraints' : ''} is singular at t = ` +
        `${t} for ${owner}; every coordinate needs mass for an explicit solver`,
      t,
      this.stats.steps,
      [owner],
    )
  }

  /** Projects q onto g(q, t) = 0 and q' onto C_q q' + g_t = 0 (constraintProjection.ts). */
  private project(): void {
    this.projection.project(this.state)
    this.massFactorized = false
    this.diagonalMass = false
  }

  /** Factorizes the projection's matrix; a singular one is refused. */
  private factorizeProjection(): boolean {
    const s = this.state
    this.stats.jacobians++
    const k = this.matrix.factorize()
    if (k < 0) return true
    const owner = this.unknownOwner(k)
    throw new SolverError(
      'singular',
      `${this.solverType}: redundant or singular constraints at t = ${s.t} ` +
        `(step ${this.stats.steps}) for ${owner}`,
      s.t,
      this.stats.steps,
      [owner],
    )
  }

  protected override performPlannedStep(): void {
    if (this.inPlaceEuler) this.eulerStep()
    else this.performStep()
  }

  /**
   * The step size of the stages being combined, read by the step's functions themselves (and
   * plannedStep by performStep): V8 boxes a double passed to a call it does not inline.
   */
  private stageStep = NaN
  /** eulerUpdate's sum of x * 0 (a field, not a return value, for the same reason). */
  private eulerProbe = NaN

  /**
   * Explicit Euler, y_n+1 = y_n + h f(y_n), in place (the sums combineStages makes from copies): the
   * planned step.
   */
  private eulerStep(): void {
    this.stageStep = this.plannedStep
    this.eulerUpdate()
    this.state.t = this.plannedEnd
    this.endStep()
    // Every entry of y_n+1 and q''_n+1 was just computed (no constraints: the diagonal path).
    if (this.diagonalMass && this.nAE === 0) this.finiteProbe = this.eulerProbe + this.accelerationProbe
  }

  /** The planned step (SolverBase.plannedStep, read here for the reason of stageStep). */
  protected performStep(): void {
    const s = this.state
    const T = this.tableau
    const stages = T.b.length
    const t0 = s.t
    let h = this.plannedStep
    if (this.inPlaceEuler) return this.eulerStep()
    copyInto(this.q0, s.q)
    copyInto(this.v0, s.v)
    // Switching states are restored only when error control rejects a step.
    if (this.adaptive) copyInto(this.data0, s.data)
    for (;;) {
      // Stage 0 is f(y_n): q'_n = v0 and q''_n in s.a from the end of the last step, used in place
      // (nothing writes s.a before the stages are combined).
      this.kq[0] = this.v0
      this.kv[0] = s.a
      this.stageStep = h
      for (let i = 1; i < stages; i++) {
        this.combineStages(T.a[i])
        // A stage at c = 1 is at the step's exact end time, so a last stage at y_n+1 is f(y_n+1).
        s.t = T.c[i] === 1 ? this.stepEnd(t0, h) : t0 + T.c[i] * h
        copyInto(this.kq[i], s.v)
        this.accelerations(this.kv[i])
      }
      this.combineStages(T.b)
      s.t = this.stepEnd(t0, h)
      if (!this.adaptive) break
      this.errorNorm()
      const err = this.stepError
      const ti = this.settings.timeIntegration
      // Standard controller (Hairer-Wanner II.4): safety 0.9, growth limited to [0.2, 5] (no growth after a
      // rejection).
      const factor = Math.min(
        this.lastRejected ? 1 : STEP_GROWTH_LIMIT,
        Math.max(0.2, 0.9 * Math.pow(Math.max(err, 1e-300), -1 / T.order)),
      )
      if (err <= 1) {
        this.lastRejected = 0
        this.h = Math.max(h * factor, ti.minimumStepSize)
        break
      }
      this.stats.rejectedSteps++
      this.lastRejected = 1
      this.restoreStepStart()
      s.t = t0
      h *= factor
      if (h < ti.minimumStepSize)
        throw new SolverError(
          'noConvergence',
          `${this.solverType}: the step size fell below minimumStepSize (${ti.minimumStepSize}) at t = ` +
            `${t0}; the tolerances cannot be met (stiff system?)`,
          t0,
          this.stats.steps + 1,
        )
    }
    this.endStep()
  }

  /** After the step's new y_n+1: projection, dropped equations, and f(y_n+1). */
  private endStep(): void {
    const s = this.state
    if (this.nAE > 0) this.project()
    // While equations are dropped, whether they still depend on the others is checked at each step's
    // end, on the constraint manifold the projection put it on (a mechanism leaving a singular pose
    // takes its equations back there).
    if (this.evaluator.dependentRows) updateDroppedEquations(this.evaluator, false, 'ordered', this.warn)
    // f(y_{n+1}): accelerations for sensors and the first stage of the next step.
    if (this.reuseLastStage) copyInto(s.a, this.kv[this.kv.length - 1])
    else this.accelerations(s.a)
  }

  /**
   * q += h q', q' += h q'' (q' of the step start, h = stageStep): combineStages([1]) without the
   * copies. Sets eulerProbe, the sum of x * 0 over the new q and q' (0 when they are finite, else NaN).
   */
  private eulerUpdate(): void {
    const { q, v, a } = this.state
    const h = this.stageStep
    let probe = 0
    for (let j = 0; j < this.n2; j++) {
      const vj = v[j]
      const qNew = q[j] + h * vj,
        vNew = vj + h * a[j]
      q[j] = qNew
      v[j] = vNew
      probe += qNew * 0 + vNew * 0
    }
    this.eulerProbe = probe
  }

  /**
   * s.q = q0 + sum_k (h w_k) kq[k] and s.q' = v0 + sum_k (h w_k) kv[k] over the nonzero weights w, one
   * pass over the coordinates per stage. Stage rows and b go through the same sums, so a last stage
   * whose row is b sees bit for bit the new solution (first same as last).
   */
  private combineStages(w: readonly number[]): void {
    const h = this.stageStep
    const q = this.state.q,
      v = this.state.v,
      q0 = this.q0,
      v0 = this.v0,
      n2 = this.n2
    let k = 0
    while (k < w.length && w[k] === 0) k++
    if (k === w.length) {
      q.set(q0)
      v.set(v0)
      return
    }
    // The first nonzero weight starts from q0, v0 (the same sums as copying them first, one pass less).
    const f0 = h * w[k],
      kq0 = this.kq[k],
      kv0 = this.kv[k]
    for (let j = 0; j < n2; j++) {
      q[j] = q0[j] + f0 * kq0[j]
      v[j] = v0[j] + f0 * kv0[j]
    }
    for (k++; k < w.length; k++) {
      if (w[k] === 0) continue
      const f = h * w[k],
        kq = this.kq[k],
        kv = this.kv[k]
      for (let j = 0; j < n2; j++) {
        q[j] += f * kq[j]
        v[j] += f * kv[j]
      }
    }
  }

  private restoreStepStart(): void {
    const s = this.state
    s.q.set(this.q0)
    s.v.set(this.v0)
    s.data.set(this.data0)
  }

  /** Sets stepError, the scaled RMS norm of the embedded error estimate (<= 1: accept). */
  private errorNorm(): void {
    const h = this.stageStep
    const T = this.tableau
    const e = T.e!
    const s = this.state
    const ti = this.settings.timeIntegration
    const atol = ti.absoluteTolerance,
      rtol = ti.relativeTolerance
    let sum = 0
    for (let j = 0; j < this.n2; j++) {
      let eq = 0,
        ev = 0
      for (let k = 0; k < e.length; k++) {
        if (e[k] === 0) continue
        eq += e[k] * this.kq[k][j]
        ev += e[k] * this.kv[k][j]
      }
      // In first-same-as-last pairs the last weight of e multiplies f(y_{n+1}), the last stage.
      const scq = atol + rtol * Math.max(Math.abs(this.q0[j]), Math.abs(s.q[j]))
      const scv = atol + rtol * Math.max(Math.abs(this.v0[j]), Math.abs(s.v[j]))
      sum += ((h * eq) / scq) ** 2 + ((h * ev) / scv) ** 2
    }
    this.stepError = Math.sqrt(sum / Math.max(1, 2 * this.n2))
  }
  private stepError = NaN

  protected override extraValues(): Record<string, number> {
    return { lastRejected: this.lastRejected }
  }
  protected override loadExtra(values: Record<string, number>): void {
    this.lastRejected = values.lastRejected ?? 0
    this.massFactorized = false
    this.diagonalMass = false
  }
}
