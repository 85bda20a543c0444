// Sparsity pattern of an n x n matrix in compressed sparse column form (CSC): the row indices of
// column j are rowIndex[colStart[j] .. colStart[j+1]), sorted ascending, without duplicates. The
// pattern is built once per assembly from the items' index maps; values live in a separate array
// of length nnz, so refilling the matrix each Newton step reuses the structure.

export interface SparsePattern {
  readonly n: number
  readonly colStart: Int32Array
  readonly rowIndex: Int32Array
}

export function patternNonzeros(p: SparsePattern): number {
  return p.colStart[p.n]
}

/** Collects (row, col) positions in any order, with repeats, and compresses them into a pattern. */
export class SparsePatternBuilder {
  private rows: Int32Array = new Int32Array(1024)
  private cols: Int32Array = new Int32Array(1024)
  private count = 0

  constructor(readonly n: number) {}

  add(row: number, col: number): void {
    if (row < 0 || row >= this.n || col < 0 || col >= this.n)
      throw new RangeError(
        `sparse pattern: entry (${row}, ${col}) is outside the ${this.n} x ${this.n} matrix`,
      )
    this.reserve(1)
    this.rows[this.count] = row
    this.cols[this.count++] = col
  }

  /** Adds every (rows[i] + rowOffset, cols[j] + colOffset) and, with symmetric, its transpose. */
  addBlock(
    rows: ArrayLike<number>,
    rowOffset: number,
    cols: ArrayLike<number>,
    colOffset: number,
    symmetric = false,
  ): void {
    for (let i = 0; i < rows.length; i++)
      for (let j = 0; j < cols.length; j++) {
        this.add(rows[i] + rowOffset, cols[j] + colOffset)
        if (symmetric) this.add(cols[j] + colOffset, rows[i] + rowOffset)
      }
  }

  /**
   * Adds (rows[i] + rowOffset, cols[j]) for each entry e = i * cols.length + j of a row-major block
   * (and, with symmetric, its transpose): the declared nonzeros of an item's block, without a call per
   * entry (the pattern is built once, mostly before the JIT has compiled this).
   */
  addEntries(
    rows: ArrayLike<number>,
    rowOffset: number,
    cols: ArrayLike<number>,
    entries: Int32Array,
    symmetric = false,
  ): void {
    const nc = cols.length,
      n = this.n
    this.reserve(symmetric ? 2 * entries.length : entries.length)
    const r = this.rows,
      c = this.cols
    let count = this.count
    for (let p = 0; p < entries.length; p++) {
      const e = entries[p]
      const i = (e / nc) | 0
      const row = rows[i] + rowOffset,
        col = cols[e - i * nc]
      if (!(row >= 0 && row < n && col >= 0 && col < n)) this.add(row, col) // throws the range error
      r[count] = row
      c[count++] = col
      if (symmetric) {
        r[count] = col
        c[count++] = row
      }
    }
    this.count = count
  }

  /** Room for extra more entries. */
  private reserve(extra: number): void {
    if (this.count + extra <= this.rows.length) return
    const size = Math.max(2 * this.rows.length, this.count + extra)
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(size)
      b.set(a.subarray(0, this.count))
      return b
    }
    this.rows = grow(this.rows)
    this.cols = grow(this.cols)
  }

  addDiagonal(): void {
    this.reserve(this.n)
    diagonalInto(this.rows, this.cols, this.count, this.n)
    this.count += this.n
  }

  build(): SparsePattern {
    const n = this.n
    // Counting sort by column, then sort and deduplicate each column's rows.
    const start = columnStarts(this.cols, this.count, n)
    const rowsByCol = bucketByColumn(this.rows, this.cols, this.count, start)
    const colStart = new Int32Array(n + 1)
    const out = new Int32Array(this.count)
    const nnz = sortedUniqueColumns(rowsByCol, start, colStart, out)
    return { n, colStart, rowIndex: out.slice(0, nnz) }
  }
}

// The loops of build and addDiagonal as functions of their own: the pattern is built once per run,
// before V8 has compiled it, and a function compiled on-stack in its first loop deoptimized at the code
// after it (perf3D: three deoptimizations and compilations of build).

/** rows[at + i] = cols[at + i] = i for i < n. */
function diagonalInto(rows: Int32Array, cols: Int32Array, at: number, n: number): void {
  for (let i = 0; i < n; i++) {
    rows[at + i] = i
    cols[at + i] = i
  }
}

/** Start of each column's entries (n + 1) when count entries with these columns are sorted by column. */
function columnStarts(cols: Int32Array, count: number, n: number): Int32Array {
  const start = new Int32Array(n + 1)
  for (let k = 0; k < count; k++) start[cols[k] + 1]++
  for (let j = 0; j < n; j++) start[j + 1] += start[j]
  return start
}

/** The rows of the entries grouped by column (column j's at start[j] .. start[j + 1]), in entry order. */
function bucketByColumn(rows: Int32Array, cols: Int32Array, count: number, start: Int32Array): Int32Array {
  const next = start.slice(0, start.length - 1)
  const rowsByCol = new Int32Array(count)
  for (let k = 0; k < count; k++) rowsByCol[next[cols[k]]++] = rows[k]
  return rowsByCol
}

/** Each column's rows sorted without repeats into out, its start into colStart; returns the count. */
function sortedUniqueColumns(
  rowsByCol: Int32Array,
  start: Int32Array,
  colStart: Int32Array,
  out: Int32Array,
): number {
  let nnz = 0
  for (let j = 0; j + 1 < start.length; j++) {
    const col = rowsByCol.subarray(start[j], start[j + 1]).sort()
    for (let k = 0; k < col.length; k++) if (k === 0 || col[k] !== col[k - 1]) out[nnz++] = col[k]
    colStart[j + 1] = nnz
  }
  return nnz
}

/** Position of (row, col) in the value array, or -1 when the pattern does not hold it (binary search). */
export function patternSlot(p: SparsePattern, row: number, col: number): number {
  let lo = p.colStart[col],
    hi = p.colStart[col + 1] - 1
  const ri = p.rowIndex
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const r = ri[mid]
    if (r === row) return mid
    if (r < row) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}
