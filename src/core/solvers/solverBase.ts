// The solver template method (docs/engine.md, "Solvers"):
//   initializeSolver: preInitializeSolverSpecific -> initializeSolverOutput -> initializeSolverPreChecks
// -> initializeSolverData -> initializeSolverInitialConditions -> postInitializeSolverSpecific
//   solveSteps:       loop over time (or load) steps; implicit solvers run Newton inside a
//                     discontinuous-iteration loop
//   finalizeSolver
// A run can also be driven in slices (advance) so a host can answer requests between them.
import type { SimulationSettings } from '../model/settings'
import type { CompiledSystem } from '../system/compiledSystem'
import type { NodeComputation, ObjectComputation } from '../system/computation'
import { SystemEvaluator } from '../system/evaluator'
import { MinimumNormMultipliers } from '../system/minimumNormMultipliers'
import type { SystemState } from '../system/state'
import { SolverError, type CancellationToken } from './errors'
import type { SensorRecorder } from './sensorRecorder'
import type { SetupWork } from '../system/sparseMatrix'

export interface SolverStatistics {
  steps: number
  rejectedSteps: number
  newtonIterations: number
  /** Jacobian evaluations (and factorizations). */
  jacobians: number
  /** Seconds spent in initialize + steps + finalize. */
  wallTime: number
}

export interface SolverProgress {
  time: number
  endTime: number
  steps: number
  newtonIterations: number
  stepSize: number
  wallTime: number
}

export interface SolverOptions {
  recorder?: SensorRecorder
  cancel?: CancellationToken
  onProgress?: (p: SolverProgress) => void
  /** Milliseconds between progress callbacks. */
  progressInterval?: number
  /** Called after every accepted step (results-file writer, live frames). */
  onStep?: (s: SystemState) => void
  /** Called once the setup (initializeSolver) has completed, with the initial state (results-file writer). */
  onInitialized?: (s: SystemState) => void
  /**
   * Read by advance() between steps, when it reads the clock (every step once steps take longer than
   * CLOCK_READ_INTERVAL_MS): true ends the slice there. A host pauses with it at a step boundary, so
   * the run goes on from there as if never paused; a step in flight always completes.
   */
  pauseRequested?: () => boolean
  /** Called for each warning (redundant constraints dropped, a node near a singular angle). */
  onWarning?: (w: SolverWarning) => void
  /**
   * Runs work a run does once (a sparse matrix's pattern and ordering); the command line runs it
   * without V8's optimizing compiler (src/node/tiering.ts). Default: run it.
   */
  setupWork?: SetupWork
}

/** Something the user should know about a run that goes on: what, when, and the items concerned. */
export interface SolverWarning {
  message: string
  time: number
  items: string[]
}

/** |cos| of a singular rotation angle below which the solvers warn (0.05: 2.9 deg from gimbal lock). */
export const SINGULAR_ANGLE_WARNING = 0.05

/** The integrator's own state, saved in checkpoints so a restart continues the same run. */
export interface IntegratorState {
  solverType: string
  stepSize: number
  /** Further solver-specific numbers (accelerations history, step-size control, counters). */
  values: Record<string, number>
  vectors: Record<string, Float64Array>
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now())

/**
 * advance() reads the clock about this often (ms). A read costs about 0.1 us, as much as a whole step
 * of a small explicit model, so while steps are short the clock is read only every `stride` steps; a
 * slice then ends at most about this much after its time is up.
 */
const CLOCK_READ_INTERVAL_MS = 0.25
const MAX_CLOCK_STRIDE = 4096

/**
 * True when q, q', q'' and lambda hold no NaN or infinity: x * 0 is 0 for finite x and NaN otherwise,
 * so one sum and one branch check all of them (q, q' and q'' have the same length).
 */
function stateFinite(s: SystemState): boolean {
  const { q, v, a, lambda } = s
  let probe = 0
  for (let i = 0; i < q.length; i++) probe += q[i] * 0 + v[i] * 0 + a[i] * 0
  for (let k = 0; k < lambda.length; k++) probe += lambda[k] * 0
  return probe === 0
}

