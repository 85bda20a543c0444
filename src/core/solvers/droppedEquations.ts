// Redundant constraints in the solvers (docs/engine.md, "Redundant constraints"): the equations that
// depend on the others at the current state (constraintRank.ts) are dropped, their rows lambda = 0
// (evaluator.dependentRows), or taken back once independent again, with a warning naming them.
import type { SystemEvaluator } from '../system/evaluator'
import {
  dependentConstraintRows,
  describeConstraintRows,
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
): boolean {
  const system = evaluator.system,
    state = system.state
  const old = evaluator.dependentRows
  const rows = dependentConstraintRows(system, state, velocityLevel, order, old, report)
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
