// Redundant constraints in the solvers (docs/engine.md, "Redundant constraints"): the equations that
// depend on the others at the current state (constraintRank.ts) are dropped, their rows lambda = 0
// (evaluator.dependentRows), or taken back once independent again, with a warning naming them.
import type { SystemEvaluator } from '../system/evaluator'
import {
  DEPENDENCE_TOLERANCE,
  dependentConstraintRows,
  describeConstraintRows,
  NEAR_DEPENDENCE_TOLERANCE,
  type RankReport,
  type RowOrder,
} from '../system/constraintRank'

/**
 * Updates evaluator.dependentRows from the rank of C_q at the state (the multipliers of newly dropped
 * rows set to 0) and warns when the set changes; returns whether it did. report, when given, gets the
 * largest remainder of a dependent row (constraintRank.ts).
 */
export function updateDroppedEquations(
  evaluator: SystemEvaluator,
  velocityLevel: boolean,
  order: RowOrder,
  warn: (message: string, items?: string[]) => void,
  report: RankReport | null = null,
  tolerance = DEPENDENCE_TOLERANCE,
): boolean {
  const system = evaluator.system,
    state = system.state
  const old = evaluator.dependentRows
  const rows = dependentConstraintRows(system, state, velocityLevel, order, old, report, tolerance)
  if (!rows) return false
  const same = old
    ? rows.length === old.reduce((n, x) => n + x, 0) && rows.every((r) => old[r] === 1)
    : rows.length === 0
  if (same) return false
  if (rows.length === 0) {
    evaluator.dependentRows = null
    warn(`the constraint equations dropped before are independent again at t = ${state.t}`)
    return true
  }
  const d = new Uint8Array(system.nAE)
  for (const r of rows) {
    d[r] = 1
    state.lambda[r] = 0
  }
  evaluator.dependentRows = d
  warn(
    `redundant constraints at t = ${state.t}: ${rows.length} of the ${system.nAE} constraint equations ` +
      `depend on the others and are dropped: ${describeConstraintRows(system, rows)}. Their reaction ` +
      'forces are not unique: the sensors report the minimum-norm multipliers (the integration sets ' +
      'the dropped ones to 0).',
    rows.map((r) => system.aeOwner(r)),
  )
  return true
}

/**
 * For a singular Newton or acceleration matrix: drops the dependent equations ('ordered'), or, when
 * the dropped ones are still the dependent ones, keeps a better-conditioned set ('pivoted'), or, when
 * no row is dependent at DEPENDENCE_TOLERANCE, drops the nearly dependent ones that made the LU fail
 * (NEAR_DEPENDENCE_TOLERANCE). Returns whether the set changed (assemble again); report as above.
 */
export function dropForSingularMatrix(
  evaluator: SystemEvaluator,
  velocityLevel: boolean,
  warn: (message: string, items?: string[]) => void,
  report: RankReport | null = null,
): boolean {
  return (
    updateDroppedEquations(evaluator, velocityLevel, 'ordered', warn, report) ||
    updateDroppedEquations(evaluator, velocityLevel, 'pivoted', warn, report) ||
    updateDroppedEquations(evaluator, velocityLevel, 'pivoted', warn, report, NEAR_DEPENDENCE_TOLERANCE)
  )
}