/** Index of the first NaN or infinity in x, or -1. */
function firstNonFinite(x: Float64Array): number {
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i])) return i
  return -1
}

/** The most an error controller grows the step size from one accepted step to the next. */
export const STEP_GROWTH_LIMIT = 5

export abstract class SolverBase {
  readonly stats: SolverStatistics = {
    steps: 0,
    rejectedSteps: 0,
    newtonIterations: 0,
    jacobians: 0,
    wallTime: 0,
  }
  readonly evaluator: SystemEvaluator
  /** The warnings of this run, in order (also passed to options.onWarning). */
  readonly warnings: SolverWarning[] = []
  // Numbers with a NaN initializer, not declared bare: a bare class field starts as undefined, and V8
  // then stores every later double in a new heap box (an allocation per step for h).
  protected startTime = NaN
  protected endTime = NaN
  /** Current (or next) step size. */
  protected h = NaN
  private setupDone = false
  /**
   * Objects with switching states (postNewton) and with a postStep hook, collected when the system is
   * initialized.
   */
  private switchingObjects: ObjectComputation[] = []
  /** Nodes with a singular rotation angle (rotationSingularity), and per node whether it was warned about. */
  private singularNodes: { node: NodeComputation; label: string }[] = []
  private warnedSingular = new Uint8Array(0)
  private postStepObjects: ObjectComputation[] = []
  private lastProgress = 0
  private wallStart = NaN
  /**
   * The nominal time grid startTime + k * nominalStepSize (k counted, never summed: t += h drifted by
   * ulps per step). Every run of a project visits every grid point: a reduced step (Newton failure)
   * subdivides the current grid interval and the steps after it fill the interval up to its end, so a
   * run to T1 and a longer run pass through the same states at T1 and a checkpoint there continues
   * bit for bit. Error-controlled solvers (DOPRI5 adaptive) choose their own times instead.
   */
  protected readonly nominalStepSize: number
  /** The step solveStep asks performStep for: its start, size and exact end time (stepEnd). */
  private plannedStart = NaN
  protected plannedStep = 0
  protected plannedEnd = NaN
  /** The grid point k the last step ended on (gridTime = startTime + k * nominalStepSize), -1: none. */
  private gridIndex = -1
  private gridTime = NaN
  /**
   * Set by a performStep that computed every entry of q, q', q'' and lambda itself: the sum of x * 0
   * over them (0 when all are finite, NaN otherwise), so solveStep need not read them again; NaN:
   * not computed, solveStep checks the state.
   */
  protected finiteProbe = NaN

  constructor(
    readonly system: CompiledSystem,
    readonly settings: SimulationSettings,
    readonly options: SolverOptions = {},
  ) {
    this.evaluator = new SystemEvaluator(system)
    // Fields that hold fractions start as doubles (SystemState.t).
    this.wallStart = this.tolerance = 0
    const ti = settings.timeIntegration
    this.startTime = ti.startTime
    this.endTime = ti.endTime
    this.h = (ti.endTime - ti.startTime) / ti.numberOfSteps
    this.nominalStepSize = this.h
    // Only for sensors that may read reactions: the dense projection costs O(nAE^2 (nODE2 + nAE)) a row.
    if (options.recorder && system.sensors.some((r) => r.computation.readsMultipliers))
      options.recorder.reportedMultipliers = this.minimumNormMultipliers
  }

  /** Whether the constraint Jacobian of the reactions is the velocity-level one (index 2). */
  protected get velocityLevelReactions(): boolean {
    return false
  }

  /** Made when dropped equations are first reported; null when the system is too large for it. */
  private minimumNorm: MinimumNormMultipliers | null | undefined = undefined

