// K = d f_lhs / dq and D = d f_lhs / dq' of the force objects for a linearization: each item's
// analytic Jacobian where it has one, else central differences over the item's own coordinates with
// the represented step (x + h) - (x - h): exact for forces linear in the state but for round-off
// eps |f| / h, and O(h^2) otherwise, where the solvers' forward differences leave O(h) and 1e-9.
import type { CompiledSystem } from '../system/compiledSystem'
import type { ObjectComputation } from '../system/computation'
import type { SystemMatrix } from '../system/matrix'
import type { SystemState } from '../system/state'

/**
 * Relative step, about the cube root of eps: truncation h^2 |f'''| / 6 and round-off eps |f| / h near 1e-11.
 */
const JACOBIAN_STEP = 1e-5

type Target = Pick<SystemMatrix, 'add'>

/** Adds K and D of every force object into the targets (global ODE2 indices). */
export function addForceJacobians(system: CompiledSystem, s: SystemState, K: Target, D: Target): void {
  for (const { computation: o } of system.objects) {
    if (!o.computeODE2LHS) continue
    const ltg = o.ltgODE2,
      n = ltg.length
    const add = (target: Target, local: Float64Array): void => {
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) if (local[i * n + j] !== 0) target.add(ltg[i], ltg[j], local[i * n + j])
    }
    if (o.computeODE2LHSJacobian) {
      const local = new Float64Array(n * n)
      o.computeODE2LHSJacobian(s, 1, 0, local)
      add(K, local)
      local.fill(0)
      o.computeODE2LHSJacobian(s, 0, 1, local)
      add(D, local)
    } else {
      add(K, centralDifferences(o, s, s.q))
      add(D, centralDifferences(o, s, s.v))
    }
  }
}

/** d f_lhs / dx on the object's coordinates (x: the state's q or q'); a repeated index is perturbed once. */
function centralDifferences(o: ObjectComputation, s: SystemState, x: Float64Array): Float64Array {
  const ltg = o.ltgODE2,
    n = ltg.length
  const J = new Float64Array(n * n)
  const plus = new Float64Array(n),
    minus = new Float64Array(n)
  for (let j = 0; j < n; j++) {
    if (ltg.indexOf(ltg[j]) < j) continue
    const g = ltg[j],
      x0 = x[g]
    const h = JACOBIAN_STEP * Math.max(1, Math.abs(x0))
    x[g] = x0 + h
    const upper = x[g]
    plus.fill(0)
    o.computeODE2LHS!(s, plus)
    x[g] = x0 - h
    const width = upper - x[g]
    minus.fill(0)
    o.computeODE2LHS!(s, minus)
    x[g] = x0
    for (let i = 0; i < n; i++) J[i * n + j] = (plus[i] - minus[i]) / width
  }
  return J
}
