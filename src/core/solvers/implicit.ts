// Implicit second-order solvers of the Newmark family (Exudyn's docs:
// ImplicitTrapezoidalRulebasedNewmarkAndGeneralizedalphaSolver): generalized-alpha (Chung-Hulbert,
// Arnold-Bruels, index-3 constraints) and the trapezoidal rule with index-2 (velocity-level)
// constraints. Newton solves for the accelerations q''_T and multipliers lambda_T:
//   a_T   = ((1 - af) q''_T + af q''_0 - am a_0) / (1 - am)            (algorithmic accelerations)
//   q_T   = q_0 + h q'_0 + h^2 (1/2 - beta) a_0 + h^2 beta a_T
//   q'_T  = q'_0 + h (1 - gamma) a_0 + h gamma a_T
//   r_ODE2 = M q''_T + f_lhs(q_T, q'_T, t) - f_loads(t) + C_q^T lambda_T = 0
//   r_AE   = g(q_T) / (h^2 beta')  (index 3)  or  g_v(q'_T) / (h gamma')  (index 2)
// with beta' = beta (1-af)/(1-am), gamma' = gamma (1-af)/(1-am); scaling the AE rows makes their
// Jacobian C_q, so the Newton matrix is [[M + h^2 beta' K + h gamma' D, C_q^T], [C_q, 0]].
//
// Modified Newton across steps (as Exudyn): the factorized Jacobian is kept from step to step and
// refreshed when an iteration contracts the residual by less than modifiedNewtonContractivity, when
// the step size changes, or when a step fails with an old Jacobian. Beyond Exudyn,
// JacobianRefreshPolicy (jacobianRefresh.ts) also refreshes where that is cheaper than the iterations
// it saves: within a step and at a step start.
// Exact restart: the Jacobian in use is a function of the state it was evaluated at, so the
// integrator state saved in a checkpoint includes that state (t, h, q, q', q'', lambda, data); after
// loading, the Jacobian is re-evaluated there before the first iteration, bit for bit the matrix of
// the continuous run, and every later reuse decision follows from the same residuals.
import type { SimulationSettings } from '../model/settings'
import type { CompiledSystem } from '../system/compiledSystem'
import type { SystemMatrix } from '../system/matrix'
import { createSystemMatrix } from '../system/sparseMatrix'
import { subtractUpdate } from '../math/newtonUpdate'
import { copyInto } from '../math/smallArrays'
import { DEPENDENCE_TOLERANCE, type RankReport } from '../system/constraintRank'
import { ConstraintProjection } from './constraintProjection'
import { dropForSingularMatrix, updateDroppedEquations } from './droppedEquations'
import { SolverError } from './errors'
import { JacobianRefreshPolicy } from './jacobianRefresh'
import { SolverBase, type SolverOptions } from './solverBase'

const JACOBIAN_STATE_KEYS = ['q', 'v', 'a', 'lambda', 'data'] as const
/** The state a Jacobian was evaluated at (t, h kept beside it). */
type JacobianState = Record<(typeof JACOBIAN_STATE_KEYS)[number], Float64Array>

function jacobianState(n2: number, nAE: number, nData: number): JacobianState {
  return {
    q: new Float64Array(n2),
    v: new Float64Array(n2),
    a: new Float64Array(n2),
    lambda: new Float64Array(nAE),
    data: new Float64Array(nData),
  }
}
const emptyJacobianState = (): JacobianState => jacobianState(0, 0, 0)

/**
 * Copies the vectors a Jacobian state holds (q, v, a, lambda, data); a SystemState has them too. Written
 * out: a loop over the keys is a keyed load and a builtin call per vector, at every refresh.
 */
function copyJacobianState(to: JacobianState, from: JacobianState): void {
  copyInto(to.q, from.q)
  copyInto(to.v, from.v)
  copyInto(to.a, from.a)
  copyInto(to.lambda, from.lambda)
  copyInto(to.data, from.data)
}

/** An iteration that reduces the residual by less than this has stalled: time to measure its floor. */
const STALLED_CONTRACTION = 0.5
/**
 * With a kept matrix, an iteration that reduces the residual by less than this (a fresh matrix: ~0.01
 * on perf3D, less on smaller models) makes the next update a secant one (acceleratedUpdate): weights
 * fitted to fast iterations near round-off stalled Newton instead.
 */
const SECANT_CONTRACTION = 0.03
/** Residuals within this many floors (residualFloor) are round-off: the iterate is converged. */
const FLOOR_MULTIPLE = 4

/** A fixed pseudo-random sign per index (Knuth's multiplicative hash): the direction residualFloor probes. */
const roundingSign = (i: number): number => (Math.imul(i + 1, 0x9e3779b1) < 0 ? -1 : 1)

/**
 * How computeResidual scales an algebraic row: not at all (inactive connector, g = lambda), by 1/(h^2 beta')
 * or by 1/(h gamma').
 */
/** newtonWithSwitching's failure when an object's recommended step size ends the step. */
const STEP_RECOMMENDED = 'the discontinuous iteration recommended a smaller step'
const UNSCALED_ROW = 0
const POSITION_ROW = 1
const VELOCITY_ROW = 2

