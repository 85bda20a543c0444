// Static solver: Newton on the equilibrium  f_lhs(q, 0) - lambda_load f_loads + C_q^T lambda = 0,
// g(q) = 0, with the loads applied in numberOfLoadSteps increments (lambda_load = k / n); a load step
// whose Newton fails is retried with a smaller increment (stepReductionFactor) down to minimumStepSize.
import { subtractUpdate } from '../math/newtonUpdate'
import type { SimulationSettings } from '../model/settings'
import type { CompiledSystem } from '../system/compiledSystem'
import type { SystemMatrix } from '../system/matrix'
import { createSystemMatrix } from '../system/sparseMatrix'
import { SolverError } from './errors'
import { SolverBase, type SolverOptions } from './solverBase'

export class StaticSolver extends SolverBase {
  readonly solverType = 'Static'
  private matrix!: SystemMatrix
  private residual = new Float64Array(0)
  private q0 = new Float64Array(0)
  private lambda0 = new Float64Array(0)
  private loadBuf = new Float64Array(0)
  /** The largest |dq_i| and |q_i| of the latest Newton update (subtractUpdate), in this order. */
  private readonly updateMaxima = new Float64Array(2)
  /** Load factor reached so far (0..1) and the current increment. */
  private loadFactor = 0
  private increment: number

  constructor(system: CompiledSystem, settings: SimulationSettings, options: SolverOptions = {}) {
    super(
      system,
      {
        ...settings,
        timeIntegration: {
          ...settings.timeIntegration,
          startTime: 0,
          endTime: 1,
          numberOfSteps: settings.staticSolver.numberOfLoadSteps,
        },
      },
      options,
    )
    this.increment = 1 / settings.staticSolver.numberOfLoadSteps
  }

  override get finished(): boolean {
    return this.loadFactor >= 1
  }

  protected override initializeSolverData(): void {
    const n = this.system.nODE2 + this.system.nAE
    if (!this.matrix || this.matrix.n !== n) {
      this.matrix = createSystemMatrix(
        this.evaluator,
        this.settings.linearSolverType,
        true,
        this.options.setupWork,
      )
      this.residual = new Float64Array(n)
      this.q0 = new Float64Array(this.system.nODE2)
      this.lambda0 = new Float64Array(this.system.nAE)
      this.loadBuf = new Float64Array(this.system.nODE2)
    }
    this.state.v.fill(0)
    this.state.a.fill(0)
  }

  protected performStep(): void {
    const s = this.state
    const st = this.settings.staticSolver
    this.q0.set(s.q)
    this.lambda0.set(s.lambda)
    for (;;) {
      const target = Math.min(1, this.loadFactor + this.increment)
      s.t = target
      const failure = this.newton(target)
      if (!failure) {
        this.loadFactor = target
        // Grow back towards the nominal increment after a reduction.
        this.increment = Math.min(1 / st.numberOfLoadSteps, this.increment / st.stepReductionFactor)
        return
      }
      s.q.set(this.q0)
      s.lambda.set(this.lambda0)
      this.stats.rejectedSteps++
      this.increment *= st.stepReductionFactor
      if (this.increment < st.minimumStepSize)
        throw new SolverError(
          'noConvergence',
          `Static: Newton did not converge at load factor ${target} (load step ${this.stats.steps + 1}): ` +
            `${failure}; the increment fell below minimumStepSize (${st.minimumStepSize})`,
          target,
          this.stats.steps + 1,
        )
    }
  }

  private computeResidual(loadFactor: number): number {
    const s = this.state
    const n2 = this.system.nODE2
    const r = this.residual
    this.evaluator.ode2Residual(s, r.subarray(0, n2), loadFactor)
    this.evaluator.addReactionForces(s, r.subarray(0, n2), false)
    this.evaluator.constraints(s, r.subarray(n2), false)
    let sum = 0
    for (let i = 0; i < r.length; i++) sum += r[i] * r[i]
    return Math.sqrt(sum)
  }

  private newton(loadFactor: number): string | undefined {
    const s = this.state
    const nt = this.settings.staticSolver.newton
    const n2 = this.system.nODE2
    const r = this.residual,
      maxima = this.updateMaxima
    let res = this.computeResidual(loadFactor)
    const res0 = Math.max(res, this.loadScale(loadFactor))
    if (res <= nt.absoluteTolerance) return undefined
    for (let it = 1; it <= nt.maxIterations; it++) {
      this.computeJacobian()
      this.matrix.solve(r)
      subtractUpdate(s.q, s.lambda, r, n2, this.system.nAE, maxima)
      this.stats.newtonIterations++
      res = this.computeResidual(loadFactor)
      if (!Number.isFinite(res)) return `the residual became ${res}`
      if (res <= nt.absoluteTolerance || res <= nt.relativeTolerance * res0) return undefined
      if (maxima[0] <= 1e-15 * Math.max(maxima[1], 1)) return undefined
    }
    return `the residual is ${res.toExponential(3)} after ${nt.maxIterations} iterations`
  }

  /** Size of the applied loads (reference for the relative tolerance). */
  private loadScale(loadFactor: number): number {
    const f = this.loadBuf
    f.fill(0)
    for (const { computation } of this.system.loads) computation.addLoad(this.state, f, loadFactor)
    let sum = 0
    for (let i = 0; i < f.length; i++) sum += f[i] * f[i]
    return Math.sqrt(sum)
  }

  private computeJacobian(): void {
    const s = this.state
    const m = this.matrix
    m.zero()
    this.evaluator.addStiffnessDamping(s, m, 1, 0, this.settings.staticSolver.newton.numericalDifferentiation)
    this.evaluator.addConstraintJacobian(s, m, this.system.nODE2, false, 1, 1, 1)
    this.stats.jacobians++
    const k = m.factorize()
    if (k >= 0) {
      const owner = this.unknownOwner(k)
      throw new SolverError(
        'singular',
        `Static: the stiffness matrix is singular for ${owner} (at load factor ${s.t}); a coordinate is ` +
          `held by no spring or constraint, or constraints are redundant`,
        s.t,
        this.stats.steps + 1,
        [owner],
      )
    }
  }

  protected override extraValues(): Record<string, number> {
    return { loadFactor: this.loadFactor, increment: this.increment }
  }
  protected override loadExtra(values: Record<string, number>): void {
    this.loadFactor = values.loadFactor
    this.increment = values.increment
  }
}
