// Sparse LU against the dense LU on random and structured matrices, the refactorization path, and
// singular detection. Tolerances: both solve the same well-conditioned systems with backward-stable
// pivoting, so solutions agree to a few hundred ulps times the condition number; we check the
// residual |A x - b| / (|A| |x|) < 1e-13 (round-off of O(n) operations on O(1) numbers) and the
// difference to the dense solution < 1e-10 (condition numbers here stay below ~1e3).
import { describe, expect, it } from 'vitest'
import { DenseLU } from '../../../../src/core/math/denseLU'
import { SparseLU } from '../../../../src/core/math/sparseLU'
import { approximateMinimumDegree } from '../../../../src/core/math/sparseOrdering'
import {
  SparsePatternBuilder,
  patternSlot,
  type SparsePattern,
} from '../../../../src/core/math/sparsePattern'

/** Deterministic pseudo-random numbers (mulberry32), so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Sparse {
  pattern: SparsePattern
  values: Float64Array
  dense: Float64Array
}

/** A matrix from (i, j, v) triples (repeats summed): pattern, CSC values and the dense row-major copy. */
function assemble(n: number, triples: [number, number, number][]): Sparse {
  const b = new SparsePatternBuilder(n)
  for (const [i, j] of triples) b.add(i, j)
  const pattern = b.build()
  const values = new Float64Array(pattern.colStart[n])
  const dense = new Float64Array(n * n)
  for (const [i, j, v] of triples) {
    values[patternSlot(pattern, i, j)] += v
    dense[i * n + j] += v
  }
  return { pattern, values, dense }
}

function denseSolve(A: Float64Array, n: number, b: Float64Array): Float64Array {
  const lu = new DenseLU()
  expect(lu.factorize(A, n)).toBe(-1)
  const x = Float64Array.from(b)
  lu.solve(x)
  return x
}

function checkSolution(m: Sparse, n: number, x: Float64Array, b: Float64Array): void {
  let res = 0,
    scaleA = 0,
    scaleX = 0
  for (let i = 0; i < n; i++) {
    let s = -b[i]
    for (let j = 0; j < n; j++) {
      s += m.dense[i * n + j] * x[j]
      scaleA = Math.max(scaleA, Math.abs(m.dense[i * n + j]))
    }
    res = Math.max(res, Math.abs(s))
    scaleX = Math.max(scaleX, Math.abs(x[i]))
  }
  expect(res / (scaleA * scaleX * n)).toBeLessThan(1e-13)
}

function randomSparse(n: number, perColumn: number, seed: number, diagonal: number): Sparse {
  const r = rng(seed)
  const t: [number, number, number][] = []
  for (let j = 0; j < n; j++) {
    t.push([j, j, diagonal * (r() - 0.5)])
    for (let k = 0; k < perColumn; k++) t.push([Math.floor(r() * n), j, r() - 0.5])
  }
  return assemble(n, t)
}

/** Saddle-point matrix of a planar chain of point masses with distance constraints (zero AE diagonal). */
function chainSaddlePoint(bodies: number, seed: number): Sparse {
  const r = rng(seed)
  const n2 = 2 * bodies,
    n = n2 + bodies
  const t: [number, number, number][] = []
  for (let i = 0; i < n2; i++) t.push([i, i, 1 + r()])
  for (let k = 0; k < bodies; k++) {
    const cols = k === 0 ? [0, 1] : [2 * k - 2, 2 * k - 1, 2 * k, 2 * k + 1]
    for (const c of cols) {
      const v = r() - 0.5 + (c >= 2 * k ? 1 : -1)
      t.push([n2 + k, c, v], [c, n2 + k, v])
    }
  }
  return assemble(n, t)
}

function solveBoth(m: Sparse, n: number, seed: number): { x: Float64Array; xd: Float64Array; lu: SparseLU } {
  const r = rng(seed)
  const b = Float64Array.from({ length: n }, () => r() - 0.5)
  const lu = new SparseLU()
  lu.analyze(m.pattern)
  expect(lu.factorize(m.values)).toBe(-1)
  const x = Float64Array.from(b)
  lu.solve(x)
  checkSolution(m, n, x, b)
  return { x, xd: denseSolve(m.dense, n, b), lu }
}

const maxDiff = (a: Float64Array, b: Float64Array): number =>
  a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0)

