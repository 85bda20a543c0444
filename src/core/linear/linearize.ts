// Linearization of M(q) q'' + f_lhs(q, q', t) - f_loads + C_q^T lambda = 0 at a state (q, q', lambda):
// M, K = d(f_lhs + C_q^T lambda)/dq (the reaction stiffness matters about a loaded equilibrium, e.g.
// a pendulum hanging on its constraint) and D = d(f_lhs)/dq' (damping and gyroscopic terms): the items'
// analytic Jacobians where they have them, else central differences of f_lhs (forceJacobians.ts) and
// the evaluator's forward differences of the reactions.
import type { NumericalDifferentiation } from '../system/evaluator'
import { SystemEvaluator } from '../system/evaluator'
import { DenseSystemMatrix } from '../system/matrix'
import type { CompiledSystem } from '../system/compiledSystem'
import type { SystemState } from '../system/state'
import { Matrix } from 'ml-matrix'
import { addForceJacobians } from './forceJacobians'

export interface LinearizedSystem {
  /** ODE2 coordinates and algebraic equations. */
  readonly n: number
  readonly nAE: number
  readonly M: Matrix
  readonly K: Matrix
  readonly D: Matrix
  /** Position-level constraint Jacobian (nAE x n); inactive connectors give zero rows. */
  readonly Cq: Matrix
}

/** The matrices of the system linearized at state s (the system's own state by default). */
export function linearize(
  system: CompiledSystem,
  nd: NumericalDifferentiation,
  s: SystemState = system.state,
): LinearizedSystem {
  const n = system.nODE2,
    nAE = system.nAE
  const evaluator = new SystemEvaluator(system)
  const block = (fill: (m: DenseSystemMatrix) => void): Matrix => {
    const m = new DenseSystemMatrix(n)
    fill(m)
    return Matrix.from1DArray(n, n, m.data)
  }
  const M = block((m) => evaluator.addMassMatrix(s, m, 1))
  const Km = new DenseSystemMatrix(n),
    Dm = new DenseSystemMatrix(n)
  addForceJacobians(system, s, Km, Dm)
  evaluator.addReactionStiffness(s, Km, 1, nd)
  const K = Matrix.from1DArray(n, n, Km.data),
    D = Matrix.from1DArray(n, n, Dm.data)
  const full = new DenseSystemMatrix(n + nAE)
  evaluator.addConstraintJacobian(s, full, n, false, 1, 1, 0)
  const Cq = new Matrix(nAE, n)
  for (let i = 0; i < nAE; i++) for (let j = 0; j < n; j++) Cq.set(i, j, full.data[(n + i) * (n + nAE) + j])
  return { n, nAE, M, K, D, Cq }
}