export class ImplicitSecondOrderSolver extends SolverBase {
  readonly solverType: string
  private alphaM: number
  private alphaF: number
  private beta: number
  private gamma: number
  private readonly velocityLevel: boolean
  private n2 = 0
  private nAE = 0
  private matrix!: SystemMatrix
  /**
   * Index 2 with dropped equations whose dependence the drift breaks: the positions projected onto
   * g = 0 after every step (constraintProjection.ts; made when first needed). The velocity-level rows
   * alone let the positions drift by O(h^2) over a run, and many a dependence holds only on the
   * position manifold: off it the dropped equation turns independent, and a mechanism whose mobility
   * needs it (Bricard's linkage) locks, its Newton matrix singular. So once a recheck finds a dropped
   * equation's remainder above DEPENDENCE_TOLERANCE (found fresh, it would count as independent),
   * projecting is switched on for the rest of the run (the checkpoint records it). Otherwise (no
   * dropped equation, or a duplicate, dependent at any pose) the method stays the plain index-2
   * trapezoidal rule, drift included (pendulum.test.ts), and a redundant model moves as its
   * non-redundant twin (redundantConstraints.test.ts).
   */
  private projection: ConstraintProjection | null = null
  private projecting = false
  /**
   * The largest position residual |g| of the kept equations at the last rank check (index 2 while it
   * does not project): the drift breaks a dependence gradually, and a check each time it doubles
   * catches it within a factor 2 however long a Jacobian is kept (Bricard's kept one 66 steps).
   */
  private driftAtRankCheck = NaN
  private driftWork = new Float64Array(0)
  private readonly rankReport: RankReport = { dependentRemainder: 0 }
  // Step-start values and work vectors, allocated once in initializeSolverData.
  private q0 = new Float64Array(0)
  private v0 = new Float64Array(0)
  private acc0 = new Float64Array(0)
  private lambda0 = new Float64Array(0)
  /** Per algebraic equation: UNSCALED_ROW, POSITION_ROW or VELOCITY_ROW (set with the work vectors). */
  private aeRowScaling = new Uint8Array(0)
  /**
   * Predictor history (part of the integrator state: checkpoints save it): the accelerations at the
   * start of the previous step and of the one before, and those steps' sizes (0: no such step yet).
   */
  private accPrevious = new Float64Array(0)
  private accPrevious2 = new Float64Array(0)
  private hPrevious = NaN
  private hPrevious2 = NaN
  /** Data coordinates (switching states) at the step start, restored when a step is retried. */
  private data0 = new Float64Array(0)
  /** Algorithmic accelerations a_0 (part of the integrator state: checkpoints save it). */
  private aAlg = new Float64Array(0)
  private aAlgNew = new Float64Array(0)
  private residual = new Float64Array(0)
  /** Views of residual: the ODE2 rows and the AE rows (made once; subarray allocates). */
  private residualODE2 = new Float64Array(0)
  private residualAE = new Float64Array(0)
  /**
   * Anderson acceleration (acceleratedUpdate): the previous iterate [q''; lambda], its update (the
   * solved residual) and its residual, and the weight of the previous image.
   */
  private secantIterate = new Float64Array(0)
  private secantUpdate = new Float64Array(0)
  private secantResidual = new Float64Array(0)
  private secantGamma = NaN
  /** |f_lhs - f_loads| at the step's first iterate: Exudyn's r_0, its residual at q'' = 0, lambda = 0. */
  private forceScale = NaN
  /** |M q'' + f_lhs - f_loads| at the step's first iterate: what the reactions balance. */
  private reactionScale = NaN
  /** The residual norm of the step's start guess (its first Newton pass). */
  private startResidual = NaN
  /** A Newton solve of the current step failed: its retries take the former reference (newton()). */
  private retrying = false
  private residualNorm = NaN
  /**
   * The absolute ODE2 coordinates' reference part (x = reference + q) and the work vectors of residualFloor.
   */
  private reference = new Float64Array(0)
  private floorWork = {
    q: new Float64Array(0),
    v: new Float64Array(0),
    a: new Float64Array(0),
    lambda: new Float64Array(0),
    r: new Float64Array(0),
  }
  /** The factorized Jacobian belongs to step size jacobianStep and the state saved in jacobianAt. */
  private jacobianValid = false
  private jacobianStep = NaN
  private jacobianTime = NaN
  /**
   * Steps begun since the Jacobian was evaluated, the current one included (1: evaluated in the step
   * before); the refresh policy's costs depend on it.
   */
  private jacobianAge = 0
  /** jacobianAge at the step's start decision. */
  private decisionAge = 0
  private jacobianAt = emptyJacobianState()
  /** Set by loading a checkpoint: re-evaluate the saved Jacobian before the next iteration. */
  private jacobianToRestore = false
  private readonly refreshPolicy: JacobianRefreshPolicy
  /** The refresh policy's decision at the step start. */
  private startDecision: 'pending' | 'kept' | 'fresh' = 'pending'

  constructor(system: CompiledSystem, settings: SimulationSettings, options: SolverOptions = {}) {
    super(system, settings, options)
    // Fields that hold fractions start as doubles (SystemState.t).
    this.hPrevious = this.hPrevious2 = this.driftAtRankCheck = 0
    this.forceScale = this.reactionScale = this.startResidual = this.residualNorm = 0
    this.jacobianStep = this.jacobianTime = this.secantGamma = 0
    this.refreshPolicy = new JacobianRefreshPolicy()
    if (settings.solverType === 'TrapezoidalIndex2') {
      this.solverType = 'TrapezoidalIndex2'
      this.alphaM = 0
      this.alphaF = 0
      this.beta = 0.25
      this.gamma = 0.5
      this.velocityLevel = true
    } else {
      this.solverType = 'GeneralizedAlpha'
      const rho = settings.timeIntegration.generalizedAlpha.spectralRadius
      this.alphaM = (2 * rho - 1) / (rho + 1)
      this.alphaF = rho / (rho + 1)
      this.gamma = 0.5 - this.alphaM + this.alphaF
      this.beta = 0.25 * (1 - this.alphaM + this.alphaF) ** 2
      this.velocityLevel = false
    }
  }

  protected override initializeSolverData(): void {
    const n2 = (this.n2 = this.system.nODE2)
    const nAE = (this.nAE = this.system.nAE)
    if (!this.matrix || this.matrix.n !== n2 + nAE) {
      this.matrix = this.newtonMatrix()
      this.projection = null
      this.q0 = new Float64Array(n2)
      this.v0 = new Float64Array(n2)
      this.acc0 = new Float64Array(n2)
      this.aAlg = new Float64Array(n2)
      this.aAlgNew = new Float64Array(n2)
      this.lambda0 = new Float64Array(nAE)
      this.accPrevious = new Float64Array(n2)
      this.accPrevious2 = new Float64Array(n2)
      this.hPrevious = 0
      this.hPrevious2 = 0
      this.residual = new Float64Array(n2 + nAE)
      this.secantIterate = new Float64Array(n2 + nAE)
      this.secantUpdate = new Float64Array(n2 + nAE)
      this.secantResidual = new Float64Array(n2 + nAE)
      this.residualODE2 = this.residual.subarray(0, n2)
      this.residualAE = this.residual.subarray(n2)
      this.floorWork = {
        q: new Float64Array(n2),
        v: new Float64Array(n2),
        a: new Float64Array(n2),
        lambda: new Float64Array(nAE),
        r: new Float64Array(n2 + nAE),
      }
      const st = this.state
      this.jacobianAt = jacobianState(n2, nAE, st.data.length)
      this.jacobianValid = false
    }
    this.reference = new Float64Array(n2)
    for (const { computation: node } of this.system.nodes)
      this.reference.set(node.reference.subarray(0, node.nODE2), node.ode2Index)
    if (this.data0.length !== this.state.data.length) this.data0 = new Float64Array(this.state.data.length)
    this.setRowScaling()
  }

