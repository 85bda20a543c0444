// Eigenmodes of a linearized system on its independent coordinates q = N z (N: null space of C_q):
//   undamped: (N^T K N) phi = omega^2 (N^T M N) phi, reduced to the symmetric standard problem
//     L^-1 K_r L^-T y = omega^2 y with M_r = L L^T (Cholesky), phi = L^-T y;
//   damped: the first-order form x' = A x, A = [0 I; -M_r^-1 K_r  -M_r^-1 D_r], eigenvalues
//     s = -zeta omega_n +- i omega_n sqrt(1 - zeta^2).
// Dense (ml-matrix Householder tridiagonalization + QL, and Hessenberg + shifted QR): O(f^3).
import { CholeskyDecomposition, EigenvalueDecomposition, Matrix } from 'ml-matrix'
import type { LinearizedSystem } from './linearize'
import { reduceSystem, symmetric } from './reducedSystem'

/**
 * omega^2 (or |s|) at most this fraction of the largest is a rigid-body (zero) mode: numerical
 * stiffness Jacobians (forward differences, relative step 1e-7) leave about 1e-8 of the largest
 * stiffness on modes that have none.
 */
export const RIGID_BODY_TOLERANCE = 1e-8

export interface Mode {
  /** Hz; 0 for rigid-body modes and for real (non-oscillating) eigenvalues of the damped problem. */
  frequency: number
  /** Undamped: null. Damped: -Re(s) / |s|, null for zero eigenvalues. */
  dampingRatio: number | null
  rigidBody: boolean
  /** Undamped: omega^2 < 0 beyond the tolerance; damped: Re(s) > 0 beyond it (a growing mode). */
  unstable: boolean
  /** Eigenvalue: undamped omega^2 (im 0); damped s (1/s). */
  eigenvalue: { re: number; im: number }
  /** Real part of the mode shape over all ODE2 coordinates, scaled to a largest entry of 1. */
  shape: Float64Array
  /** Imaginary part (damped modes only). */
  shapeImaginary?: Float64Array
}

export interface ModesOptions {
  damped?: boolean
  /** Keep the lowest count modes (all by default). */
  count?: number
}

export function computeModes(lin: LinearizedSystem, options: ModesOptions = {}): Mode[] {
  const { N, M: Mr, K: Kr, D: Dr, cholesky } = reduceSystem(lin)
  if (N.columns === 0) return []
  const modes = options.damped
    ? dampedModes(N, Mr, cholesky, Kr, Dr)
    : undampedModes(N, cholesky.lowerTriangularMatrix, symmetric(Kr))
  modes.sort((a, b) => a.frequency - b.frequency || Math.abs(a.eigenvalue.re) - Math.abs(b.eigenvalue.re))
  return options.count === undefined ? modes : modes.slice(0, options.count)
}

function undampedModes(N: Matrix, L: Matrix, Kr: Matrix): Mode[] {
  const { lambda, vectors } = symmetricPencil(L, Kr)
  const largest = Math.max(0, ...lambda.map(Math.abs))
  const shapes = N.mmul(vectors)
  return lambda.map((l, j) => undampedMode(l, shapes.getColumn(j), largest))
}

/**
 * Eigenpairs of K_r phi = omega^2 M_r phi for symmetric K_r and M_r = L L^T: omega^2 ascending and
 * the M_r-orthonormal phi as columns. S = L^-1 K_r L^-T by two triangular solves (K_r symmetric, so
 * (L^-1 K_r)^T = K_r L^-T), S y = omega^2 y, phi = L^-T y.
 */
export function symmetricPencil(L: Matrix, Kr: Matrix): { lambda: number[]; vectors: Matrix } {
  const X = lowerSolve(L, Kr)
  const S = symmetric(lowerSolve(L, X.transpose()))
  const evd = new EigenvalueDecomposition(S, { assumeSymmetric: true })
  return { lambda: evd.realEigenvalues, vectors: upperSolve(L.transpose(), evd.eigenvectorMatrix) }
}

/**
 * The mode of eigenvalue omega^2 = l with its shape over all ODE2 coordinates; largest: the spectrum's scale.
 */
