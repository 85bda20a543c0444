// Dense LU: the general path against A x = b, and the diagonal shortcut (constant lumped mass matrices
// of explicit solvers) against the exact quotients, including reuse of one instance across both kinds.
import { describe, expect, it } from 'vitest'
import { DenseLU } from '../../../../src/core/math/denseLU'

/** A well-conditioned non-symmetric test matrix (diagonally dominant, pivoting still exercised by row 0). */
function generalMatrix(n: number): Float64Array {
  const A = new Float64Array(n * n)
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) A[i * n + j] = i === j ? 4 + i : Math.sin(7 * i + 3 * j)
  A[0] = 0.01
  return A
}

function residual(A: Float64Array, x: Float64Array, b: Float64Array): number {
  const n = b.length
  let r = 0
  for (let i = 0; i < n; i++) {
    let s = -b[i]
    for (let j = 0; j < n; j++) s += A[i * n + j] * x[j]
    r = Math.max(r, Math.abs(s))
  }
  return r
}

describe('DenseLU', () => {
  it('solves a general system, also after the same instance factorized a diagonal one', () => {
    const lu = new DenseLU()
    const n = 6
    expect(lu.factorize(Float64Array.from([2, 0, 0, 0, 4, 0, 0, 0, 8]), 3)).toBe(-1)
    const A = generalMatrix(n)
    expect(lu.factorize(A, n)).toBe(-1)
    const b = Float64Array.from({ length: n }, (_, i) => 1 + i)
    const x = Float64Array.from(b)
    lu.solve(x)
    // |A| ~ 10, |x| ~ 1: a backward-stable solve leaves a residual of a few n eps |A| |x| ~ 1e-14.
    expect(residual(A, x, b)).toBeLessThan(1e-12)
  })

  it('divides by the diagonal of a diagonal matrix, bit for bit', () => {
    const lu = new DenseLU()
    const d = [1.6, 1.6, 1.6, 3.7]
    const A = new Float64Array(16)
    d.forEach((v, i) => (A[5 * i] = v))
    expect(lu.factorize(A, 4)).toBe(-1)
    const b = Float64Array.from([80.3, -1e-7, 0, 2.5])
    const x = Float64Array.from(b)
    lu.solve(x)
    // The exact quotients: the general substitution computes the same (it subtracts only zeros).
    expect(Array.from(x)).toEqual(Array.from(b, (v, i) => v / d[i]))
  })

  it('reports the zero pivot of a singular diagonal matrix', () => {
    expect(new DenseLU().factorize(Float64Array.from([1, 0, 0, 0, 0, 0, 0, 0, 2]), 3)).toBe(1)
  })
})
