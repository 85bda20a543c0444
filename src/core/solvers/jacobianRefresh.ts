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
//   start, 4.7 with the kept matrix; perfRigidPendulum: 1 and 2.2, where the refresh is not worth it)
//   and on the matrix's age (perf3D, 400 bodies: a matrix from the step before takes ~5 iterations,
//   an older one stalls near the tolerance and ~9 with its refresh, a fresh start 4 + a refresh), so
//   the policy measures them: the average cost of the steps that started fresh, with a matrix one step
//   old and with an older one (iterations plus refreshes weighted by REFRESH_COST). It refreshes every
//   step, every other step or never at a start, whichever costs least per step on these averages,
//   and takes the other choice every PROBE_INTERVAL decisions so its averages stay current as the
//   motion changes.

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
  /** Steps started with a matrix older than one step. */
  keptStartCost: number
  /** Steps started with the matrix of the step before (refreshed at its start or within it). */
  keptStartCost1: number
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
  private keptStartCost1 = NaN
  /** Start decisions made so far (counts the probes). */
  private startDecisions = 0
  /** Contraction of the first iteration after the latest refresh. */
  private freshContraction = FRESH_CONTRACTION_GUESS

  constructor() {
    // The averages hold fractions: they start as doubles (SystemState.t).
    this.freshStartCost = this.keptStartCost = this.keptStartCost1 = UNKNOWN
  }

  /**
   * At a step start whose kept matrix is usable: true to refresh before the first iteration. age: the
   * steps begun since the matrix was refreshed, this one included (1: refreshed in the step before).
   */
  refreshAtStart(age = Infinity): boolean {
    this.startDecisions++
    const young = age <= 1
    // Learn the cost of keeping first (the behaviour without this policy), then try a fresh start.
    if ((young ? this.keptStartCost1 : this.keptStartCost) === UNKNOWN) return false
    if (this.freshStartCost === UNKNOWN) return true
    const preferFresh = young ? this.refreshYoung() : this.refreshOld()
    return this.startDecisions % PROBE_INTERVAL === 0 ? !preferFresh : preferFresh
  }

  /**
   * At a matrix one step old: refresh when every step fresh costs less per step than fresh and kept
   * in turn, (fresh + kept1) / 2, and than keeping on (the older average, if known).
   */
  private refreshYoung(): boolean {
    const fresh = this.freshStartCost,
      old = this.keptStartCost
    return 2 * fresh < fresh + this.keptStartCost1 && (old === UNKNOWN || fresh < old)
  }

  /**
   * At an older matrix: keep it only where keeping on costs less per step than both cycles with a
   * refresh (every step, every other step when kept1 is known).
   */
  private refreshOld(): boolean {
    const fresh = this.freshStartCost,
      kept1 = this.keptStartCost1
    const cycle = kept1 === UNKNOWN ? fresh : Math.min(fresh, (fresh + kept1) / 2)
    return cycle < this.keptStartCost
  }

  /**
   * After a step that began with a start decision: what it cost (iterations, refreshes including one at the
   * start); age as given to refreshAtStart.
   */
  recordStep(startedFresh: boolean, iterations: number, refreshes: number, age = Infinity): void {
    const cost = iterations + REFRESH_COST * refreshes
    if (startedFresh) this.freshStartCost = average(this.freshStartCost, cost)
    else if (age <= 1) this.keptStartCost1 = average(this.keptStartCost1, cost)
    else this.keptStartCost = average(this.keptStartCost, cost)
  }

  /**
   * The iteration afterIteration judges, set by the solver before it calls
   * it: its residual norm, the iteration before's, the norm that counts as converged (tolerance <
   * residual) and modifiedNewtonContractivity. Fields, not arguments: V8 boxes a double passed to a call
   * it does not inline, up to four per Newton iteration.
   */
  residual = NaN
  previous = NaN
  tolerance = NaN
  contractivity = NaN

  /**
   * After an iteration: true to refresh the matrix now. The first iteration after a refresh (`fresh`)
   * only records how a fresh matrix contracts. Both kinds run the same operations up to that branch:
   * V8 compiles newton before a step has needed two iterations on a fresh matrix, and an operation not
   * yet run when it compiles would throw its code away the first time it runs (a deoptimization).
   */
  afterIteration(fresh: boolean): boolean {
    const residual = this.residual,
      tolerance = this.tolerance
    const contraction = residual / this.previous
    const clamped = clampContraction(contraction)
    this.freshContraction = fresh ? clamped : this.freshContraction
    if (fresh) return false
    if (contraction > this.contractivity) return true
    // Contracting at least as well as a fresh matrix: nothing to gain (and no logarithms per iteration).
    if (contraction <= this.freshContraction) return false
    const decades = Math.log(tolerance / residual)
    const keptIterations = decades / Math.log(contraction)
    const freshIterations = Math.max(1, decades / Math.log(this.freshContraction))
    return keptIterations - freshIterations > REFRESH_COST
  }

  save(): RefreshPolicyState {
    const { freshStartCost, keptStartCost, keptStartCost1, startDecisions, freshContraction } = this
    return { freshStartCost, keptStartCost, keptStartCost1, startDecisions, freshContraction }
  }

  load(state: RefreshPolicyState): void {
    this.freshStartCost = state.freshStartCost
    this.keptStartCost = state.keptStartCost
    this.keptStartCost1 = state.keptStartCost1
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