  /**
   * With equations dropped (redundant constraints) the sensors report the minimum-norm multipliers
   * of the same generalized reaction (minimumNormMultipliers.ts); the integration keeps its own.
   */
  private readonly minimumNormMultipliers = (s: SystemState, out: Float64Array): boolean => {
    const dropped = this.evaluator.dependentRows
    if (!dropped) return false
    if (this.minimumNorm === undefined)
      this.minimumNorm = MinimumNormMultipliers.create(this.system, this.velocityLevelReactions)
    if (!this.minimumNorm) return false
    out.set(s.lambda)
    this.minimumNorm.project(s, dropped, out)
    return true
  }

  /** True for solvers whose step sizes come from error control rather than the nominal grid. */
  protected get errorControlledSteps(): boolean {
    return false
  }

  abstract readonly solverType: string

  get state(): SystemState {
    return this.system.state
  }

  /** The setup (initializeSolver or loadIntegratorState) has completed: steps can be taken. */
  get initialized(): boolean {
    return this.setupDone
  }

  get finished(): boolean {
    this.updateTimeTolerance()
    return this.state.t >= this.endTime - this.tolerance
  }

  /**
   * The largest step size this run can hold: an accepted step never exceeds the time span, and error
   * control grows the next one at most STEP_GROWTH_LIMIT-fold. A larger one (e.g. from a checkpoint)
   * would widen the time tolerance until the run counted as finished before its end time.
   */
  get largestStepSize(): number {
    return STEP_GROWTH_LIMIT * (this.endTime - this.startTime)
  }

  /**
   * Sets tolerance: times closer than it to endTime are endTime (round-off of the step grid). Made again
   * only when h or endTime changed (it is read twice in every step); a field, not a return value: V8
   * boxes a double returned from a call it does not inline.
   */
  private updateTimeTolerance(): void {
    if (this.h !== this.toleranceStep || this.endTime !== this.toleranceEnd) {
      this.toleranceStep = this.h
      this.toleranceEnd = this.endTime
      this.tolerance = Math.max(1e-12 * Math.max(1, Math.abs(this.endTime)), 1e-10 * this.h)
    }
  }
  private toleranceStep = NaN
  private toleranceEnd = NaN
  private tolerance = NaN
  /**
   * plainSteps' bounds for planGridStep: fields, not arguments, as V8 boxes a double passed to a call
   * it does not inline (an allocation per step).
   */
  private gridLimit = NaN
  private snapLow = NaN
  private snapHigh = NaN

  /**
   * Times closer than this to a grid point t0 + k h are that grid point: 1e-9 h, or the round-off of
   * t0 + k h itself where that is larger. t0 + k h rounds to within ulp(t)/2, and the differences
   * taken of it to a few ulp(t) = 2^-52 |t|; once |t| / h exceeds ~4.5e6 an ulp is more than 1e-9 h,
   * so 16 eps |t| keeps a step that lands an ulp short or long of the grid from being taken for a
   * separate interval (which left a step of one ulp behind it).
   */
  private gridSnapTolerance(t: number): number {
    return Math.max(
      1e-9 * this.nominalStepSize,
      16 * Number.EPSILON * Math.max(Math.abs(t), Math.abs(this.startTime)),
    )
  }

  /** Solves from the current state to endTime: the whole template method. */
  solve(): SolverStatistics {
    this.initializeSolver()
    this.advance(Infinity)
    this.finalizeSolver()
    return this.stats
  }

