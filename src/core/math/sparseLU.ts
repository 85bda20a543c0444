// Sparse LU factorization P A Q = L U for a fixed pattern (CSC, see sparsePattern.ts), following
// the left-looking Gilbert-Peierls algorithm as described in Davis, "Direct Methods for Sparse
// Linear Systems" (SIAM 2006), ch. 6, plus a KLU-style refactorization.
//   analyze(pattern): column order Q by approximate minimum degree on A + A^T, once per pattern
//     (given the structurally zero diagonals, the multipliers after a neighbour).
//   factorize(values): for each column k, x = L \ A(:, Q[k]) on the reach of that column in the
//     graph of L (a depth-first search), then threshold partial pivoting (the diagonal entry when it
//     is at least PIVOT_THRESHOLD of the column's largest candidate, so the symmetric AMD order keeps
//     its fill; else the first such candidate in the search order); L gets unit diagonal.
//   Once a factorization exists, the next one first tries the same pivot sequence and the same L
//   and U patterns (numeric refactorization: no reach search). It keeps a pivot only where the full
//   factorization's pivot rule, applied to the same column, would choose that row too (from the
//   first column where it would not, the full factorization takes over); since it performs the
//   same operations in the same order, its result is then bit for bit the full factorization's: a
//   function of the values alone, not of the matrices factorized before (exact restarts need that).
// With keepPivots (Newton's matrix in the implicit solvers) the full factorization takes the largest
// candidate where the diagonal is not acceptable, and the refactorization keeps every stored pivot
// that is still acceptable (at least KEPT_PIVOT_THRESHOLD of its column's largest candidate, as KLU
// does) instead of the one the full factorization would choose: the factors then depend on the pivot
// sequence the run came with as well as on the values, so a checkpoint saves it (pivotSequence) and a
// restart factorizes from it (startFromPivots), bit for bit the refactorization of the continuous run.
// Every buffer is allocated in analyze or grown on the rare full factorization that needs more
// fill, so Newton's refactorizations and solves allocate nothing.
import { approximateMinimumDegree } from './sparseOrdering'
import type { SparsePattern } from './sparsePattern'

/**
 * Threshold partial pivoting (UMFPACK's default u = 0.1, Davis 2006, sec. 6.3): a pivot is acceptable
 * when it is at least this fraction of the column's largest candidate. The diagonal entry is taken
 * when acceptable, else the first acceptable candidate in the search order, not the largest: the
 * largest flips between near-equal candidates (equal lengths of a joint's constraint rows) from one
 * Newton refresh to the next, and every flip costs a full factorization from that column on
 * (perf3DRigidBodies: 349 of 992 refreshes, 2.3x a refactorization's time each). With keepPivots,
 * where a flip is no reason to change, the largest (see factorFull).
 */
const PIVOT_THRESHOLD = 0.1
/**
 * keepPivots: a stored pivot stays while it is at least this fraction of its column's largest
 * candidate, the selection's own threshold, so kept factors are as stable as fresh ones.
 * perf3DRigidBodies, 1000 steps: 154 full factorizations of 994 refreshes (336 with the rule's pivot
 * at every refresh); 0.01 left 10, but made a step of the IFToMM A02 four-bar fail near its singular
 * pose (iftomm/a02.test.ts). On the joints' sparser pattern 200 of 1195, and 2 since full
 * factorizations take the largest candidate off the diagonal.
 */
const KEPT_PIVOT_THRESHOLD = 0.1

/**
 * x[rows[q]] -= vals[q] * xj for q in [from, to): the update all factorizations and substitutions are
 * made of. Four at a time with the loads before the stores: one at a time, each load waits for the
 * store before it (the rows could coincide as far as the JIT knows; within a column they never do).
 * The operations are the same, so the results are too.
 */
function subtractMultiple(
  x: Float64Array,
  rows: Int32Array,
  vals: Float64Array,
  from: number,
  to: number,
  xj: number,
): void {
  let q = from
  for (; q + 3 < to; q += 4) {
    const r0 = rows[q],
      r1 = rows[q + 1],
      r2 = rows[q + 2],
      r3 = rows[q + 3]
    const v0 = x[r0] - vals[q] * xj,
      v1 = x[r1] - vals[q + 1] * xj,
      v2 = x[r2] - vals[q + 2] * xj,
      v3 = x[r3] - vals[q + 3] * xj
    x[r0] = v0
    x[r1] = v1
    x[r2] = v2
    x[r3] = v3
  }
  for (; q < to; q++) x[rows[q]] -= vals[q] * xj
}