  /** aeRowScaling from the constraints: unscaled for inactive connectors and dropped (dependent) rows. */
  private setRowScaling(): void {
    this.aeRowScaling = new Uint8Array(this.nAE).fill(UNSCALED_ROW)
    for (const { computation: o } of this.system.objects) {
      if (o.nAE === 0 || o.inactiveConstraint) continue
      this.aeRowScaling.fill(
        this.velocityLevel || o.velocityLevelConstraint ? VELOCITY_ROW : POSITION_ROW,
        o.aeIndex,
        o.aeIndex + o.nAE,
      )
    }
    const d = this.evaluator.dependentRows
    if (d) for (let k = 0; k < d.length; k++) if (d[k]) this.aeRowScaling[k] = UNSCALED_ROW
    this.velocityRows = this.aeRowScaling.includes(VELOCITY_ROW)
  }

  /** Some algebraic equation is a velocity-level row (index 2, or a velocity-level constraint). */
  private velocityRows = false

  protected override get velocityLevelReactions(): boolean {
    return this.velocityLevel
  }

  /**
   * Steps run back to back (SolverBase.plainSteps): every decision of a step (Jacobian reuse, reduced
   * steps and their way back to the nominal size) is made inside performStep.
   */
  protected override get plainStepsSupported(): boolean {
    return true
  }

  /** A Jacobian was refreshed since the last recheck of the dropped equations. */
  private rankCheckDue = false
  /** The sets of dropped equations tried since the last matrix that factorized (newSelection). */
  private readonly selectionsTried = new Set<string>()

  /**
   * Finds the constraint equations that depend on the others at the current state (constraintRank.ts)
   * and drops them (lambda = 0 on their rows), or takes dropped ones back once they are independent
   * again (a mechanism leaving a singular pose). Returns whether the set changed; warns when it does.
   */
  private updateDependentRows(): boolean {
    const report = this.rankReport
    return this.rowsChanged(
      updateDroppedEquations(this.evaluator, this.velocityLevel, 'ordered', this.warn, report),
    )
  }

  /**
   * After a rank check that changed the dropped set (or not): index 2 starts projecting when a
   * dependent row's remainder is above DEPENDENCE_TOLERANCE (see projection); the row scaling follows.
   */
  private rowsChanged(changed: boolean): boolean {
    if (
      this.velocityLevel &&
      this.evaluator.dependentRows &&
      this.rankReport.dependentRemainder > DEPENDENCE_TOLERANCE
    )
      this.projecting = true
    if (!changed) return false
    this.setRowScaling()
    return true
  }

  /**
   * Consistent initial accelerations: [[M, C_q^T], [C_q, 0]] [q''; lambda] = [-f; -(d/dt C_q) q' - g_tt],
   * g_tt being the explicit time term of drives (prescribed motions).
   */
  protected override initializeSolverInitialConditions(): void {
    const s = this.state
    if (this.settings.timeIntegration.generalizedAlpha.computeInitialAccelerations) {
      const n2 = this.n2,
        nAE = this.nAE
      const m = this.matrix
      const ev = this.evaluator
      do {
        m.zero()
        ev.addMassMatrix(s, m, 1)
        ev.addConstraintJacobian(s, m, n2, false, 1, 1, 1)
      } while (!this.factorize())
      const rhs = this.residual
      ev.ode2Residual(s, rhs.subarray(0, n2))
      for (let i = 0; i < n2; i++) rhs[i] = -rhs[i]
      if (nAE > 0) {
        this.evaluator.constraintVelocityTerm(this.state, rhs.subarray(n2))
        ev.addConstraintTimeTerm(s, rhs.subarray(n2), 'acceleration', -1)
      }
      m.solve(rhs)
      s.a.set(rhs.subarray(0, n2))
      s.lambda.set(rhs.subarray(n2))
    }
    this.aAlg.set(s.a)
  }

  /**
   * The step size Newton solves with, read by the step's functions themselves: V8 boxes a double passed
   * to a call it does not inline (an allocation per call).
   */
  private newtonStep = NaN

  protected override performPlannedStep(): void {
    this.performStep()
  }

  /** The planned step (SolverBase.plannedStep, read here for the reason of newtonStep). */
  protected performStep(): void {
    const hRequested = this.plannedStep
    const s = this.state
    const t0 = s.t
    copyInto(this.q0, s.q)
    copyInto(this.v0, s.v)
    copyInto(this.acc0, s.a)
    copyInto(this.lambda0, s.lambda)
    copyInto(this.data0, s.data)
    // While equations are dropped, whether they still depend on the others is checked on the
    // converged state of the step start after each Jacobian refresh (the dense check allocates; steps
    // on a kept Jacobian skip it): at Newton's iterates, off the constraint manifold by up to
    // h^2 |q''|, a dependence that holds on the manifold looks like independence. Index 2 before it
    // projects: also each time the position drift has doubled since the last check.
    const drift = this.projectionPending() ? this.positionDrift() : 0
    if (drift > 2 * this.driftAtRankCheck) this.rankCheckDue = true
    if (this.rankCheckDue && this.evaluator.dependentRows) {
      this.rankCheckDue = false
      this.driftAtRankCheck = drift
      if (this.updateDependentRows()) this.jacobianValid = false
    }
    this.startDecision = 'pending'
    this.jacobianAge++
    const { newtonIterations, jacobians } = this.stats
    const adaptive = this.settings.timeIntegration.adaptiveStep
    const hMin = this.settings.timeIntegration.minimumStepSize
    let h = hRequested
    let retriedWithFreshJacobian = false
    this.retrying = false
    for (;;) {
      s.t = this.stepEnd(t0, h)
      this.newtonStep = h
      this.predict()
      const staleAtStart = this.jacobianValid
      const failure = this.newtonWithSwitching()
      if (!failure) break
      // Restore the step's start and retry with half the step.
      this.restoreStepStart()
      s.t = t0
      if (failure === STEP_RECOMMENDED) {
        // Exudyn's recommended step size (an object's postNewton): the step again with that size.
        this.stats.rejectedSteps++
        // At most 3/4 of the step (Exudyn's ReduceStepSize: so that the iteration cannot get stuck).
        h = Math.max(hMin, Math.min(0.75 * h, this.recommendedStepSize))
        continue
      }
      // Newton failed: the retries take the former reference (newton()).
      this.retrying = true
      // A Jacobian from earlier steps may be too far off: retry once with a fresh one before halving.
      if (staleAtStart && !retriedWithFreshJacobian) {
        retriedWithFreshJacobian = true
        this.jacobianValid = false
        continue
      }
      if (!this.evaluator.reactionStiffness && this.nAE > 0) {
        this.useReactionStiffness()
        continue
      }
      this.stats.rejectedSteps++
      if (!adaptive || h / 2 < hMin)
        throw new SolverError(
          'noConvergence',
          `${this.solverType}: Newton did not converge at t = ${t0 + h} (step ${this.stats.steps + 1}, h ` +
            `= ${h}): ` +
            `${failure}${adaptive ? '' : '; enable timeIntegration.adaptiveStep to reduce the step'}`,
          t0 + h,
          this.stats.steps + 1,
        )
      h /= 2
    }
    if (this.projecting && this.evaluator.dependentRows) this.projectOntoConstraints()
    copyInto(this.aAlg, this.aAlgNew)
    this.recordStepCost(this.stats.newtonIterations - newtonIterations, this.stats.jacobians - jacobians)
    this.pushPredictorHistory()
    // After a reduced step, grow back towards the nominal step size.
    this.h = Math.min(this.nominalStepSize, h < hRequested ? 2 * h : this.nominalStepSize)
  }