  /**
   * Runs steps for at most maxMilliseconds (at least one step), after the setup if it has not been
   * done, and no step after the simulated time reaches untilTime (a host pacing the run to wall
   * time) or after options.pauseRequested turned true; returns true when endTime is reached.
   */
  advance(maxMilliseconds: number, untilTime = Infinity): boolean {
    if (!this.setupDone) this.initializeSolver()
    const pauseRequested = this.options.pauseRequested
    const plain = this.plainStepsAllowed()
    const t0 = now()
    let stride = 1,
      untilRead = 1,
      lastRead = t0
    for (;;) {
      if (this.finished) return true
      if (this.options.cancel?.cancelled)
        throw new SolverError('cancelled', `cancelled at t = ${this.state.t}`, this.state.t, this.stats.steps)
      // Up to the next clock read, the steps after which nothing is due run back to back.
      if (plain && untilRead > 1) {
        untilRead -= this.plainSteps(untilRead - 1, untilTime)
        this.takePlannedStep()
      } else this.solveStep()
      if (this.state.t >= untilTime) return this.finished
      if (--untilRead > 0) continue
      if (pauseRequested?.()) return this.finished
      const t = now()
      if (t - t0 >= maxMilliseconds) return this.finished
      // Double the stride while reads come faster than the interval, halve it when they come slower.
      const sinceRead = t - lastRead
      if (sinceRead < 0.5 * CLOCK_READ_INTERVAL_MS) stride = Math.min(2 * stride, MAX_CLOCK_STRIDE)
      else if (sinceRead > CLOCK_READ_INTERVAL_MS) stride = Math.max(1, stride >> 1)
      lastRead = t
      untilRead = stride
    }
  }

  /**
   * The system's live parameters changed in place (CompiledSystem.updateItems): what the solver
   * keeps that was computed from them is computed again before it is used. Nothing by default.
   */
  parametersChanged(): void {}

  /** Sets the end time (e.g. to continue a finished run, or to stop at a checkpoint time). */
  setEndTime(t: number): void {
    this.endTime = t
  }

  /** The setup: pre-checks, the solver's data, the initial conditions, the first output. */
  initializeSolver(): void {
    this.wallStart = now()
    this.preInitializeSolverSpecific()
    this.initializeSolverPreChecks()
    this.initializeSolverData()
    if (!this.setupDone) this.initializeSolverInitialConditions()
    this.setupDone = true
    this.postInitializeSolverSpecific()
    this.initializeSolverOutput()
    this.options.onInitialized?.(this.state)
  }

  protected preInitializeSolverSpecific(): void {}
  protected postInitializeSolverSpecific(): void {}

  protected initializeSolverOutput(): void {
    this.options.recorder?.maybeRecord(this.state)
  }

  protected initializeSolverPreChecks(): void {
    this.system.initialize()
    this.switchingObjects = this.system.objects.map((r) => r.computation).filter((o) => o.postNewton)
    this.postStepObjects = this.system.objects.map((r) => r.computation).filter((o) => o.postStep)
    this.singularNodes = this.system.nodes.flatMap((r, k) =>
      r.computation.rotationSingularity ? [{ node: r.computation, label: this.system.label('node', k) }] : [],
    )
    this.warnedSingular = new Uint8Array(this.singularNodes.length)
    if (this.system.nODE1 > 0)
      throw new SolverError(
        'unsupported',
        `${this.solverType}: ODE1 coordinates are not supported by this solver yet`,
      )
  }

  protected initializeSolverData(): void {}
  protected initializeSolverInitialConditions(): void {}

  /** One accepted step (with internal retries); throws SolverError when the step cannot be done. */
  solveStep(): void {
    this.planStep()
    this.takePlannedStep()
  }

  /** The step from state.t: its size and exact end time (plannedStart, plannedStep, plannedEnd). */
  private planStep(): void {
    const t0 = this.state.t
    // The last step lands exactly on endTime: a time within round-off of it is taken as endTime (a run
    // to T1 then visits exactly the states of a longer run), a shorter remainder is one shorter step.
    let h = this.h
    let end = t0 + h
    if (!this.errorControlledSteps) {
      // The grid point k that t0 lies on or after (t0 on a grid point starts the next interval).
      const hn = this.nominalStepSize
      const snap = this.gridSnapTolerance(t0)
      // From the grid point the last step ended on, k is the next one: what the division gives there
      // (it rounds to that point or just below it, and the snap moves the latter on), without it.
      let k = t0 === this.gridTime ? this.gridIndex + 1 : Math.floor((t0 - this.startTime) / hn) + 1
      if (this.startTime + k * hn - t0 <= snap) k++
      const gridNext = this.startTime + k * hn
      const remaining = gridNext - t0
      if (h >= remaining - snap) {
        // A whole interval keeps h exactly (the Jacobian is reused across equal steps, and the
        // integrator sees the same h at any start time); only the end time is the grid's. The rest of
        // a subdivided interval is exactly what remains of it.
        if (Math.abs(remaining - h) > snap) h = remaining
        end = gridNext
        this.gridIndex = k
        this.gridTime = gridNext
      }
    }
    this.updateTimeTolerance()
    if (Math.abs(end - this.endTime) <= this.tolerance) end = this.endTime
    else if (end > this.endTime) {
      end = this.endTime
      h = end - t0
    }
    this.plannedStart = t0
    this.plannedStep = h
    this.plannedEnd = end
  }

