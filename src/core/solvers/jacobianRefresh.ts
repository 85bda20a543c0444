// When modified Newton takes a fresh Newton matrix. Exudyn refreshes only when an iteration contracts
// the residual by less than modifiedNewtonContractivity; this policy also weighs a refresh (assembly and
// factorization, about as much as a few iterations) against the iterations a fresh matrix saves in this
// step and, kept, in the next ones.
// Every decision follows from counts (iterations, refreshes, residual norms), never from timing, so a
// run and its restart from a checkpoint decide alike; the state is part of the integrator state
// (checkpoints save it).
//
// Two decisions:
// - Within a step (after an iteration with a matrix that was not just refreshed): refresh when the
//   contraction is worse than modifiedNewtonContractivity (the setting's meaning, as before), or when
//   the iterations still needed at the observed contraction exceed those a fresh matrix would need by
//   more than the cost of a refresh. A steady 0.2-0.3 contraction passes any threshold but costs ten
//   iterations (the release of a chain from rest), one refresh three.
// - At a step start where the kept matrix is usable: keep it, or refresh at once. The cheaper choice
//   depends on the model (perf3DRigidBodies with the reaction stiffness: 2 iterations after a fresh
//   start, 4.7 with the kept matrix; perfRigidPendulum: 1 and 2.2, where the refresh is not worth it),
//   so the policy measures both: the average cost of the steps that started each way (iterations plus
//   refreshes weighted by REFRESH_COST), taking the cheaper and trying the other every PROBE_INTERVAL
//   decisions so its average stays current as the motion changes.

/**
 * A refresh (items' Jacobians, assembly, factorization) in Newton iterations (residual and
 * substitution): between about 1.7 and 3.2 on the benchmark models. The decisions are insensitive
 * to it over that range (a fresh start wins on perf3DRigidBodies up to a ratio of about 6).
 */
export const REFRESH_COST = 3
/**
 * Every this many start decisions, the choice that is not preferred is taken once (its average stays
 * current).
 */
export const PROBE_INTERVAL = 64
/**
 * Weight of a new step in the running averages of step costs (about the last four steps of each kind count).
 */
const AVERAGE_WEIGHT = 0.25
/**
 * Contraction assumed for a fresh matrix until one is observed (modified Newton without the reaction
 * stiffness: about 1e-2).
 */
const FRESH_CONTRACTION_GUESS = 1e-2
/**
 * Observed contractions are kept within these bounds (a zero or a value >= 1 would make the projection
 * meaningless).
 */
const MIN_CONTRACTION = 1e-12
const MAX_CONTRACTION = 0.9
/** Stored for an average not measured yet (checkpoint values are finite numbers). */
const UNKNOWN = -1

/** The policy's state, as saved in a checkpoint (all finite numbers). */
export interface RefreshPolicyState {
  freshStartCost: number
  keptStartCost: number
  startDecisions: number
  freshContraction: number
}

export class JacobianRefreshPolicy {
  /**
   * Running averages of the cost of a step that started with a fresh / the kept matrix; UNKNOWN before the
   * first.
   */
  private freshStartCost = NaN
  private keptStartCost = NaN
  /** Start decisions made so far (counts the probes). */
  private startDecisions = 0
  /** Contraction of the first iteration after the latest refresh. */
  private freshContraction = FRESH_CONTRACTION_GUESS

  constructor() {
    // The averages hold fractions: they start as doubles (SystemState.t).
    this.freshStartCost = this.keptStartCost = UNKNOWN
  }

  /** At a step start whose kept matrix is usable: true to refresh before the first iteration. */
  refreshAtStart(): boolean {
    this.startDecisions++
    // Learn the cost of keeping first (the behaviour without this policy), then try a fresh start.
    if (this.keptStartCost === UNKNOWN) return false
    if (this.freshStartCost === UNKNOWN) return true
    const preferFresh = this.freshStartCost < this.keptStartCost
    return this.startDecisions % PROBE_INTERVAL === 0 ? !preferFresh : preferFresh
  }

  /**
   * After a step that began with a start decision: what it cost (iterations, refreshes including one at the
   * start).
   */
  recordStep(startedFresh: boolean, iterations: number, refreshes: number): void {
    const cost = iterations + REFRESH_COST * refreshes
    if (startedFresh) this.freshStartCost = average(this.freshStartCost, cost)
    else this.keptStartCost = average(this.keptStartCost, cost)
  }

  /**
   * The iteration observeFreshIteration and refreshWithinStep judge, set by the solver before it calls
   * them: its residual norm, the iteration before's, the norm that counts as converged (tolerance <
   * residual) and modifiedNewtonContractivity. Fields, not arguments: V8 boxes a double passed to a call
   * it does not inline, up to four per Newton iteration.
   */
  residual = NaN
  previous = NaN
  tolerance = NaN
  contractivity = NaN

  /** The first iteration after a refresh took the residual from previous to residual. */
  observeFreshIteration(): void {
    this.freshContraction = clampContraction(this.residual / this.previous)
  }

  /** After an iteration with a matrix that was not just refreshed: true to refresh now. */
  refreshWithinStep(): boolean {
    const residual = this.residual,
      tolerance = this.tolerance
    const contraction = residual / this.previous
    if (contraction > this.contractivity) return true
    // Contracting at least as well as a fresh matrix: nothing to gain (and no logarithms per iteration).
    if (contraction <= this.freshContraction) return false
    const decades = Math.log(tolerance / residual)
    const keptIterations = decades / Math.log(contraction)
    const freshIterations = Math.max(1, decades / Math.log(this.freshContraction))
    return keptIterations - freshIterations > REFRESH_COST
  }

  save(): RefreshPolicyState {
    const { freshStartCost, keptStartCost, startDecisions, freshContraction } = this
    return { freshStartCost, keptStartCost, startDecisions, freshContraction }
  }

  load(state: RefreshPolicyState): void {
    this.freshStartCost = state.freshStartCost
    this.keptStartCost = state.keptStartCost
    this.startDecisions = state.startDecisions
    this.freshContraction = state.freshContraction
  }
}

function average(current: number, value: number): number {
  return current === UNKNOWN ? value : current + AVERAGE_WEIGHT * (value - current)
}

function clampContraction(x: number): number {
  return Math.min(MAX_CONTRACTION, Math.max(MIN_CONTRACTION, x))
}