export function undampedMode(l: number, shape: ArrayLike<number>, largest: number): Mode {
  const rigidBody = Math.abs(l) <= RIGID_BODY_TOLERANCE * largest
  return {
    frequency: rigidBody || l < 0 ? 0 : Math.sqrt(l) / (2 * Math.PI),
    dampingRatio: null,
    rigidBody,
    unstable: !rigidBody && l < 0,
    eigenvalue: { re: l, im: 0 },
    shape: normalized(shape),
  }
}

function dampedModes(N: Matrix, Mr: Matrix, cholesky: CholeskyDecomposition, Kr: Matrix, Dr: Matrix): Mode[] {
  const f = Mr.rows
  const A = new Matrix(2 * f, 2 * f)
  A.setSubMatrix(Matrix.eye(f, f), 0, f)
  A.setSubMatrix(cholesky.solve(Kr).neg(), f, 0)
  A.setSubMatrix(cholesky.solve(Dr).neg(), f, f)
  const evd = new EigenvalueDecomposition(A)
  const re = evd.realEigenvalues,
    im = evd.imaginaryEigenvalues
  const V = evd.eigenvectorMatrix
  const largest = Math.max(0, ...re.map((r, j) => Math.hypot(r, im[j])))
  const position = (j: number): Float64Array => {
    const column = V.getColumn(j).slice(0, f)
    return Float64Array.from(N.mmul(Matrix.columnVector(column)).getColumn(0))
  }
  const modes: Mode[] = []
  let zeros = 0
  for (let j = 0; j < 2 * f; j++) {
    // Complex pairs are adjacent (s at j with Im > 0, conjugate at j + 1; eigenvector V_j + i V_j+1):
    // each pair is one mode. A rigid-body coordinate gives a double zero (s^2 = 0): one mode.
    if (im[j] < 0) continue
    const size = Math.hypot(re[j], im[j])
    const rigidBody = size <= RIGID_BODY_TOLERANCE * largest
    if (rigidBody && zeros++ % 2 === 1) continue
    const mode: Mode = {
      frequency: im[j] / (2 * Math.PI),
      dampingRatio: rigidBody ? null : -re[j] / size,
      rigidBody,
      unstable: !rigidBody && re[j] > RIGID_BODY_TOLERANCE * size,
      eigenvalue: { re: re[j], im: im[j] },
      shape: position(j),
    }
    if (im[j] > 0) {
      const imaginary = position(j + 1)
      const scale = 1 / Math.max(largestAbs(mode.shape), largestAbs(imaginary))
      for (let i = 0; i < imaginary.length; i++) {
        mode.shape[i] *= scale
        imaginary[i] *= scale
      }
      mode.shapeImaginary = imaginary
    } else mode.shape = normalized(mode.shape)
    modes.push(mode)
  }
  return modes
}

/** X = L^-1 B for lower triangular L. */
function lowerSolve(L: Matrix, B: Matrix): Matrix {
  const n = L.rows,
    X = B.clone()
  for (let c = 0; c < B.columns; c++)
    for (let i = 0; i < n; i++) {
      let s = X.get(i, c)
      for (let k = 0; k < i; k++) s -= L.get(i, k) * X.get(k, c)
      X.set(i, c, s / L.get(i, i))
    }
  return X
}

/** X = U^-1 B for upper triangular U. */
function upperSolve(U: Matrix, B: Matrix): Matrix {
  const n = U.rows,
    X = B.clone()
  for (let c = 0; c < B.columns; c++)
    for (let i = n - 1; i >= 0; i--) {
      let s = X.get(i, c)
      for (let k = i + 1; k < n; k++) s -= U.get(i, k) * X.get(k, c)
      X.set(i, c, s / U.get(i, i))
    }
  return X
}

function largestAbs(x: ArrayLike<number>): number {
  let m = 0
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]))
  return m
}

function normalized(x: ArrayLike<number>): Float64Array {
  const m = largestAbs(x)
  return Float64Array.from(x, (v) => (m > 0 ? v / m : v))
}
