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
/** Above this many entries (nAE x nODE2) the dense check is not made (the singular matrix is reported). */
export const MAX_DENSE_ENTRIES = 2e7

/**
 * The dependent rows of C_q at state s (ascending global AE indices), or undefined when the system
 * is too large for the dense check. Inactive connectors (g = lambda) have no rows in C_q and are
 * never dependent.
 */
export function dependentConstraintRows(
  system: CompiledSystem,
  s: SystemState,
  velocityLevel: boolean,
): number[] | undefined {
  const n2 = system.nODE2,
    nAE = system.nAE
  if (nAE * n2 > MAX_DENSE_ENTRIES) return undefined
  const basis: Float64Array[] = []
  const dependent: number[] = []
  const row = new Float64Array(n2)
  let local = new Float64Array(0)
  for (const { computation: o } of system.objects) {
    if (o.nAE === 0 || o.inactiveConstraint || !o.computeAEJacobian) continue
    const ltg = o.ltgODE2,
      n = ltg.length
    if (local.length < o.nAE * n) local = new Float64Array(o.nAE * n)
    o.computeAEJacobian(s, local, velocityLevel || o.velocityLevelConstraint === true)
    for (let k = 0; k < o.nAE; k++) {
      row.fill(0)
      for (let j = 0; j < n; j++) row[ltg[j]] += local[k * n + j]
      const size = norm(row)
      for (let pass = 0; pass < 2; pass++)
        for (const b of basis) {
          const c = dot(b, row)
          for (let i = 0; i < n2; i++) row[i] -= c * b[i]
        }
      const rest = norm(row)
      if (rest <= DEPENDENCE_TOLERANCE * size) {
        dependent.push(o.aeIndex + k)
        continue
      }
      const b = new Float64Array(n2)
      for (let i = 0; i < n2; i++) b[i] = row[i] / rest
      basis.push(b)
    }
  }
  return dependent
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
