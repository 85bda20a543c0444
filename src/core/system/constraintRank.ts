// Redundant constraints: which algebraic equations depend on the others (a duplicated joint, a
// closed loop of 3D revolute joints, parallel cranks, a mechanism passing a singular pose).
// A rank-revealing QR of C_q^T: the rows of C_q are orthogonalized in their order (modified
// Gram-Schmidt, repeated once, which keeps the basis orthogonal to round-off), and a row whose part
// outside the span of the rows before it is at most DEPENDENCE_TOLERANCE of its own size is
// dependent. Taking the rows in order drops the later of two equivalent equations (the duplicate, not
// the original). Dense rows over all ODE2 coordinates: for systems with redundant constraints only
// (the solver calls it when the Newton matrix is singular, and while rows are dropped).
import type { CompiledSystem } from './compiledSystem'
import type { SystemState } from './state'

/**
 * A row is dependent when ||(I - Q Q^T) c|| <= this * ||c||. Exactly dependent rows leave round-off
 * (1e-15 .. 1e-13 of ||c|| for the conditions of mechanisms); a pose 1e-10 away from a singular one
 * (in the scale of the mechanism) leaves about that much, and its equations are kept.
 */
export const DEPENDENCE_TOLERANCE = 1e-10
/**
 * A dropped row is taken back only when its remainder exceeds this * ||c||. A dependence that holds
 * on the constraint manifold (Bricard's linkage, a loop of 3D revolute joints) leaves a remainder
 * of the order of the constraint residual off it, up to ~1e-10 at Newton's tolerance; taking the
 * row back there makes the Newton matrix singular. A mechanism leaving a singular pose passes this
 * within a displacement of about 1e-6 of its size.
 */
export const INDEPENDENCE_TOLERANCE = 1e-6
/**
 * Rows this close to dependence make the Newton matrix singular for its LU although they are not
 * dependent at DEPENDENCE_TOLERANCE: the constraint block's pivots (the Schur complement
 * C_q A^-1 C_q^T) go with the square of a row's remainder, so remainders below ~1e-7 give pivots below
 * the LU's threshold (~1e-14 of the largest entry). A mechanism passing a singular pose right on a
 * step (a parallelogram's flattened pose) gets there; the rows are then dropped as dependent (and
 * come back at INDEPENDENCE_TOLERANCE, above this).
 */
export const NEAR_DEPENDENCE_TOLERANCE = 1e-7
/** Above this many entries (nAE x nODE2) the dense check is not made (the singular matrix is reported). */
export const MAX_DENSE_ENTRIES = 2e7

/**
 * How rows are taken into the basis. 'ordered': kept rows first, then the currently dropped ones,
 * each in index order, so a dropped set that is still valid stays as it is (and, with nothing
 * dropped, the later of two equivalent equations goes). 'pivoted': the row with the largest part
 * outside the basis first (QR with column pivoting of C_q^T, Businger-Golub), so the rows kept are
 * as well conditioned as C_q allows; used when the kept rows have become nearly dependent on each
 * other (a closed loop whose dependence moves to other equations as it turns, Bricard's linkage).
 */
export type RowOrder = 'ordered' | 'pivoted'

/** What a rank check measured besides the rows: the largest remainder ratio of a dependent row. */
export interface RankReport {
  dependentRemainder: number
}

/**
 * The dependent rows of C_q at state s (ascending global AE indices), or undefined when the system
 * is too large for the dense check. Inactive connectors (g = lambda) have no rows in C_q and are
 * never dependent. dropped (1 per row dropped now) decides the order of 'ordered'. report, when
 * given, gets the largest ||(I - Q Q^T) c|| / ||c|| of the rows found dependent (0 for none).
 * tolerance: the dependence threshold of 'pivoted' (NEAR_DEPENDENCE_TOLERANCE for a singular matrix
 * whose rows are independent at DEPENDENCE_TOLERANCE).
 */