/**
 * Aperm[Adest[p]] = values[p] for every pattern entry; returns the largest |value|. A function of its
 * own: as a loop inside factorize, V8 compiled factorize on-stack during its first call, before the code
 * after the loop had run, and every later call entered that code and deoptimized after the loop
 * (perf3DRigidBodies, 200 steps: 152 deoptimizations, one per factorization).
 */
function permuteValues(values: Float64Array, Adest: Int32Array, Aperm: Float64Array): number {
  let scale = 0
  for (let p = 0; p < Adest.length; p++) {
    const v = values[p]
    Aperm[Adest[p]] = v
    scale = Math.max(scale, Math.abs(v))
  }
  return scale
}

/**
 * Astart, Adest, Arow of A's columns in the elimination order colOrder (see SparseLU.Astart). A function
 * of its own: analyze runs once, compiled on-stack in this loop it deoptimized after it.
 */
function permuteColumns(
  pattern: SparsePattern,
  colOrder: Int32Array,
  Astart: Int32Array,
  Adest: Int32Array,
  Arow: Int32Array,
): void {
  const { n, colStart, rowIndex } = pattern
  let e = 0
  for (let k = 0; k < n; k++) {
    Astart[k] = e
    const col = colOrder[k]
    for (let p = colStart[col]; p < colStart[col + 1]; p++) {
      Adest[p] = e
      Arow[e++] = rowIndex[p]
    }
  }
  Astart[n] = e
}

export class SparseLU {
  private pattern: SparsePattern | undefined
  private n = 0
  /** Column order: Q[k] is the k-th column eliminated. */
  private colOrder: Int32Array = new Int32Array(0)
  /** pivotOf[row] = k when row is the k-th pivot (-1 during a factorization: not yet pivotal). */
  private pivotOf = new Int32Array(0)
  /** rowOfPivot[k]: the row of the k-th pivot (inverse of pivotOf). */
  private rowOfPivot = new Int32Array(0)
  /**
   * Per column k: how many rows of L(:, k) below the pivot came before the pivot in the search order (ties).
   */
  private pivotRank = new Int32Array(0)
  private Lstart = new Int32Array(0)
  private Lrow = new Int32Array(0)
  private Lval = new Float64Array(0)
  private Ustart = new Int32Array(0)
  private Urow = new Int32Array(0)
  private Uval = new Float64Array(0)
  /**
   * A with its columns in elimination order: column k is Aperm[Astart[k] .. Astart[k + 1]), entry e
   * in row Arow[e], whose pivot position (after a full factorization) is Apos[e]; pattern entry p
   * goes to Adest[p]. One sequential pass copies the values there: reading them column by column
   * in the order Q instead jumps through memory (cache misses were a fifth of a refactorization).
   */
  private Astart = new Int32Array(0)
  private Adest = new Int32Array(0)
  private Arow = new Int32Array(0)
  private Apos = new Int32Array(0)
  private Aperm = new Float64Array(0)
  private x = new Float64Array(0)
  private y = new Float64Array(0)
  private reach = new Int32Array(0)
  private stack = new Int32Array(0)
  private stackPos = new Int32Array(0)
  private mark = new Int32Array(0)
  private stamp = 0
  private factored = false
  /**
   * Statistics: full factorizations (with search and pivoting; those after a refactorization found
   * another pivot continue from that column) and numeric refactorizations.
   */
  fullFactorizations = 0
  refactorizations = 0
  /** Columns that full factorizations took over from the refactorization before them. */
  columnsTakenOver = 0
  /** Refactorizations keep every stored pivot that is still acceptable (header). */
  keepPivots = false
  /**
   * A pivot sequence to factorize from next (startFromPivots), as a refactorization with keepPivots
   * from it would; null when none.
   */
  private pivotsToStartFrom: Int32Array | null = null

