// The lowest undamped modes of a large system by shift-invert subspace iteration on the augmented
// (saddle-point) system, never forming the null-space basis (Bathe, Finite Element Procedures,
// section 11.6):
//   [K - sigma M   C_q^T] [Y]   [M X]
//   [C_q             0  ] [L] = [ 0 ]   (one sparse LU of the shifted matrix, then solves),
// so every column of Y satisfies C_q y = 0, followed by Rayleigh-Ritz on span(Y): the p x p pencil
// (Y^T K Y, Y^T M Y) gives the Ritz values omega^2 and the next X. Eigenvalue i converges like
// ((lambda_i - sigma) / (lambda_{p+1} - sigma))^(2k). K is the symmetric part, as in the dense path,
// so both solve the same problem. The shifted matrix is scaled for the LU first (scaleAugmented).
import { CholeskyDecomposition, Matrix } from 'ml-matrix'
import { SparsePatternBuilder, patternSlot, type SparsePattern } from '../math/sparsePattern'
import type { CompiledSystem } from '../system/compiledSystem'
import { SystemEvaluator, type NumericalDifferentiation } from '../system/evaluator'
import { SparseSystemMatrix } from '../system/sparseMatrix'
import { addForceJacobians } from './forceJacobians'
import { symmetricPencil, undampedMode, type Mode } from './modes'
import { ModalError } from './reducedSystem'

/** Ritz values of the wanted modes that change by at most this fraction between iterations have converged. */
const RITZ_TOLERANCE = 1e-13
const MAX_ITERATIONS = 300
/**
 * Default shift as a fraction of max_i K_ii / M_ii (an estimate of the largest omega^2): negative, so
 * rigid-body modes (omega^2 = 0) leave the shifted matrix regular, and small, so the lowest modes
 * still converge fast.
 */
const DEFAULT_SHIFT = -1e-6

/** The shifted augmented matrix is singular (redundant constraints, or the shift at an eigenvalue). */
export class SingularShiftError extends ModalError {}

export interface SparseModesOptions {
  /** The lowest count modes. */
  count: number
  /** sigma in (rad/s)^2; modes nearest to it converge first. */
  shift?: number
}

export function lowestModes(
  system: CompiledSystem,
  nd: NumericalDifferentiation,
  options: SparseModesOptions,
): { modes: Mode[]; iterations: number } {
  const n = system.nODE2,
    s = system.state
  const evaluator = new SystemEvaluator(system)
  const pattern = augmentedPattern(system, evaluator)
  const matrix = new SparseSystemMatrix(pattern)
  evaluator.addMassMatrix(s, matrix, 1)
  const M = matrix.values.slice()
  matrix.zero()
  addForceJacobians(system, s, matrix, { add: () => {} })
  evaluator.addReactionStiffness(s, matrix, 1, nd)
  const K = symmetricPart(pattern, matrix.values)
  const scale = diagonalRatio(pattern, K, M, n)
  const sigma = options.shift ?? DEFAULT_SHIFT * scale
  matrix.zero()
  evaluator.addConstraintJacobian(s, matrix, n, false, 1, 1, 1)
  for (let k = 0; k < M.length; k++) matrix.values[k] += K[k] - sigma * M[k]
  const scaling = scaleAugmented(pattern, matrix.values, n)
  const singular = matrix.factorize()
  if (singular >= 0)
    throw new SingularShiftError(
      `the shifted matrix [K - sigma M, C_q^T; C_q, 0] is singular at unknown ${singular} (sigma = ` +
        `${sigma}): ` +
        'redundant constraints, or sigma at an eigenvalue (choose another shift, or the dense solver)',
    )

  // n - nAE free coordinates (more with redundant constraints, which the LU refuses above).
  const free = n - system.nAE
  const count = Math.min(options.count, free)
  if (count <= 0) return { modes: [], iterations: 0 }
  let X = startVectors(n, Math.min(free, Math.max(2 * count, count + 8)))
  const rhs = new Float64Array(n + system.nAE)
  let previous: number[] = []
  for (let iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
    const Y = new Matrix(n, X.columns)
    for (let j = 0; j < X.columns; j++) {
      rhs.fill(0)
      multiplyBlock(pattern, M, X.getColumn(j), rhs, n)
      for (let i = 0; i < n; i++) rhs[i] *= scaling[i]
      matrix.solve(rhs)
      for (let i = 0; i < n; i++) Y.set(i, j, rhs[i] * scaling[i])
    }
    const Mp = projected(pattern, M, Y, n),
      Kp = projected(pattern, K, Y, n)
    const cholesky = new CholeskyDecomposition(Mp)
    if (!cholesky.isPositiveDefinite())
      throw new ModalError(
        'the mass matrix is not positive definite on the iteration subspace (a free coordinate without mass)',
      )
    const { lambda, vectors } = symmetricPencil(cholesky.lowerTriangularMatrix, Kp)
    X = Y.mmul(vectors)
    const wanted = lambda.slice(0, count)
    const floor = Math.max(...lambda.map(Math.abs)) * RITZ_TOLERANCE
    const converged =
      previous.length === count &&
      wanted.every((l, i) => Math.abs(l - previous[i]) <= RITZ_TOLERANCE * Math.abs(l) + floor)
    previous = wanted
    if (converged)
      return { modes: wanted.map((l, j) => undampedMode(l, X.getColumn(j), scale)), iterations: iteration }
  }
  throw new ModalError(`the lowest ${count} modes did not converge in ${MAX_ITERATIONS} subspace iterations`)
}