  /**
   * From the first step that fails on, the Newton matrix includes the geometric stiffness of the
   * constraint reactions, d(C_q^T lambda)/dq: without it Newton's matrix is inconsistent where the
   * reactions are large against the inertia, as near a singular pose (the IFToMM A02 four-bar failed
   * just before a horizontal crossing). Runs that never fail a step keep the cheaper matrix.
   */
  private useReactionStiffness(): void {
    this.evaluator.reactionStiffness = true
    this.matrix = this.newtonMatrix()
    this.jacobianValid = false
  }

  /**
   * Newton's matrix. A sparse one keeps its pivots while they are acceptable: with the pivot that
   * the full factorization's rule would choose, a third of perf3DRigidBodies' refreshes fell back to
   * a full factorization from a column whose near-equal candidates had changed order. The pivot
   * sequence is part of checkpoints, so restarts still continue bit for bit.
   */
  private newtonMatrix(): SystemMatrix {
    const m = createSystemMatrix(this.evaluator, this.settings.linearSolverType, true, this.options.setupWork)
    m.keepPivots?.()
    return m
  }

  private restoreStepStart(): void {
    const s = this.state
    s.q.set(this.q0)
    s.v.set(this.v0)
    s.a.set(this.acc0)
    s.lambda.set(this.lambda0)
    s.data.set(this.data0)
  }

  /**
   * Predictor for q''_T: quadratic extrapolation through the last three step starts (error O(h^3) on
   * smooth motion), so Newton starts closer than from a_0 or a linear extrapolation; cubic is worse
   * where the motion is not smooth (a chain released from rest). The first step uses a_0, the second
   * extrapolates linearly. The multipliers start from the last step's: extrapolated, they carry errors
   * into a direction the residual norm hardly sees (a reaction balanced by an acceleration, which
   * moves the constraint only h^2 beta' times as much).
   */
  private predict(): void {
    const h = this.newtonStep
    const h1 = this.hPrevious,
      h2 = this.hPrevious2
    if (h1 === 0) return
    const s = this.state
    const a0 = this.acc0,
      a1 = this.accPrevious,
      a2 = this.accPrevious2
    if (h2 === 0) {
      const r = h / h1
      for (let i = 0; i < this.n2; i++) s.a[i] = a0[i] + r * (a0[i] - a1[i])
    } else {
      // Lagrange weights of the step starts 0, -h1, -(h1 + h2), evaluated at h (3, -3, 1 for equal steps).
      const w0 = ((h + h1) * (h + h1 + h2)) / (h1 * (h1 + h2))
      const w1 = -(h * (h + h1 + h2)) / (h1 * h2)
      const w2 = (h * (h + h1)) / ((h1 + h2) * h2)
      for (let i = 0; i < this.n2; i++) s.a[i] = w0 * a0[i] + w1 * a1[i] + w2 * a2[i]
    }
  }

  /** After an accepted step (of size newtonStep): its start values become the predictor's history. */
  private pushPredictorHistory(): void {
    const oldest = this.accPrevious2
    this.accPrevious2 = this.accPrevious
    this.accPrevious = oldest
    copyInto(this.accPrevious, this.acc0)
    this.hPrevious2 = this.hPrevious
    this.hPrevious = this.newtonStep
  }

  /**
   * Newton inside the discontinuous iteration: after Newton converged, objects update their switching
   * states (contact, stick/slip) in state.data (postNewton); while the reported change exceeds
   * discontinuous.iterationTolerance, Newton runs again from the converged iterate with the new states
   * and a fresh Jacobian (the force law changed), at most discontinuous.maxIterations passes. After the
   * last pass the step is accepted with the states of that pass, as Exudyn does by default
   * (ignoreMaxIterations). A failed Newton fails the step (the caller restores state.data).
   */
  private newtonWithSwitching(): string | undefined {
    const dc = this.settings.timeIntegration.discontinuous
    const h = this.newtonStep
    for (let pass = 1; ; pass++) {
      const failure = this.newton(pass === 1)
      if (failure || this.postNewton() <= dc.iterationTolerance) return failure
      // As Exudyn: a recommended step size below the current one ends the step to repeat it with that.
      const r = this.recommendedStepSize
      if (r >= 0 && r < (1 + 1e-8) * h && this.settings.timeIntegration.adaptiveStep) {
        const hMin = this.settings.timeIntegration.minimumStepSize
        if (h > hMin) return STEP_RECOMMENDED
      }
      if (pass >= dc.maxIterations) return failure
      this.jacobianValid = false
    }
  }

  /** Sets q_T, q'_T, a_T from the current q''_T (in s.a). */
  private interpolate(): void {
    const s = this.state
    const h = this.newtonStep
    const { alphaM: am, alphaF: af, beta, gamma } = this
    const c = 1 / (1 - am)
    for (let i = 0; i < this.n2; i++) {
      const a0 = this.aAlg[i]
      const aT = ((1 - af) * s.a[i] + af * this.acc0[i] - am * a0) * c
      this.aAlgNew[i] = aT
      s.q[i] = this.q0[i] + h * this.v0[i] + h * h * ((0.5 - beta) * a0 + beta * aT)
      s.v[i] = this.v0[i] + h * ((1 - gamma) * a0 + gamma * aT)
    }
  }