  /**
   * Symbolic analysis of a pattern: ordering and buffers; values come with factorize. zeroDiagonal[i] = 1:
   * the diagonal of i is structurally zero (a constraint's multiplier), which the ordering takes into
   * account (sparseOrdering.ts).
   */
  analyze(pattern: SparsePattern, zeroDiagonal?: Uint8Array): void {
    const n = (this.n = pattern.n)
    this.pattern = pattern
    this.colOrder = approximateMinimumDegree(pattern, zeroDiagonal)
    this.pivotOf = new Int32Array(n)
    this.pivotRank = new Int32Array(n)
    this.rowOfPivot = new Int32Array(n)
    this.Lstart = new Int32Array(n + 1)
    this.Ustart = new Int32Array(n + 1)
    const guess = 4 * pattern.colStart[n] + n
    this.Lrow = new Int32Array(guess)
    this.Lval = new Float64Array(guess)
    this.Urow = new Int32Array(guess)
    this.Uval = new Float64Array(guess)
    const nnz = pattern.colStart[n]
    this.Astart = new Int32Array(n + 1)
    this.Adest = new Int32Array(nnz)
    this.Arow = new Int32Array(nnz)
    this.Apos = new Int32Array(nnz)
    this.Aperm = new Float64Array(nnz)
    permuteColumns(pattern, this.colOrder, this.Astart, this.Adest, this.Arow)
    this.x = new Float64Array(n)
    this.y = new Float64Array(n)
    this.reach = new Int32Array(n)
    this.stack = new Int32Array(n)
    this.stackPos = new Int32Array(n)
    this.mark = new Int32Array(n)
    this.stamp = 0
    this.factored = false
    this.pivotsToStartFrom = null
  }

  /**
   * The rows of the pivots in elimination order when a factorization is complete (or pending from
   * startFromPivots), else null: what keepPivots' next refactorizations depend on besides the values.
   */
  pivotSequence(): Int32Array | null {
    if (this.pivotsToStartFrom) return Int32Array.from(this.pivotsToStartFrom)
    return this.factored ? Int32Array.from(this.rowOfPivot) : null
  }

  /**
   * The next factorization keeps these pivots (rows in elimination order, a pivotSequence) while they
   * are acceptable and pivots as a full one from the first that is not, exactly as a refactorization
   * with keepPivots from a factorization with them; null: the next factorization is a full one.
   * Anything but a permutation of the rows is taken as null.
   */
  startFromPivots(rows: Int32Array | null): void {
    this.factored = false
    this.pivotsToStartFrom = null
    if (!rows || rows.length !== this.n) return
    const seen = new Uint8Array(this.n)
    for (let k = 0; k < this.n; k++) {
      const r = rows[k]
      if (!(r >= 0 && r < this.n) || seen[r]) return
      seen[r] = 1
    }
    this.pivotsToStartFrom = Int32Array.from(rows)
  }

  /** Nonzeros of L and U of the last factorization (fill measure). */
  get factorNonzeros(): number {
    return this.Lstart[this.n] + this.Ustart[this.n]
  }

  /**
   * Factorizes the matrix with the analyzed pattern and these values (one per pattern entry).
   * Returns -1 on success, otherwise the index of a column found (numerically) singular; solve then
   * refuses until a later factorize completes.
   */
  factorize(values: Float64Array, forceFull = false): number {
    if (!this.pattern) throw new Error('SparseLU: analyze() must be called before factorize()')
    const scale = permuteValues(values, this.Adest, this.Aperm)
    // Same singularity threshold as the dense LU, so both paths report the same models as singular.
    const tiny = scale * 1e-14 * Math.max(1, this.n)
    const reuse = this.factored && !forceFull
    // Not factorized while the factors are being overwritten (a singular column leaves them half made).
    this.factored = false
    // The refactorization's columns before the first changed pivot are the full factorization's.
    const first = reuse ? this.refactor(tiny) : 0
    if (first === this.n) {
      this.factored = true
      this.refactorizations++
      return -1
    }
    this.fullFactorizations++
    this.columnsTakenOver += first
    const preferred = reuse ? null : this.pivotsToStartFrom
    this.pivotsToStartFrom = null
    const k = this.factorFull(first, tiny, preferred)
    this.factored = k < 0
    return k
  }