/** Rows/columns [ODE2 | AE]: mass, stiffness and reaction blocks, C_q and C_q^T. */
function augmentedPattern(system: CompiledSystem, evaluator: SystemEvaluator): SparsePattern {
  const builder = new SparsePatternBuilder(system.nODE2 + system.nAE)
  builder.addDiagonal()
  evaluator.addPattern(builder, true)
  for (const { computation: o } of system.objects) {
    const ltg = o.ltgODE2,
      n = ltg.length
    // Force objects: the whole block (central differences may write any entry). Constraints: only
    // their declared reaction entries: the whole block of a joint couples both bodies' coordinates
    // entry by entry, and with those the LU fills a link chain's band.
    const mask = o.nAE > 0 ? o.structuralNonzeros?.('reaction') : undefined
    for (let e = 0; e < n * n; e++) if (!mask || mask[e]) builder.add(ltg[Math.floor(e / n)], ltg[e % n])
  }
  return builder.build()
}

/**
 * Scales the augmented matrix symmetrically for the LU's diagonal-preferring pivots and returns the
 * scaling s (the matrix becomes diag(s) S diag(s); solve with rhs s_i b_i, then y_i = s_i x_i):
 * s_j = 1 / sqrt|S_jj| on the coordinates, 1 / max_j |C_rj s_j| on the constraint rows. The
 * coordinates' diagonal is then 1 and, K - sigma M being near positive definite, the largest of its
 * column whatever their units (m, rad): the LU keeps the fill-reducing order instead of pivoting off
 * the diagonal (a link's rotation, of small inertia, beside constraint entries of 1).
 */
function scaleAugmented(pattern: SparsePattern, values: Float64Array, n: number): Float64Array {
  const { colStart, rowIndex } = pattern
  const size = pattern.n
  const scale = new Float64Array(size).fill(1)
  for (let j = 0; j < n; j++) {
    const d = Math.abs(values[patternSlot(pattern, j, j)])
    if (d > 0) scale[j] = 1 / Math.sqrt(d)
  }
  const constraintRow = new Float64Array(size)
  for (let j = 0; j < n; j++)
    for (let q = colStart[j]; q < colStart[j + 1]; q++)
      if (rowIndex[q] >= n)
        constraintRow[rowIndex[q]] = Math.max(constraintRow[rowIndex[q]], Math.abs(values[q] * scale[j]))
  for (let i = n; i < size; i++) if (constraintRow[i] > 0) scale[i] = 1 / constraintRow[i]
  for (let j = 0; j < size; j++)
    for (let q = colStart[j]; q < colStart[j + 1]; q++) values[q] *= scale[rowIndex[q]] * scale[j]
  return scale
}

/** (A + A^T) / 2 on a structurally symmetric pattern. */
function symmetricPart(pattern: SparsePattern, values: Float64Array): Float64Array {
  const out = new Float64Array(values.length)
  const { colStart, rowIndex } = pattern
  for (let j = 0; j < pattern.n; j++)
    for (let q = colStart[j]; q < colStart[j + 1]; q++)
      out[q] = 0.5 * (values[q] + values[patternSlot(pattern, j, rowIndex[q])])
  return out
}

/** max_i K_ii / M_ii over the ODE2 coordinates with mass: the scale of the spectrum. */
function diagonalRatio(pattern: SparsePattern, K: Float64Array, M: Float64Array, n: number): number {
  let ratio = 0
  for (let i = 0; i < n; i++) {
    const d = patternSlot(pattern, i, i)
    if (M[d] > 0) ratio = Math.max(ratio, Math.abs(K[d]) / M[d])
  }
  return ratio
}

/** y[0..n) += A[0..n, 0..n) x (the ODE2 block of an augmented matrix). */
function multiplyBlock(
  pattern: SparsePattern,
  A: Float64Array,
  x: number[],
  y: Float64Array,
  n: number,
): void {
  const { colStart, rowIndex } = pattern
  for (let j = 0; j < n; j++) {
    const xj = x[j]
    if (xj === 0) continue
    for (let q = colStart[j]; q < colStart[j + 1]; q++) if (rowIndex[q] < n) y[rowIndex[q]] += A[q] * xj
  }
}

/** Y^T A Y for the ODE2 block of A (symmetrized against round-off). */
function projected(pattern: SparsePattern, A: Float64Array, Y: Matrix, n: number): Matrix {
  const AY = new Matrix(n, Y.columns)
  const y = new Float64Array(n)
  for (let j = 0; j < Y.columns; j++) {
    y.fill(0)
    multiplyBlock(pattern, A, Y.getColumn(j), y, n)
    AY.setColumn(j, Array.from(y))
  }
  const P = Y.transpose().mmul(AY)
  return P.add(P.transpose()).mul(0.5)
}

/**
 * Deterministic start vectors in [-1, 1) (Numerical Recipes' 32-bit linear congruential sequence), so results
 * repeat.
 */
function startVectors(n: number, p: number): Matrix {
  const X = new Matrix(n, p)
  let seed = 12345
  for (let i = 0; i < n; i++)
    for (let j = 0; j < p; j++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      X.set(i, j, seed / 2147483648 - 1)
    }
  return X
}