  /**
   * Residual into this.residual and its 2-norm into residualNorm (a field, not a return value: a double
   * returned from a call the JIT does not inline is boxed, an allocation per iteration). With
   * measureScale, also sets forceScale = |f_lhs - f_loads| and reactionScale = |M q'' + f_lhs - f_loads|,
   * the references of the relative tolerance.
   */
  private computeResidual(measureScale = false): void {
    const s = this.state
    const n2 = this.n2
    const r2 = this.residualODE2
    this.evaluator.ode2Residual(s, r2)
    if (measureScale) {
      this.squares = 0
      this.addSquares(r2, n2)
      this.forceScale = Math.sqrt(this.squares)
    }
    this.evaluator.addMassTimes(s, s.a, r2)
    if (measureScale) {
      this.squares = 0
      this.addSquares(r2, n2)
      this.reactionScale = Math.sqrt(this.squares)
    }
    this.evaluator.addReactionForces(s, r2, this.velocityLevel)
    // The norm takes the constraint residual g unscaled, as Exudyn does: scaled by 1/(h^2 beta') its
    // round-off (eps |q|) grows as h shrinks, so a fixed tolerance became unreachable at small steps
    // (spurious step rejections). The Newton system below still uses the scaled rows.
    this.squares = 0
    this.addSquares(r2, n2)
    if (this.nAE > 0) {
      const rAE = this.residualAE
      this.evaluator.constraints(s, rAE, this.velocityLevel)
      this.addSquares(rAE, this.nAE)
      this.scaleAERows(rAE)
    }
    this.residualNorm = Math.sqrt(this.squares)
  }

  /** Scales the AE rows rAE for Newton: position rows by scalePosition, velocity rows by scaleVelocity. */
  private scaleAERows(rAE: Float64Array): void {
    this.rowScales()
    const scalePos = this.scalePosition,
      scaleVel = this.scaleVelocity
    const rows = this.aeRowScaling
    for (let k = 0; k < this.nAE; k++) {
      if (rows[k] === POSITION_ROW) rAE[k] *= scalePos
      else if (rows[k] === VELOCITY_ROW) rAE[k] *= scaleVel
    }
  }

  /**
   * squares += sum of v_i^2 over i < n. The loops of computeResidual and residualFloor live in small
   * methods with no code after the loop: V8 compiles a function with a hot loop on the stack (OSR)
   * before its code after the loop has run, then deoptimizes there for want of feedback (a method
   * summing into a local and storing it after the loop did so once per call in one perf3D run in 3).
   */
  private addSquares(v: Float64Array, n: number): void {
    for (let i = 0; i < n; i++) this.squares += v[i] * v[i]
  }
  /** The running sum of addSquares and floorChange (a field: a returned double is boxed). */
  private squares = NaN

  /**
   * The residual's round-off floor (docs/engine.md, "Newton convergence"): the items evaluate the
   * residual from x = reference + q, q' and q'' rounded to |dx_i| <= eps |x_i|, so at the exact
   * solution the computed residual is K dx + D dv + M da (plus the evaluation's own rounding), which
   * no iterate gets below. Measured as the residual's change when every coordinate, velocity,
   * acceleration and multiplier moves by eps times its size in a fixed pseudo-random direction
   * (random signs add like the roundings do). The state and the residual are put back exactly.
   */
  private residualFloor(): void {
    const s = this.state
    const w = this.floorWork
    copyInto(w.q, s.q)
    copyInto(w.v, s.v)
    copyInto(w.a, s.a)
    copyInto(w.lambda, s.lambda)
    copyInto(w.r, this.residual)
    const norm = this.residualNorm
    this.perturbState()
    this.perturbMultipliers()
    this.computeResidual()
    this.floorChange()
    copyInto(s.q, w.q)
    copyInto(s.v, w.v)
    copyInto(s.a, w.a)
    copyInto(s.lambda, w.lambda)
    copyInto(this.residual, w.r)
    this.residualNorm = norm
  }

  /**
   * residualFloor's move of q, q' and q'' by eps times their size along roundingSign (one loop per
   * method: the code after an OSR-compiled loop has no feedback yet).
   */
  private perturbState(): void {
    const s = this.state
    const n2 = this.n2
    const eps = Number.EPSILON
    for (let i = 0; i < n2; i++) {
      const sign = roundingSign(i)
      s.q[i] += sign * eps * Math.abs(this.reference[i] + s.q[i])
      s.v[i] += sign * eps * Math.abs(s.v[i])
      s.a[i] += sign * eps * Math.abs(s.a[i])
    }
  }

  /** residualFloor's move of lambda by eps times its size along roundingSign (after perturbState). */
  private perturbMultipliers(): void {
    const lambda = this.state.lambda,
      n2 = this.n2,
      eps = Number.EPSILON
    for (let k = 0; k < this.nAE; k++) lambda[k] += roundingSign(n2 + k) * eps * Math.abs(lambda[k])
  }

  /** roundOffFloor = the norm (as in computeResidual: AE rows unscaled) of residual - floorWork.r. */
  private floorChange(): void {
    this.rowScales()
    this.squares = 0
    this.addChangeODE2()
    this.addChangeAE()
    this.roundOffFloor = Math.sqrt(this.squares)
  }

  /** squares += |residual - floorWork.r|^2 over the ODE2 rows (floorChange). */
  private addChangeODE2(): void {
    const r = this.residual,
      r0 = this.floorWork.r
    for (let i = 0; i < this.n2; i++) this.squares += (r[i] - r0[i]) ** 2
  }

  /** squares += the same over the AE rows, unscaled (floorChange, after rowScales). */
  private addChangeAE(): void {
    const r = this.residual,
      r0 = this.floorWork.r,
      n2 = this.n2,
      rows = this.aeRowScaling,
      scalePos = this.scalePosition,
      scaleVel = this.scaleVelocity
    for (let k = 0; k < this.nAE; k++) {
      const scale = rows[k] === POSITION_ROW ? scalePos : rows[k] === VELOCITY_ROW ? scaleVel : 1
      this.squares += ((r[n2 + k] - r0[n2 + k]) / scale) ** 2
    }
  }
  /** residualFloor's result (a field: a double returned from a call that is not inlined is boxed). */
  private roundOffFloor = NaN