  /** Solves A x = b in place with the last factorization. */
  solve(b: Float64Array): void {
    if (!this.factored)
      throw new Error(
        'SparseLU: no complete factorization to solve with ' +
          '(the last factorize found a singular column, or was not called)',
      )
    const n = this.n
    const y = this.y
    const { Lstart, Lrow, Lval, Ustart, Urow, Uval, pivotOf, colOrder } = this
    for (let i = 0; i < n; i++) y[pivotOf[i]] = b[i]
    for (let j = 0; j < n; j++) {
      const yj = y[j]
      if (yj !== 0) subtractMultiple(y, Lrow, Lval, Lstart[j] + 1, Lstart[j + 1], yj)
    }
    for (let j = n - 1; j >= 0; j--) {
      const end = Ustart[j + 1] - 1
      const yj = (y[j] /= Uval[end])
      if (yj !== 0) subtractMultiple(y, Urow, Uval, Ustart[j], end, yj)
    }
    for (let k = 0; k < n; k++) b[colOrder[k]] = y[k]
  }

  /**
   * Full left-looking factorization with threshold partial pivoting of columns first..n-1; the
   * columns before first hold a refactorization's factors with the same pivots (what this would
   * compute for them: the reach of a column depends only on A's pattern and the earlier pivots).
   * preferred (startFromPivots): the pivot row of each column while it is an acceptable candidate,
   * the rule from the first column where it is not.
   */
  private factorFull(first: number, tiny: number, preferred: Int32Array | null): number {
    const n = this.n
    const { x, pivotOf, rowOfPivot, reach, Lstart, Ustart, colOrder } = this
    this.restoreRowNumbers(first)
    let lnz = Lstart[first],
      unz = Ustart[first]
    let prefer = preferred
    // Each phase of a column is a method of its own: the first factorization runs before V8 has
    // compiled it, and the whole loop compiled on-stack deoptimized at the first branch it had not yet
    // seen (an off-diagonal pivot) and was compiled again, ~0.2 s of compiler time for perf3D's setup.
    for (let k = first; k < n; k++) {
      Lstart[k] = lnz
      Ustart[k] = unz
      if (lnz + n > this.Lrow.length) this.growL(lnz + n)
      if (unz + n > this.Urow.length) this.growU(unz + n)
      const col = colOrder[k]
      const top = this.computeReach(k)
      this.solveColumn(k, top)
      const largest = this.appendU(top, unz)
      unz = this.columnEnd
      if (largest <= tiny) {
        for (let p = top; p < n; p++) x[reach[p]] = 0
        return col
      }
      // The preferred row while it is an acceptable candidate, else the rule, for this column and all
      // after it.
      let pivotRow = prefer ? this.keptPivot(prefer[k], largest, tiny) : -1
      if (pivotRow < 0) {
        prefer = null
        pivotRow = this.rulePivot(col, top, largest)
      }
      const pivot = x[pivotRow]
      this.Urow[unz] = k
      this.Uval[unz++] = pivot
      pivotOf[pivotRow] = k
      rowOfPivot[k] = pivotRow
      lnz = this.appendL(k, top, pivotRow, pivot, lnz)
    }
    Lstart[n] = lnz
    Ustart[n] = unz
    // L's rows from original numbering to pivot order, as solve and refactor use them.
    const Lrow = this.Lrow
    for (let p = 0; p < lnz; p++) Lrow[p] = pivotOf[Lrow[p]]
    const { Arow, Apos } = this
    for (let e = 0; e < Arow.length; e++) Apos[e] = pivotOf[Arow[e]]
    return -1
  }

  /** x = L \ A(:, colOrder[k]) on the reach of the column (reach[top..n)). */
  private solveColumn(k: number, top: number): void {
    const { x, Astart, Arow, Aperm, pivotOf, reach, Lstart, Lrow, Lval } = this
    for (let e = Astart[k]; e < Astart[k + 1]; e++) x[Arow[e]] = Aperm[e]
    for (let p = top; p < this.n; p++) {
      const j = reach[p]
      const J = pivotOf[j]
      if (J < 0) continue
      const xj = x[j]
      // A zero multiplier changes nothing (it could only flip the sign of a zero). Many pattern
      // entries are zero at every refresh (mass and stiffness blocks are declared whole), so
      // this skips 28 % (perf3D) to 70 % (planar chain) of the multiply-adds; refactor skips the
      // same ones, which keeps their factors bit for bit equal.
      if (xj === 0) continue
      subtractMultiple(x, Lrow, Lval, Lstart[J] + 1, Lstart[J + 1], xj)
    }
  }

  /** End of U's entries after appendU. */
  private columnEnd = 0

