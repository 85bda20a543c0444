// An orthonormal basis of the null space of the constraint Jacobian C_q (nAE x n): the right singular
// vectors of the singular values at most DEPENDENCE_TOLERANCE of the largest, so redundant
// (dependent) constraint rows cost nothing and are never a singularity. Dense SVD (ml-matrix, the
// JAMA one-sided Golub-Kahan algorithm): for the modal analysis of small and medium systems.
import { Matrix, SingularValueDecomposition } from 'ml-matrix'
import { DEPENDENCE_TOLERANCE } from '../system/constraintRank'

export interface NullSpace {
  /** n x f, orthonormal columns; the identity without constraints. */
  readonly basis: Matrix
  /** Rank of C_q: the number of independent constraint equations. */
  readonly rank: number
}

export function constraintNullSpace(Cq: Matrix): NullSpace {
  const n = Cq.columns,
    nAE = Cq.rows
  if (nAE === 0) return { basis: Matrix.eye(n, n), rank: 0 }
  // Padded with zero rows to at least n rows, so the SVD returns all n right singular vectors.
  const tall = new Matrix(Math.max(nAE, n), n)
  tall.setSubMatrix(Cq, 0, 0)
  const svd = new SingularValueDecomposition(tall, {
    computeLeftSingularVectors: false,
    computeRightSingularVectors: true,
    autoTranspose: false,
  })
  const sigma = svd.diagonal
  const largest = Math.max(0, ...sigma)
  const independent: number[] = [],
    free: number[] = []
  for (let i = 0; i < n; i++) (sigma[i] > DEPENDENCE_TOLERANCE * largest ? independent : free).push(i)
  const V = svd.rightSingularVectors
  return { basis: V.subMatrixColumn(free), rank: independent.length }
}