  /**
   * Sets scalePosition = 1 / (h^2 beta') and scaleVelocity = 1 / (h gamma'), the scalings of position-
   * and velocity-level AE rows, for step size h: computed again only when h changed (four divisions
   * per residual were a few per cent of a small model's step). Fields, not return values: a double
   * returned from a call the JIT does not inline is boxed.
   */
  private rowScales(): void {
    const h = this.newtonStep
    if (h === this.scaledStep) return
    const c = (1 - this.alphaF) / (1 - this.alphaM)
    this.scalePosition = 1 / (h * h * this.beta * c)
    this.scaleVelocity = 1 / (h * this.gamma * c)
    this.scaledStep = h
  }
  private scaledStep = NaN
  private scalePosition = NaN
  private scaleVelocity = NaN

  /** The Newton matrix for step size newtonStep, factorized. */
  private computeJacobian(): void {
    const h = this.newtonStep
    const s = this.state
    const m = this.matrix
    const nd = this.settings.timeIntegration.newton.numericalDifferentiation
    this.matrixFactors()
    this.rankCheckDue = true
    do {
      m.zero()
      this.evaluator.addMassMatrix(s, m, 1)
      this.evaluator.addStiffnessDamping(s, m, this.stiffnessFactor, this.dampingFactor, nd)
      this.evaluator.addConstraintJacobian(s, m, this.n2, this.velocityLevel, 1, 1, 1)
      if (this.velocityRows)
        this.evaluator.addVelocityConstraintPositionJacobian(
          s,
          m,
          this.n2,
          this.velocityLevel,
          this.velocityRowFactor,
          nd,
        )
      if (this.evaluator.reactionStiffness)
        this.evaluator.addReactionStiffness(s, m, this.stiffnessFactor, nd)
    } while (!this.factorize())
    this.jacobianValid = true
    this.jacobianStep = h
    this.jacobianTime = s.t
    this.jacobianAge = 0
    copyJacobianState(this.jacobianAt, s)
  }

  /**
   * Sets the Newton matrix's factors for step size newtonStep (made again only when it changed): h^2 beta'
   * on K, h gamma' on D and, a velocity-level row being g_v(q_T, q'_T) / (h gamma'), h beta / gamma on
   * its position derivative (per unit of acceleration q_T moves by h^2 beta', q'_T by h gamma').
   */
  private matrixFactors(): void {
    const h = this.newtonStep
    if (h === this.factorStep) return
    const c = (1 - this.alphaF) / (1 - this.alphaM)
    this.stiffnessFactor = h * h * this.beta * c
    this.dampingFactor = h * this.gamma * c
    this.velocityRowFactor = (h * this.beta) / this.gamma
    this.factorStep = h
  }
  private factorStep = NaN
  // Declared bare, so they start as undefined and V8 keeps them tagged: passed to the evaluator (calls
  // it does not inline) they are not boxed again at every refresh, only once per change of h.
  private stiffnessFactor!: number
  private dampingFactor!: number
  private velocityRowFactor!: number

  /**
   * Modified Newton's Jacobian is evaluated again at the state it was made at, with the new values:
   * the run goes on as the model built with them would from a checkpoint (restoreJacobian).
   */
  override parametersChanged(): void {
    if (this.jacobianValid) this.jacobianToRestore = true
  }

  /** After loading a checkpoint: the Jacobian of the continuous run, evaluated at its saved state. */
  private restoreJacobian(): void {
    this.jacobianToRestore = false
    const s = this.state
    const t = s.t
    const current = jacobianState(s.q.length, s.lambda.length, s.data.length)
    copyJacobianState(current, s)
    s.t = this.jacobianTime
    copyJacobianState(s, this.jacobianAt)
    this.system.update(s)
    // Re-creating the continuous run's matrix is not a new evaluation: the statistics and its age stay
    // as saved.
    const counted = this.stats.jacobians,
      age = this.jacobianAge,
      h = this.newtonStep
    this.newtonStep = this.jacobianStep
    this.computeJacobian()
    this.newtonStep = h
    this.stats.jacobians = counted
    this.jacobianAge = age
    s.t = t
    copyJacobianState(s, current)
    this.system.update(s)
  }

  /** What the step cost, for the policy's averages (steps without a start decision teach it nothing). */
  private recordStepCost(iterations: number, refreshes: number): void {
    if (this.startDecision !== 'pending')
      this.refreshPolicy.recordStep(this.startDecision === 'fresh', iterations, refreshes, this.decisionAge)
  }

  /**
   * The policy's start decision, once per step (later Newton passes and retries of the step do not decide
   * again).
   */
  private refreshAtStart(): boolean {
    if (this.startDecision !== 'pending') return false
    this.decisionAge = this.jacobianAge
    const fresh = this.refreshPolicy.refreshAtStart(this.decisionAge)
    this.startDecision = fresh ? 'fresh' : 'kept'
    return fresh
  }

  /**
   * Factorizes the assembled matrix; true when done. A singular matrix whose constraint equations
   * turn out to depend on each other drops the dependent ones (or, when the dropped ones are still
   * the dependent ones, keeps a better-conditioned set) and returns false (assemble again);
   * otherwise it is an error naming the unknown of the failing pivot.
   */
  private factorize(): boolean {
    this.stats.jacobians++
    const k = this.matrix.factorize()
    if (k < 0) {
      // Only when non-empty: Set.clear allocates a new table, at every refresh.
      if (this.selectionsTried.size > 0) this.selectionsTried.clear()
      return true
    }
    const ev = this.evaluator
    if (
      this.nAE > 0 &&
      this.rowsChanged(dropForSingularMatrix(ev, this.velocityLevel, this.warn, this.rankReport)) &&
      this.newSelection()
    )
      return false
    const owner = this.unknownOwner(k),
      t = this.state.t
    throw new SolverError(
      'singular',
      `${this.solverType}: the system matrix is singular at t = ${t} (step ${this.stats.steps + 1}) for ` +
        `${owner}; check for redundant constraints, a body without mass, or a coordinate that nothing holds`,
      t,
      this.stats.steps + 1,
      [owner],
    )
  }

  /**
   * True the first time a set of dropped equations is tried for this matrix: far from the constraint
   * manifold two selections can each leave the other's matrix singular, and would alternate forever.
   */
  private newSelection(): boolean {
    const key = String(this.evaluator.dependentRows)
    if (this.selectionsTried.has(key)) return false
    this.selectionsTried.add(key)
    return true
  }

  /** Index 2 with dropped equations that does not project yet. */
  private projectionPending(): boolean {
    return this.velocityLevel && !this.projecting && this.evaluator.dependentRows !== null
  }