  /**
   * U(:, k) above the diagonal from position unz, in the reach's (topological) order (columnEnd: where
   * it ends); returns the largest |x| among the rows not yet pivotal (the candidates).
   */
  private appendU(top: number, unz: number): number {
    const { x, pivotOf, reach, Urow, Uval } = this
    let largest = -1
    for (let p = top; p < this.n; p++) {
      const i = reach[p]
      if (pivotOf[i] < 0) largest = Math.max(largest, Math.abs(x[i]))
      else {
        Urow[unz] = pivotOf[i]
        Uval[unz++] = x[i]
      }
    }
    this.columnEnd = unz
    return largest
  }

  /**
   * The preferred row (startFromPivots) when it is an acceptable candidate (an unpivoted row of the
   * reach, which computeReach marked with the current stamp), else -1.
   */
  private keptPivot(kept: number, largest: number, tiny: number): number {
    const a = kept >= 0 ? Math.abs(this.x[kept]) : 0
    return kept >= 0 &&
      this.pivotOf[kept] < 0 &&
      this.mark[kept] === this.stamp &&
      a > tiny &&
      a >= KEPT_PIVOT_THRESHOLD * largest
      ? kept
      : -1
  }

  /** The pivot row by the rule of the header: the diagonal when acceptable, else per keepPivots. */
  private rulePivot(col: number, top: number, largest: number): number {
    const { x, pivotOf, reach } = this
    const n = this.n
    const acceptable = PIVOT_THRESHOLD * largest
    if (pivotOf[col] < 0 && Math.abs(x[col]) >= acceptable) return col
    let pivotRow = -1
    if (this.keepPivots) {
      // Kept pivots: the largest candidate, the widest margin before it falls below
      // KEPT_PIVOT_THRESHOLD of its column (perf3DRigidBodies, 1000 steps: 2 full factorizations
      // instead of 200 with the first acceptable one, for 10 % more multiply-adds).
      let best = -1
      for (let p = top; p < n; p++) {
        const i = reach[p]
        if (pivotOf[i] < 0 && Math.abs(x[i]) > best) {
          best = Math.abs(x[i])
          pivotRow = i
        }
      }
    } else
      for (let p = top; p < n; p++) {
        const i = reach[p]
        if (pivotOf[i] < 0 && Math.abs(x[i]) >= acceptable) return i
      }
    return pivotRow
  }

  /**
   * L(:, k): the unit pivot row first, then the other candidates divided by the pivot (pivotRank[k]:
   * how many came before the pivot in the search order); clears x on the reach. Returns L's new end.
   */
  private appendL(k: number, top: number, pivotRow: number, pivot: number, lnz: number): number {
    const { x, pivotOf, pivotRank, reach, Lrow, Lval } = this
    Lrow[lnz] = pivotRow
    Lval[lnz++] = 1
    let below = 0
    for (let p = top; p < this.n; p++) {
      const i = reach[p]
      if (i === pivotRow) pivotRank[k] = below
      else if (pivotOf[i] < 0) {
        Lrow[lnz] = i
        Lval[lnz++] = x[i] / pivot
        below++
      }
      x[i] = 0
    }
    return lnz
  }

  /**
   * The state factorFull has after column first - 1: pivots from first on undone, L's rows of the
   * columns before it back from pivot positions to row numbers.
   */
  private restoreRowNumbers(first: number): void {
    const { pivotOf, rowOfPivot, Lrow } = this
    if (first === 0) {
      pivotOf.fill(-1)
      return
    }
    for (let p = 0; p < this.Lstart[first]; p++) Lrow[p] = rowOfPivot[Lrow[p]]
    for (let k = first; k < this.n; k++) pivotOf[rowOfPivot[k]] = -1
  }