describe('SparseLU', () => {
  it('matches the dense LU on random sparse matrices (diagonally weak: pivoting needed)', () => {
    for (const [n, per, seed] of [
      [1, 0, 1],
      [7, 2, 2],
      [40, 3, 3],
      [150, 4, 4],
    ]) {
      const m = randomSparse(n, per, seed, 0.2)
      const { x, xd } = solveBoth(m, n, seed + 100)
      expect(maxDiff(x, xd)).toBeLessThan(1e-10 * Math.max(1, ...xd.map(Math.abs)))
    }
  })

  it('factorizes saddle-point systems with zero diagonal blocks, and refactorizes with new values', () => {
    const m = chainSaddlePoint(60, 5)
    const n = m.pattern.n
    const { x, xd, lu } = solveBoth(m, n, 6)
    expect(maxDiff(x, xd)).toBeLessThan(1e-10)
    // Same pattern, values changed by 0.1 % (a Newton refresh): the pivot sequence is reused.
    for (let k = 0; k < m.values.length; k++) m.values[k] *= 1 + 1e-3 * Math.sin(k)
    const before = lu.fullFactorizations
    expect(lu.factorize(m.values)).toBe(-1)
    expect(lu.fullFactorizations).toBe(before)
    expect(lu.refactorizations).toBe(1)
  })

  it('refactorization solves bitwise as a fresh factorization (history-independent, for restarts)', () => {
    const m = chainSaddlePoint(30, 7)
    const n = m.pattern.n
    const lu = new SparseLU()
    lu.analyze(m.pattern)
    expect(lu.factorize(m.values)).toBe(-1)
    for (let k = 0; k < m.values.length; k++) m.values[k] *= 1 + 0.01 * Math.cos(k)
    expect(lu.factorize(m.values)).toBe(-1)
    expect(lu.refactorizations).toBe(1)
    const fresh = new SparseLU()
    fresh.analyze(m.pattern)
    expect(fresh.factorize(m.values)).toBe(-1)
    const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i))
    const x1 = Float64Array.from(b),
      x2 = Float64Array.from(b)
    lu.solve(x1)
    fresh.solve(x2)
    expect(Array.from(x1)).toEqual(Array.from(x2))
    // Diagonally weak random matrices changed step by step: whatever the reused factorization did
    // (refactorize or fall back), its solution equals a fresh factorization's.
    const r = randomSparse(120, 4, 9, 0.2)
    const reused = new SparseLU()
    reused.analyze(r.pattern)
    for (let round = 0; round < 8; round++) {
      for (let k = 0; k < r.values.length; k++) r.values[k] *= 1 + 1e-4 * Math.sin(k + round)
      const again = new SparseLU()
      again.analyze(r.pattern)
      expect(reused.factorize(r.values)).toBe(-1)
      expect(again.factorize(r.values)).toBe(-1)
      const y1 = Float64Array.from({ length: 120 }, (_, i) => Math.cos(i)),
        y2 = Float64Array.from(y1)
      reused.solve(y1)
      again.solve(y2)
      expect(Array.from(y1)).toEqual(Array.from(y2))
    }
    expect(reused.refactorizations).toBeGreaterThan(0)
  })

  it('a full factorization after a changed pivot continues from that column, bit for bit a fresh one', () => {
    // Diagonally weak random matrices, changed by 1-5 %: pivots change somewhere in the middle, so
    // the columns before are taken over from the refactorization; no tolerance - the solution must
    // equal a fresh factorization's in every bit (exact restarts).
    const m = randomSparse(300, 3, 21, 0.2)
    const lu = new SparseLU()
    lu.analyze(m.pattern)
    expect(lu.factorize(m.values)).toBe(-1)
    const r = rng(22)
    for (let round = 0; round < 12; round++) {
      for (let k = 0; k < m.values.length; k++) m.values[k] *= 1 + 0.05 * (r() - 0.5)
      const fresh = new SparseLU()
      fresh.analyze(m.pattern)
      expect(lu.factorize(m.values)).toBe(-1)
      expect(fresh.factorize(m.values)).toBe(-1)
      const y1 = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i + round)),
        y2 = Float64Array.from(y1)
      lu.solve(y1)
      fresh.solve(y2)
      expect(Array.from(y1)).toEqual(Array.from(y2))
    }
    expect(lu.fullFactorizations).toBeGreaterThan(1)
    expect(lu.columnsTakenOver).toBeGreaterThan(lu.fullFactorizations)
  })

  it('keepPivots: a factorization from the saved pivot sequence is bit for bit the refactorization', () => {
    // The restart of a run whose Newton matrix keeps its pivots: at each round a fresh LU started from
    // the continuous LU's pivot sequence of the round before must give its factors exactly (no
    // tolerance: exact restarts), whether the continuous one refactorized or fell back somewhere.
    const m = randomSparse(300, 3, 21, 0.2)
    const lu = new SparseLU()
    lu.keepPivots = true
    lu.analyze(m.pattern)
    expect(lu.factorize(m.values)).toBe(-1)
    const r = rng(23)
    for (let round = 0; round < 12; round++) {
      const saved = lu.pivotSequence()
      expect(saved).not.toBeNull()
      for (let k = 0; k < m.values.length; k++) m.values[k] *= 1 + 0.04 * (r() - 0.5)
      const restarted = new SparseLU()
      restarted.keepPivots = true
      restarted.analyze(m.pattern)
      restarted.startFromPivots(saved)
      expect(lu.factorize(m.values)).toBe(-1)
      expect(restarted.factorize(m.values)).toBe(-1)
      expect(Array.from(restarted.pivotSequence()!)).toEqual(Array.from(lu.pivotSequence()!))
      const y1 = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i + round)),
        y2 = Float64Array.from(y1)
      lu.solve(y1)
      restarted.solve(y2)
      expect(Array.from(y1)).toEqual(Array.from(y2))
      // The kept pivots still solve the changed matrix (its dense copy follows the values).
      for (let j = 0; j < 300; j++)
        for (let q = m.pattern.colStart[j]; q < m.pattern.colStart[j + 1]; q++)
          m.dense[m.pattern.rowIndex[q] * 300 + j] = m.values[q]
      checkSolution(
        m,
        300,
        y1,
        Float64Array.from({ length: 300 }, (_, i) => Math.sin(i + round)),
      )
    }
    // Changes of 2 % keep most pivots and lose some: both paths were taken.
    expect(lu.refactorizations).toBeGreaterThan(0)
    expect(lu.fullFactorizations).toBeGreaterThan(1)
  })

  it('keepPivots keeps an acceptable pivot the rule would not choose; a bad saved order is ignored', () => {
    // [[0, 1], [1, 0]]: off-diagonal pivots; then [[0.5, 1], [1, 0.5]]: the rule takes the diagonal
    // (0.5 >= 0.1), keepPivots keeps the off-diagonal 1 (>= 0.1 of 1) and solves it: x = [1, 1].
    const m = assemble(2, [
      [0, 0, 0],
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 0],
    ])
    const lu = new SparseLU()
    lu.keepPivots = true
    lu.analyze(m.pattern)
    expect(lu.factorize(m.values)).toBe(-1)
    const first = Array.from(lu.pivotSequence()!)
    m.values[patternSlot(m.pattern, 0, 0)] = 0.5
    m.values[patternSlot(m.pattern, 1, 1)] = 0.5
    expect(lu.factorize(m.values)).toBe(-1)
    expect([lu.refactorizations, lu.fullFactorizations]).toEqual([1, 1])
    expect(Array.from(lu.pivotSequence()!)).toEqual(first)
    const x = Float64Array.from([1.5, 1.5])
    lu.solve(x)
    expect(Math.abs(x[0] - 1) + Math.abs(x[1] - 1)).toBeLessThan(1e-14)
    lu.startFromPivots(Int32Array.from([0, 0]))
    expect(lu.pivotSequence()).toBeNull()
    expect(lu.factorize(m.values)).toBe(-1)
    expect(lu.fullFactorizations).toBe(2)
  })

  /**
   * [[first, 1], [1, 2]] factorized, then its diagonal set to [diagonal, diagonal] and factorized again
   * (both factorizations must succeed); the LU for the counters and a solve.
   */
  function refactorizedTwoByTwo(first: number, diagonal: number): SparseLU {
    const m = assemble(2, [
      [0, 0, first],
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 2],
    ])
    const lu = new SparseLU()
    lu.analyze(m.pattern)
    expect(lu.factorize(m.values)).toBe(-1)
    m.values[patternSlot(m.pattern, 0, 0)] = diagonal
    m.values[patternSlot(m.pattern, 1, 1)] = diagonal
    expect(lu.factorize(m.values)).toBe(-1)
    return lu
  }

  it('refactorization falls back where the pivot search would choose another row', () => {
    // [[2, 1], [1, 2]]: diagonal pivots; then [[0.05, 1], [1, 0.05]]: 0.05 < PIVOT_THRESHOLD * 1, so
    // the search swaps rows although the old pivots (0.05) are far from zero.
    const lu = refactorizedTwoByTwo(2, 0.05)
    expect(lu.refactorizations).toBe(0)
    expect(lu.fullFactorizations).toBe(2)
  })

  it('falls back to pivoting when a reused pivot becomes zero', () => {
    // [[1, 1], [1, 2]] takes the diagonal pivots (either column order); [[0, 1], [1, 0]] must swap rows.
    const lu = refactorizedTwoByTwo(1, 0)
    expect(lu.fullFactorizations).toBe(2)
    const x = Float64Array.from([2, 3])
    lu.solve(x)
    expect(Array.from(x)).toEqual([3, 2])
  })

  it('reports the singular column: a structurally empty column and a numerically dependent one', () => {
    const empty = assemble(3, [
      [0, 0, 1],
      [1, 1, 1],
      [2, 2, 0],
      [0, 2, 0],
    ])
    const lu = new SparseLU()
    lu.analyze(empty.pattern)
    expect(lu.factorize(empty.values)).toBe(2)
    // Column 3 = column 1 + column 2 (rank 3 of 4).
    const t: [number, number, number][] = [
      [0, 0, 2],
      [1, 1, 1],
      [2, 1, 1],
      [2, 2, 1],
      [3, 2, 1],
      [1, 3, 1],
      [2, 3, 2],
      [3, 3, 1],
    ]
    const dep = assemble(4, t)
    lu.analyze(dep.pattern)
    const k = lu.factorize(dep.values)
    expect([1, 2, 3]).toContain(k)
    const lud = new DenseLU()
    expect(lud.factorize(dep.dense, 4)).toBeGreaterThanOrEqual(0)
  })
})