  /** max |g| at position level over the kept equations (the dropped ones and inactive connectors: none). */
  private positionDrift(): number {
    if (this.driftWork.length !== this.nAE) this.driftWork = new Float64Array(this.nAE)
    const g = this.driftWork
    this.evaluator.constraints(this.state, g, false)
    let drift = 0
    for (let k = 0; k < this.nAE; k++)
      if (this.aeRowScaling[k] !== UNSCALED_ROW) drift = Math.max(drift, Math.abs(g[k]))
    return drift
  }

  private projectOntoConstraints(): void {
    this.projection ??= new ConstraintProjection(
      this.evaluator,
      createSystemMatrix(this.evaluator, this.settings.linearSolverType, false, this.options.setupWork),
      this.factorizeProjection,
      false,
    )
    this.projection.project(this.state)
  }

  /**
   * Factorizes the projection's matrix. A singular one is not an error of the step, which converged:
   * the projection is skipped then, its O(h^3) drift left for the next one.
   */
  private readonly factorizeProjection = (): boolean => {
    this.stats.jacobians++
    return this.projection!.matrix.factorize() < 0
  }

  /**
   * Newton for q''_T and lambda_T; returns undefined on convergence, otherwise why it failed. firstPass:
   * the step's first pass of the discontinuous iteration (later passes start from its converged iterate).
   */
  private newton(firstPass: boolean): string | undefined {
    const h = this.newtonStep
    const nt = this.settings.timeIntegration.newton
    const r = this.residual
    // Predictor: q''_T from predict() and lambda_T of the last step, or the previous pass's iterate.
    this.interpolate()
    this.computeResidual(true)
    let res = this.residualNorm
    const res0 = res
    if (firstPass) this.startResidual = res
    // Converged at relativeTolerance times the smaller of Exudyn's r_0 (the residual at q'' = 0,
    // lambda = 0: the forces) and the residual of our start guess, so the same number is at least as
    // accurate as in Exudyn; the retries of a failed step at the former |f| + |M q'' + f| (without
    // forces the strict bound is absoluteTolerance, out of reach where the matrix is numerically
    // singular); or absolutely small; or, once an iteration stalls, within its round-off floor
    // (residualFloor). docs/engine.md, "Newton".
    const reference = this.retrying
      ? this.forceScale + this.reactionScale
      : Math.min(this.forceScale, this.startResidual)
    let tolerance = nt.absoluteTolerance + nt.relativeTolerance * reference
    if (res <= tolerance) return undefined
    let floorMeasured = false
    let fresh = false
    if (!nt.useModifiedNewton || !this.jacobianValid || this.jacobianStep !== h || this.refreshAtStart()) {
      this.jacobianToRestore = false
      this.computeJacobian()
      fresh = true
    } else if (this.jacobianToRestore) this.restoreJacobian()
    // Anderson acceleration with a matrix kept from earlier steps (secant: acceleratedUpdate).
    let secant = nt.useModifiedNewton && !fresh
    let previousKnown = false
    let slow = false
    for (let it = 1; it <= nt.maxIterations; it++) {
      if (secant) this.secantWeight(previousKnown && slow)
      this.matrix.solve(r)
      if (secant) this.acceleratedUpdate(previousKnown && slow)
      previousKnown = secant
      this.applyUpdate()
      this.stats.newtonIterations++
      this.interpolate()
      const prev = res
      this.computeResidual()
      res = this.residualNorm
      slow = res > SECANT_CONTRACTION * prev
      if (!Number.isFinite(res)) return `the residual became ${res}`
      if (res <= tolerance) return undefined
      if (!floorMeasured && res > STALLED_CONTRACTION * prev) {
        floorMeasured = true
        this.residualFloor()
        tolerance = Math.max(tolerance, FLOOR_MULTIPLE * this.roundOffFloor)
        if (res <= tolerance) return undefined
      }
      // Stagnation at round-off: the update no longer changes the accelerations.
      const maxima = this.updateMaxima
      if (maxima[0] <= 1e-15 * Math.max(maxima[1], 1)) return undefined
      // The policy reads the iteration from its fields (jacobianRefresh.ts).
      const policy = this.refreshPolicy
      policy.residual = res
      policy.previous = prev
      policy.tolerance = tolerance
      policy.contractivity = nt.modifiedNewtonContractivity
      if (!nt.useModifiedNewton) {
        this.computeJacobian()
      } else if (!policy.afterIteration(fresh)) {
        fresh = false
      } else {
        this.computeJacobian()
        fresh = true
        secant = false
      }
    }
    return (
      `the residual is ${res.toExponential(3)} after ${nt.maxIterations} iterations (started at ` +
      `${res0.toExponential(3)}; tolerance ${tolerance.toExponential(3)})`
    )
  }

  /**
   * q'' -= dq'' and lambda -= dlambda from the solved residual, and the largest |dq''_i| and |q''_i| into
   * updateMaxima. A method of its own, not a loop in newton: V8 compiles a function with a hot loop on
   * the stack (OSR) again and again, and newton with its inlined calls is its largest compile (perf3D
   * 200 steps: four such compiles of ~30 ms).
   */
  private applyUpdate(): void {
    const s = this.state
    subtractUpdate(s.a, s.lambda, this.residual, this.n2, this.nAE, this.updateMaxima)
  }

  /** The largest |dq''_i| and |q''_i| of the latest update (applyUpdate), in this order. */
  private readonly updateMaxima = new Float64Array(2)

  /**
   * Before solving with a kept matrix: with a previous iterate, gamma minimizing |r_k - gamma (r_k -
   * r_(k-1))| in the residual norm of computeResidual (constraint rows unscaled); then r_k is kept.
   */
  private secantWeight(previousKnown: boolean): void {
    const r = this.residual,
      last = this.secantResidual,
      n2 = this.n2
    if (previousKnown) {
      let dr = 0,
        dd = 0
      for (let i = 0; i < n2; i++) {
        const d = r[i] - last[i]
        dr += d * r[i]
        dd += d * d
      }
      const rows = this.aeRowScaling,
        position = this.scalePosition,
        velocity = this.scaleVelocity
      for (let k = 0; k < this.nAE; k++) {
        const scale = rows[k] === POSITION_ROW ? position : rows[k] === VELOCITY_ROW ? velocity : 1
        const w = 1 / (scale * scale),
          d = r[n2 + k] - last[n2 + k]
        dr += w * d * r[n2 + k]
        dd += w * d * d
      }
      this.secantGamma = dd > 0 ? dr / dd : 0
    }
    copyInto(last, r)
  }