export function dependentConstraintRows(
  system: CompiledSystem,
  s: SystemState,
  velocityLevel: boolean,
  order: RowOrder = 'ordered',
  dropped: Uint8Array | null = null,
  report: RankReport | null = null,
  tolerance = DEPENDENCE_TOLERANCE,
): number[] | undefined {
  const n2 = system.nODE2,
    nAE = system.nAE
  if (nAE * n2 > MAX_DENSE_ENTRIES) return undefined
  const rows = constraintRows(system, s, velocityLevel)
  const dependent: number[] = []
  if (report) report.dependentRemainder = 0
  const depends = (r: ConstraintRow, ratio: number): void => {
    dependent.push(r.index)
    if (report) report.dependentRemainder = Math.max(report.dependentRemainder, ratio)
  }
  if (order === 'ordered') {
    const basis: Float64Array[] = []
    const sequence = [...rows.filter((r) => !dropped?.[r.index]), ...rows.filter((r) => dropped?.[r.index])]
    for (const r of sequence) {
      for (let pass = 0; pass < 2; pass++) for (const b of basis) subtractProjection(r.row, b)
      const rest = norm(r.row)
      const tolerance = dropped?.[r.index] ? INDEPENDENCE_TOLERANCE : DEPENDENCE_TOLERANCE
      if (rest <= tolerance * r.size) depends(r, rest / r.size)
      else basis.push(scaled(r.row, 1 / rest))
    }
  } else {
    // Each step takes the row whose remainder is largest relative to its size and removes its
    // direction from all the others (twice, as in the ordered case, for orthogonality).
    let open = rows
    while (open.length > 0) {
      let best = 0,
        bestRatio = -1
      open.forEach((r, k) => {
        const ratio = norm(r.row) / r.size
        if (ratio > bestRatio) [best, bestRatio] = [k, ratio]
      })
      if (bestRatio <= tolerance) {
        for (const r of open) depends(r, norm(r.row) / r.size)
        break
      }
      const b = scaled(open[best].row, 1 / norm(open[best].row))
      open = open.filter((_r, k) => k !== best)
      for (const r of open) for (let pass = 0; pass < 2; pass++) subtractProjection(r.row, b)
    }
  }
  return dependent.sort((a, b) => a - b)
}

interface ConstraintRow {
  /** Global AE index. */
  readonly index: number
  /** The row of C_q over all ODE2 coordinates (orthogonalized in place). */
  readonly row: Float64Array
  /** Its norm before orthogonalization. */
  readonly size: number
}

function constraintRows(system: CompiledSystem, s: SystemState, velocityLevel: boolean): ConstraintRow[] {
  const n2 = system.nODE2
  const rows: ConstraintRow[] = []
  let local = new Float64Array(0)
  for (const { computation: o } of system.objects) {
    if (o.nAE === 0 || o.inactiveConstraint || !o.computeAEJacobian) continue
    const ltg = o.ltgODE2,
      n = ltg.length
    if (local.length < o.nAE * n) local = new Float64Array(o.nAE * n)
    o.computeAEJacobian(s, local, velocityLevel || o.velocityLevelConstraint === true)
    for (let k = 0; k < o.nAE; k++) {
      const row = new Float64Array(n2)
      for (let j = 0; j < n; j++) row[ltg[j]] += local[k * n + j]
      rows.push({ index: o.aeIndex + k, row, size: norm(row) })
    }
  }
  return rows
}

/** "object "a" (Type) equations 0, 2; object "b" (Type) equation 1": the rows grouped by owner. */
export function describeConstraintRows(system: CompiledSystem, rows: readonly number[]): string {
  const groups = new Map<string, number[]>()
  for (const r of rows) {
    const owner = system.aeOwner(r)
    const at = owner.lastIndexOf(' equation ')
    const item = at < 0 ? owner : owner.slice(0, at)
    const list = groups.get(item) ?? []
    if (at >= 0) list.push(Number(owner.slice(at + 10)))
    groups.set(item, list)
  }
  return [...groups]
    .map(([item, eqs]) =>
      eqs.length === 0 ? item : `${item} equation${eqs.length > 1 ? 's' : ''} ${eqs.join(', ')}`,
    )
    .join('; ')
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i] * b[i]
  return s
}

function norm(a: Float64Array): number {
  return Math.sqrt(dot(a, a))
}

/** row -= (b . row) b for a unit vector b. */
function subtractProjection(row: Float64Array, b: Float64Array): void {
  const c = dot(b, row)
  for (let i = 0; i < row.length; i++) row[i] -= c * b[i]
}

function scaled(a: Float64Array, factor: number): Float64Array {
  const out = new Float64Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = a[i] * factor
  return out
}