  /**
   * Steps as solveStep takes them, at most max, while nothing is due after them: no sensor row (the
   * recorder's next output time), not untilTime, not the last step (whose end snaps to endTime); for
   * solvers that allow it (plainStepsAllowed), so nothing else happens after a step. Returns how many
   * it took, the next step planned (takePlannedStep takes it with everything due after it). A step
   * that changes h (a reduced step of an implicit solver) ends them: the end time's tolerance follows h.
   */
  private plainSteps(max: number, untilTime: number): number {
    const s = this.state
    const due = this.options.recorder?.nextOutputTime ?? Infinity
    // A step ending before all of these leaves finished, untilTime and the recorder as they were.
    this.updateTimeTolerance()
    const limit = Math.min(untilTime, this.endTime - this.tolerance, due)
    const h = this.h
    // The steps start in [s.t, limit): the least and the largest gridSnapTolerance there.
    const t = s.t,
      least = t >= 0 ? t : limit <= 0 ? -limit : 0
    this.gridLimit = limit
    this.snapLow = this.gridSnapTolerance(least)
    this.snapHigh = Math.max(this.gridSnapTolerance(t), this.gridSnapTolerance(limit))
    for (let n = 0; ; n++) {
      if (!this.planGridStep()) this.planStep()
      // NaN (an output due at any time) fails the comparison too.
      if (n === max || this.h !== h || !(this.plannedEnd < limit)) return n
      this.performPlannedStep()
      this.stats.steps++
      const probe = this.finiteProbe
      this.finiteProbe = NaN
      if (probe !== 0 && !stateFinite(s)) this.throwNonFinite()
    }
  }

  /**
   * planStep's plan where it is sure to be the next grid point with h unchanged, cheaper: from the grid
   * point the last step ended on, an interval within the least snap tolerance of h and longer than the
   * largest (snapLow, snapHigh: gridSnapTolerance's bounds over the steps' start times) keeps h and
   * ends on the grid, and one ending before gridLimit is not the last step. False (nothing planned)
   * when that is not sure.
   */
  private planGridStep(): boolean {
    const limit = this.gridLimit,
      snapLow = this.snapLow,
      snapHigh = this.snapHigh
    const t0 = this.state.t
    if (t0 !== this.gridTime) return false
    const k = this.gridIndex + 1,
      h = this.h
    const gridNext = this.startTime + k * this.nominalStepSize
    const remaining = gridNext - t0
    if (!(Math.abs(remaining - h) <= snapLow && remaining > snapHigh && gridNext < limit)) return false
    this.gridIndex = k
    this.gridTime = gridNext
    this.plannedStart = t0
    this.plannedStep = h
    this.plannedEnd = gridNext
    return true
  }

  /**
   * Whether advance may take plainSteps: the solver's steps are only performStep (fixed step sizes,
   * plainStepsSupported) and nothing is called or checked after a step but the sensor recorder and
   * the progress (no onStep, no post-step objects, no node that can near a singular angle).
   */
  private plainStepsAllowed(): boolean {
    return (
      this.plainStepsSupported &&
      !this.options.onStep &&
      this.postStepObjects.length === 0 &&
      this.singularNodes.length === 0
    )
  }