  /**
   * Anderson acceleration of depth one (Walker and Ni, SIAM J. Numer. Anal. 49, 2011) for modified
   * Newton with a matrix kept from earlier steps: x_(k+1) = (1 - gamma) G(x_k) + gamma G(x_(k-1)),
   * G(x) = x - A^-1 r(x), gamma from secantWeight. A kept matrix contracts slowly along modes it has
   * grown stale in (perf3D's 400-body chain: the internal torques carried along the chain, which C_q^T
   * nearly maps to zero, so the multipliers' error there is 1e4 times the residual it leaves); the
   * secant step takes their geometric series at once, where Newton stalled near the tolerance and
   * took a refresh. In the residual after the solve: the update f_k = A^-1 r_k becomes
   * f_k + gamma ((x_k - x_(k-1)) - (f_k - f_(k-1))).
   */
  private acceleratedUpdate(previousKnown: boolean): void {
    if (previousKnown) this.secantCombine()
    else this.secantStart()
  }

  /** acceleratedUpdate's first iterate: keeps f_k (the solved residual) and x_k = [q''; lambda]. */
  private secantStart(): void {
    const x = this.secantIterate,
      s = this.state
    copyInto(this.secantUpdate, this.residual)
    x.set(s.a)
    x.set(s.lambda, this.n2)
  }

  /**
   * acceleratedUpdate's secant step, a method of its own: its loop first runs iterations after
   * secantStart's, so V8 compiled the two together (OSR) without feedback for it and deoptimized.
   */
  private secantCombine(): void {
    const r = this.residual,
      x = this.secantIterate,
      f = this.secantUpdate,
      s = this.state,
      n2 = this.n2,
      nAE = this.nAE,
      gamma = this.secantGamma
    for (let i = 0; i < n2 + nAE; i++) {
      const xi = i < n2 ? s.a[i] : s.lambda[i - n2],
        fi = r[i]
      r[i] = fi + gamma * (xi - x[i] - (fi - f[i]))
      x[i] = xi
      f[i] = fi
    }
  }

  protected override extraValues(): Record<string, number> {
    return {
      jacobianValid: this.jacobianValid ? 1 : 0,
      jacobianStep: this.jacobianStep,
      jacobianTime: this.jacobianTime,
      jacobianAge: this.jacobianAge,
      previousStep: this.hPrevious,
      previousStep2: this.hPrevious2,
      ...this.refreshPolicy.save(),
      // Only when a failed step switched it on (checkpoints of other runs stay as they were).
      ...(this.evaluator.reactionStiffness && !this.system.experimental.has('newtonReactionStiffness')
        ? { reactionStiffness: 1 }
        : {}),
      ...(this.projecting ? { projection: 1 } : {}),
      ...(this.driftAtRankCheck > 0 ? { driftAtRankCheck: this.driftAtRankCheck } : {}),
    }
  }
  protected override extraVectors(): Record<string, Float64Array> {
    const at = this.jacobianAt
    const vectors: Record<string, Float64Array> = {
      algorithmicAccelerations: Float64Array.from(this.aAlg),
      previousAccelerations: Float64Array.from(this.accPrevious),
      previousAccelerations2: Float64Array.from(this.accPrevious2),
    }
    // A checkpoint of a run not set up yet has no matrix, hence no pivots.
    const pivots = this.initialized ? this.matrix.pivotSequence?.() : undefined
    if (pivots) vectors.matrixPivots = Float64Array.from(pivots)
    if (this.jacobianValid)
      Object.assign(vectors, {
        jacobianQ: Float64Array.from(at.q),
        jacobianV: Float64Array.from(at.v),
        jacobianA: Float64Array.from(at.a),
        jacobianLambda: Float64Array.from(at.lambda),
        jacobianData: Float64Array.from(at.data),
      })
    return vectors
  }
  protected override loadExtra(values: Record<string, number>, vectors: Record<string, Float64Array>): void {
    const a = vectors.algorithmicAccelerations
    if (!a || a.length !== this.aAlg.length)
      throw new SolverError(
        'model',
        `the checkpoint's integrator state has ${a?.length ?? 0} algorithmic accelerations; this system ` +
          `has ${this.aAlg.length}`,
      )
    this.aAlg.set(a)
    // Checkpoints without (all of) this predictor history or refresh policy start them again (the run
    // continues correctly, not bitwise).
    const ap = vectors.previousAccelerations,
      ap2 = vectors.previousAccelerations2
    const complete = ap?.length === this.accPrevious.length && ap2?.length === this.accPrevious2.length
    this.hPrevious = complete ? (values.previousStep ?? 0) : 0
    this.hPrevious2 = complete ? (values.previousStep2 ?? 0) : 0
    if (complete) {
      this.accPrevious.set(ap)
      this.accPrevious2.set(ap2)
    }
    const { freshStartCost, keptStartCost, keptStartCost1, startDecisions, freshContraction } = values
    const policy = [freshStartCost, keptStartCost, keptStartCost1, startDecisions, freshContraction]
    if (policy.every(Number.isFinite))
      this.refreshPolicy.load({
        freshStartCost,
        keptStartCost,
        keptStartCost1,
        startDecisions,
        freshContraction,
      })
    if (values.reactionStiffness === 1 && !this.evaluator.reactionStiffness) this.useReactionStiffness()
    this.projecting = values.projection === 1
    // The next factorization starts from the continuous run's pivots (none saved: a full one).
    const pivots = vectors.matrixPivots
    this.matrix.startFromPivots?.(pivots ? Int32Array.from(pivots) : null)
    this.driftAtRankCheck = values.driftAtRankCheck ?? 0
    this.jacobianValid = false
    this.jacobianToRestore = false
    if (values.jacobianValid !== 1) return
    const at = this.jacobianAt
    const saved = {
      q: vectors.jacobianQ,
      v: vectors.jacobianV,
      a: vectors.jacobianA,
      lambda: vectors.jacobianLambda,
      data: vectors.jacobianData,
    }
    for (const key of JACOBIAN_STATE_KEYS) {
      const x = saved[key]
      if (!x || x.length !== at[key].length)
        throw new SolverError(
          'model',
          `the checkpoint's integrator state has a Jacobian state "${key}" of ${x?.length ?? 0} values; ` +
            `this system has ${at[key].length}`,
        )
      at[key].set(x)
    }
    this.jacobianStep = values.jacobianStep
    this.jacobianTime = values.jacobianTime
    this.jacobianAge = values.jacobianAge ?? 0
    this.jacobianValid = true
    this.jacobianToRestore = true
  }
}