  /**
   * Rows reachable from column k (in elimination order) of A in the graph of L (row i -> rows of
   * L(:, pivotOf[i])), in topological order in reach[top..n); returns top. Non-recursive depth-first
   * search.
   */
  private computeReach(k: number): number {
    const n = this.n
    const { Astart, Arow, mark, stack, stackPos, reach, pivotOf, Lstart, Lrow } = this
    if (++this.stamp >= 0x3fffffff) {
      mark.fill(0)
      this.stamp = 1
    }
    const stamp = this.stamp
    let top = n
    for (let e = Astart[k]; e < Astart[k + 1]; e++) {
      const start = Arow[e]
      if (mark[start] === stamp) continue
      mark[start] = stamp
      // A row without a pivot yet has no column of L to follow: it is finished at once (so are the
      // leaves below; the order is the one a search that pushed them would give).
      if (pivotOf[start] < 0) {
        reach[--top] = start
        continue
      }
      let depth = 0
      stack[0] = start
      stackPos[0] = Lstart[pivotOf[start]] + 1
      while (depth >= 0) {
        const j = stack[depth]
        const end = Lstart[pivotOf[j] + 1]
        let q = stackPos[depth]
        for (; q < end; q++) {
          const i = Lrow[q]
          if (mark[i] === stamp) continue
          mark[i] = stamp
          if (pivotOf[i] < 0) {
            reach[--top] = i
            continue
          }
          stackPos[depth] = q + 1
          stack[++depth] = i
          stackPos[depth] = Lstart[pivotOf[i]] + 1
          break
        }
        if (q === end) {
          depth--
          reach[--top] = j
        }
      }
    }
    return top
  }

  /**
   * Numeric refactorization with the last pivot sequence and patterns, up to the first column where
   * the full factorization would pivot differently: the candidates of column k are its pivot and the rows of
   * L(:, k) (the same reach), and the rule of factorFull (the diagonal row when it is a candidate of
   * at least PIVOT_THRESHOLD times the largest, else the first such candidate in the search order,
   * whose position pivotRank keeps) must give the stored pivot. Returns n, or the first column where
   * it does not (its L and U values are left for factorFull to overwrite). L(:, k) is scaled while the
   * candidates are compared.
   */
  private refactor(tiny: number): number {
    const n = this.n
    const { x, pivotOf, pivotRank, Lstart, Lrow, Lval, Ustart, Urow, Uval, colOrder, Astart, Apos, Aperm } =
      this
    for (let k = 0; k < n; k++) {
      const col = colOrder[k]
      for (let e = Astart[k]; e < Astart[k + 1]; e++) x[Apos[e]] = Aperm[e]
      const diag = Ustart[k + 1] - 1
      for (let p = Ustart[k]; p < diag; p++) {
        const j = Urow[p]
        const xj = x[j]
        Uval[p] = xj
        x[j] = 0
        if (xj === 0) continue
        subtractMultiple(x, Lrow, Lval, Lstart[j] + 1, Lstart[j + 1], xj)
      }
      const pivot = x[k]
      x[k] = 0
      Uval[diag] = pivot
      // Pivot position of the diagonal row (the column's own index); > k: still a candidate.
      const diagonal = pivotOf[col]
      const diagonalValue = diagonal > k ? Math.abs(x[diagonal]) : 0
      // Largest candidate before the pivot in the search order and largest after it.
      let before = 0,
        after = 0
      const split = Lstart[k] + 1 + pivotRank[k]
      for (let q = Lstart[k] + 1; q < split; q++) {
        const v = x[Lrow[q]]
        x[Lrow[q]] = 0
        Lval[q] = v / pivot
        before = Math.max(before, Math.abs(v))
      }
      for (let q = split; q < Lstart[k + 1]; q++) {
        const v = x[Lrow[q]]
        x[Lrow[q]] = 0
        Lval[q] = v / pivot
        after = Math.max(after, Math.abs(v))
      }
      const a = Math.abs(pivot),
        largest = Math.max(a, before, after),
        acceptable = PIVOT_THRESHOLD * largest
      const samePivot =
        a > tiny &&
        (this.keepPivots
          ? a >= KEPT_PIVOT_THRESHOLD * largest
          : a >= acceptable && (diagonal === k || (before < acceptable && !(diagonalValue >= acceptable))))
      if (!samePivot) return k
    }
    return n
  }

  private growL(min: number): void {
    const size = Math.max(min, 2 * this.Lrow.length)
    const r = new Int32Array(size),
      v = new Float64Array(size)
    r.set(this.Lrow)
    v.set(this.Lval)
    this.Lrow = r
    this.Lval = v
  }

  private growU(min: number): void {
    const size = Math.max(min, 2 * this.Urow.length)
    const r = new Int32Array(size),
      v = new Float64Array(size)
    r.set(this.Urow)
    v.set(this.Uval)
    this.Urow = r
    this.Uval = v
  }
}