  /** True for solvers whose steps can run back to back in plainSteps (a fixed step size). */
  protected get plainStepsSupported(): boolean {
    return false
  }

  /**
   * performStep(plannedStep). A solver may take the planned step without the argument: V8 boxes a
   * number passed to a call it does not inline (an allocation per step).
   */
  protected performPlannedStep(): void {
    this.performStep(this.plannedStep)
  }

  /** Takes the planned step, then checks its state and calls what is due after it. */
  private takePlannedStep(): void {
    const s = this.state
    this.performPlannedStep()
    this.stats.steps++
    // The cheap test inline, the search and the message apart: V8 does not inline the large method,
    // and a call per step was a tenth of a small explicit step.
    const probe = this.finiteProbe
    this.finiteProbe = NaN
    if (probe !== 0 && !stateFinite(s)) this.throwNonFinite()
    // Indexed loops in the step code: code not yet optimized (a short run's per-step functions) makes an
    // iterator and a result object per item for for-of.
    const postStep = this.postStepObjects
    for (let k = 0; k < postStep.length; k++) postStep[k].postStep!(s)
    if (this.singularNodes.length > 0) this.watchSingularAngles()
    this.options.recorder?.maybeRecord(s)
    this.options.onStep?.(s)
    const p = this.options.onProgress
    if (p) {
      const t = now()
      if (t - this.lastProgress >= (this.options.progressInterval ?? 200) || this.finished) {
        this.lastProgress = t
        p({
          time: s.t,
          endTime: this.endTime,
          steps: this.stats.steps,
          newtonIterations: this.stats.newtonIterations,
          stepSize: this.h,
          wallTime: (t - this.wallStart) / 1000,
        })
      }
    }
  }

  /**
   * One pass of the discontinuous iteration (Exudyn's PostNewton): every object with switching states
   * (contact, stick/slip) updates them in state.data from the current state and reports the size of
   * the change in its force law; returns the largest (0 when nothing switched or nothing can switch).
   */
  protected postNewton(): number {
    let error = 0,
      recommended = -1
    const switching = this.switchingObjects
    for (let k = 0; k < switching.length; k++) {
      const o = switching[k]
      error = Math.max(error, o.postNewton!(this.state))
      const r = o.recommendedStepSize ?? -1
      if (r >= 0 && (recommended < 0 || r < recommended)) recommended = r
    }
    this.recommendedStepSize = recommended
    return error
  }

  /** The smallest step size the objects recommended in the last postNewton (< 0: none). */
  protected recommendedStepSize = -1

  /** Advances the state from s.t by (up to) h; sets s.t (stepEnd); updates this.h for the next step. */
  protected abstract performStep(h: number): void

  /**
   * The end time of a step of size h from t0: the exact grid time for the step solveStep planned, else t0 +
   * h.
   */
  protected stepEnd(t0: number, h: number): number {
    return t0 === this.plannedStart && h === this.plannedStep ? this.plannedEnd : t0 + h
  }

  finalizeSolver(): void {
    this.stats.wallTime += (now() - this.wallStart) / 1000
  }

  /**
   * Warns once when a node's rotation parameters near their singular angle (Tait-Bryan gimbal lock,
   * |cos ry| < SINGULAR_ANGLE_WARNING, 2.9 deg from it: the accelerations grow like 1 / cos^2 ry); again
   * only after the node has been well away (|cos ry| > 2 x that) in between.
   */
  private watchSingularAngles(): void {
    for (let k = 0; k < this.singularNodes.length; k++) {
      const c = this.singularNodes[k].node.rotationSingularity!(this.state)
      if (this.warnedSingular[k] === 0 && c < SINGULAR_ANGLE_WARNING) {
        this.warnedSingular[k] = 1
        const label = this.singularNodes[k].label
        this.warn(
          `${label} is ${((Math.asin(Math.min(1, c)) * 180) / Math.PI).toFixed(2)} deg from the singular ` +
            `angle of its rotation parameters at t = ${this.state.t} (Tait-Bryan gimbal lock, ry = +-90 ` +
            `deg: |cos ry| = ${c.toExponential(2)}); the results lose accuracy there. Choose the node's ` +
            `reference orientation so the motion stays away from it, or use Euler parameters (RigidBodyEP).`,
          [label],
        )
      } else if (this.warnedSingular[k] === 1 && c > 2 * SINGULAR_ANGLE_WARNING) this.warnedSingular[k] = 0
    }
  }