describe('approximate minimum degree', () => {
  it('returns a permutation and keeps the fill of a 2D grid Laplacian far below the natural order', () => {
    const side = 30,
      n = side * side
    const t: [number, number, number][] = []
    for (let i = 0; i < side; i++)
      for (let j = 0; j < side; j++) {
        const k = i * side + j
        t.push([k, k, 4])
        if (i > 0) t.push([k, k - side, -1], [k - side, k, -1])
        if (j > 0) t.push([k, k - 1, -1], [k - 1, k, -1])
      }
    const m = assemble(n, t)
    const order = approximateMinimumDegree(m.pattern)
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i))
    const lu = new SparseLU()
    lu.analyze(m.pattern)
    expect(lu.factorize(m.values)).toBe(-1)
    // Natural (banded) order fills the band: about 2 * side * n entries in L + U. Minimum degree
    // orders of a k x k grid give O(n log n); demand at least a factor 2 less than the band.
    expect(lu.factorNonzeros).toBeLessThan(side * n)
    const b = Float64Array.from({ length: n }, (_, i) => Math.cos(i))
    const x = Float64Array.from(b)
    lu.solve(x)
    checkSolution(m, n, x, b)
  })
})

describe('approximate minimum degree with multipliers (structurally zero diagonal)', () => {
  // Saddle point [K C^T; C 0]: K couples each coordinate with four neighbours along a chain, each
  // multiplier ties two neighbouring coordinates (x_i - x_(i+1) = 0, degree 2), so plain minimum degree
  // takes the multipliers first. Deferred, each multiplier comes after one of its coordinates.
  const m = 40,
    n = 2 * m - 1
  const t: [number, number, number][] = []
  for (let i = 0; i < m; i++) {
    t.push([i, i, 10 + Math.sin(i)])
    for (const d of [1, 2]) if (i + d < m) t.push([i, i + d, -1], [i + d, i, -1])
  }
  for (let c = 0; c < m - 1; c++) {
    const row = m + c
    t.push([row, c, 1], [row, c + 1, -1], [c, row, 1], [c + 1, row, -1], [row, row, 0])
  }
  const kkt = assemble(n, t)
  const deferred = new Uint8Array(n).fill(1, m)
  const neighbours = (c: number): number[] => [c - m, c - m + 1]

  it('orders each multiplier after one of its coordinates, where the plain order does not', () => {
    const position = (order: Int32Array): Int32Array => {
      const at = new Int32Array(n)
      order.forEach((v, k) => (at[v] = k))
      return at
    }
    const plain = position(approximateMinimumDegree(kkt.pattern))
    const order = approximateMinimumDegree(kkt.pattern, deferred)
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i))
    const at = position(order)
    const after = (p: Int32Array, c: number): boolean => neighbours(c).some((v) => p[v] < p[c])
    for (let c = m; c < n; c++) expect(after(at, c), `multiplier ${c}`).toBe(true)
    expect(Array.from({ length: m - 1 }, (_, k) => after(plain, m + k)).every(Boolean)).toBe(false)
  })

  it('factorizes in that order and solves to round-off', () => {
    const lu = new SparseLU()
    lu.analyze(kkt.pattern, deferred)
    expect(lu.factorize(kkt.values)).toBe(-1)
    const b = Float64Array.from({ length: n }, (_, i) => Math.cos(i))
    const x = Float64Array.from(b)
    lu.solve(x)
    checkSolution(kkt, n, x, b)
  })

  it('takes a deferred variable without neighbours last', () => {
    const lone = assemble(3, [
      [0, 0, 2],
      [1, 1, 3],
      [2, 2, 1],
      [0, 1, 1],
      [1, 0, 1],
    ])
    const order = approximateMinimumDegree(lone.pattern, Uint8Array.from([0, 0, 1]))
    expect(order[2]).toBe(2)
  })
})
