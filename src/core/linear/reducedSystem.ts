// The linearized system on its independent coordinates q = N z (N: orthonormal null-space basis of
// C_q): M_r = N^T M N (symmetric part, Cholesky-factorized), K_r = N^T K N, D_r = N^T D N. Shared by
// the eigenmodes and the state-space form, so both describe the same reduced system.
import { CholeskyDecomposition, Matrix } from 'ml-matrix'
import type { LinearizedSystem } from './linearize'
import { constraintNullSpace } from './nullSpace'

export class ModalError extends Error {}

export interface ReducedSystem {
  /** n x f basis of the independent coordinates. */
  readonly N: Matrix
  readonly M: Matrix
  readonly K: Matrix
  readonly D: Matrix
  /** M_r = L L^T. */
  readonly cholesky: CholeskyDecomposition
}

export function reduceSystem(lin: LinearizedSystem): ReducedSystem {
  const N = constraintNullSpace(lin.Cq).basis
  const reduce = (A: Matrix): Matrix => N.transpose().mmul(A).mmul(N)
  const M = symmetric(reduce(lin.M))
  const cholesky = new CholeskyDecomposition(M)
  if (N.columns > 0 && !cholesky.isPositiveDefinite())
    throw new ModalError(
      'the mass matrix is not positive definite on the independent coordinates ' +
        '(a coordinate without mass or inertia): the linear model needs every free coordinate to carry mass',
    )
  return { N, M, K: reduce(lin.K), D: reduce(lin.D), cholesky }
}

/** (A + A^T) / 2. */
export function symmetric(A: Matrix): Matrix {
  return A.add(A.transpose()).mul(0.5)
}