  /** Throws for the first NaN or infinity in q, q', q'' or lambda (after stateFinite found one). */
  private throwNonFinite(): void {
    const s = this.state
    const vectors = this.finiteChecked
    for (let k = 0; k < vectors.length; k++) {
      const x = k === 0 ? s.q : k === 1 ? s.v : s.a
      const i = firstNonFinite(x)
      if (i >= 0) {
        const owner = this.system.ode2Owner(i)
        throw new SolverError(
          'nonFinite',
          `${this.solverType}: the ${vectors[k]} of ${owner} became ${x[i]} at t = ${s.t} (step ` +
            `${this.stats.steps}); the step size may be too large for the stiffness, or a parameter makes ` +
            `a force infinite`,
          s.t,
          this.stats.steps,
          [owner],
        )
      }
    }
    const i = firstNonFinite(s.lambda)
    if (i >= 0) {
      const owner = this.system.aeOwner(i)
      throw new SolverError(
        'nonFinite',
        `${this.solverType}: the Lagrange multiplier of ${owner} became ${s.lambda[i]} at t = ${s.t} ` +
          `(step ${this.stats.steps})`,
        s.t,
        this.stats.steps,
        [owner],
      )
    }
  }
  private readonly finiteChecked = ['coordinate', 'velocity', 'acceleration'] as const

  /** The integrator's state for a checkpoint: step size, solver-specific control state and the counters. */
  saveIntegratorState(): IntegratorState {
    const { steps, rejectedSteps, newtonIterations, jacobians } = this.stats
    return {
      solverType: this.solverType,
      stepSize: this.h,
      values: { steps, rejectedSteps, newtonIterations, jacobians, ...this.extraValues() },
      vectors: this.extraVectors(),
    }
  }

  /**
   * Restores the integrator's state (docs/file-formats.md: after the system's setup, before the state
   * is scattered). The solver's work data is sized to the system first, and the solver counts as
   * initialized, so the initial conditions are not recomputed over the loaded state.
   */
  loadIntegratorState(st: IntegratorState): void {
    if (st.solverType !== this.solverType)
      throw new SolverError(
        'model',
        `the checkpoint was written by the ${st.solverType} solver; this run uses ${this.solverType}`,
      )
    this.preInitializeSolverSpecific()
    this.initializeSolverPreChecks()
    this.initializeSolverData()
    this.setupDone = true
    this.h = st.stepSize
    for (const k of ['steps', 'rejectedSteps', 'newtonIterations', 'jacobians'] as const)
      this.stats[k] = st.values[k] ?? 0
    this.loadExtra(st.values, st.vectors)
  }

  protected extraValues(): Record<string, number> {
    return {}
  }
  protected extraVectors(): Record<string, Float64Array> {
    return {}
  }
  protected loadExtra(_values: Record<string, number>, _vectors: Record<string, Float64Array>): void {}

  /** Records a warning and passes it on (an arrow: helpers of the solvers take it as a callback). */
  protected readonly warn = (message: string, items: string[] = []): void => {
    const w = { message, time: this.state.t, items }
    this.warnings.push(w)
    this.options.onWarning?.(w)
  }

  /** A descriptive name of the unknown at index i of [ODE2 | AE] (singular-matrix messages). */
  protected unknownOwner(i: number): string {
    const n2 = this.system.nODE2
    return i < n2 ? this.system.ode2Owner(i) : `the constraint ${this.system.aeOwner(i - n2)}`
  }
}
