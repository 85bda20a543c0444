// The global system matrix behind Newton. Solvers write into it through this interface so that the
// storage (dense now; sparse with a pattern computed once per assembly for large systems) can change
// without touching items or solvers.
import { DenseLU } from '../math/denseLU'

export interface SystemMatrix {
  readonly n: number
  zero(): void
  add(row: number, col: number, value: number): void
  /**
   * Storage positions of the block (rows[i] + rowOffset, cols[j] + colOffset), row-major; with
   * transposed, position i * cols.length + j holds the entry (cols[j] + colOffset, rows[i] + rowOffset),
   * so the transpose of a row-major local block lands through the block's own index. An entry the
   * storage lacks (outside a sparse pattern) gets a position that addAt reports if a nonzero reaches it.
   * Blocks written at every refresh look their positions up once per assembly and add through addAt
   * without a search per entry. With entries, only those positions of the row-major block, in their
   * order (an item's declared nonzeros).
   */
  slots(
    rows: ArrayLike<number>,
    rowOffset: number,
    cols: ArrayLike<number>,
    colOffset: number,
    transposed?: boolean,
    entries?: Int32Array,
  ): Int32Array
  /**
   * Adds factor * local[p - begin] at position slots[p] for every p in [begin, end), in order of p:
   * the additions add makes entry by entry, in the same order. Zeros are added too (no branch per
   * entry, which the structural zeros of local blocks make unpredictable): an entry starts at +0 and
   * only ever holds +0 or a nonzero (a sum that cancels is +0), which adding +-0 leaves unchanged, so
   * the values are bit for bit those of skipping zeros.
   */
  addAt(slots: Int32Array, begin: number, end: number, local: Float64Array, factor: number): void
  /**
   * addAt for a block of which only some entries are stored (the structural nonzeros an item
   * declares): adds factor * local[entries[p]] at position slots[p] for every p in [begin, end), in
   * order of p.
   */
  addGathered(
    slots: Int32Array,
    entries: Int32Array,
    begin: number,
    end: number,
    local: Float64Array,
    factor: number,
  ): void
  /**
   * Factorizes; returns -1 or the index of a (numerically) singular pivot column (solve then refuses
   * until a factorization completes).
   */
  factorize(): number
  /** Solves in place with the last factorization. */
  solve(b: Float64Array): void
  /**
   * Sparse only: refactorizations keep the pivots while they are acceptable (SparseLU.keepPivots);
   * the factors then depend on pivotSequence too, which a checkpoint saves and startFromPivots restores.
   */
  keepPivots?(): void
  pivotSequence?(): Int32Array | null
  startFromPivots?(rows: Int32Array | null): void
  /** y = A x (with the current, unfactorized values). */
  multiply(x: Float64Array, y: Float64Array): void
}

/**
 * The matrix positions SystemMatrix.slots looks up, in its order: (rows[i] + rowOffset, cols[j] +
 * colOffset) for each entry i * cols.length + j of the row-major block (all, or entries), swapped when
 * transposed.
 */
export function blockPositions(
  rows: ArrayLike<number>,
  rowOffset: number,
  cols: ArrayLike<number>,
  colOffset: number,
  transposed: boolean,
  entries?: Int32Array,
): { row: Int32Array; col: Int32Array } {
  const nc = cols.length
  const count = entries ? entries.length : rows.length * nc
  const row = new Int32Array(count),
    col = new Int32Array(count)
  for (let p = 0; p < count; p++) {
    const e = entries ? entries[p] : p
    const i = (e / nc) | 0
    const r = rows[i] + rowOffset,
      c = cols[e - i * nc] + colOffset
    row[p] = transposed ? c : r
    col[p] = transposed ? r : c
  }
  return { row, col }
}

export class DenseSystemMatrix implements SystemMatrix {
  readonly data: Float64Array
  private readonly lu = new DenseLU()
  constructor(readonly n: number) {
    this.data = new Float64Array(n * n)
  }
  zero(): void {
    this.data.fill(0)
  }
  add(row: number, col: number, value: number): void {
    this.data[row * this.n + col] += value
  }
  slots(
    rows: ArrayLike<number>,
    rowOffset: number,
    cols: ArrayLike<number>,
    colOffset: number,
    transposed = false,
    entries?: Int32Array,
  ): Int32Array {
    const { row, col } = blockPositions(rows, rowOffset, cols, colOffset, transposed, entries)
    const slots = new Int32Array(row.length)
    for (let p = 0; p < slots.length; p++) slots[p] = row[p] * this.n + col[p]
    return slots
  }
  addAt(slots: Int32Array, begin: number, end: number, local: Float64Array, factor: number): void {
    const data = this.data
    for (let p = begin; p < end; p++) data[slots[p]] += factor * local[p - begin]
  }
  addGathered(
    slots: Int32Array,
    entries: Int32Array,
    begin: number,
    end: number,
    local: Float64Array,
    factor: number,
  ): void {
    const data = this.data
    for (let p = begin; p < end; p++) data[slots[p]] += factor * local[entries[p]]
  }
  factorize(): number {
    return this.lu.factorize(this.data, this.n)
  }
  solve(b: Float64Array): void {
    this.lu.solve(b)
  }
  /** The last factorized matrix's diagonal into out and true when it was diagonal (DenseLU). */
  diagonalInto(out: Float64Array): boolean {
    return this.lu.diagonalInto(out)
  }
  multiply(x: Float64Array, y: Float64Array): void {
    const n = this.n
    for (let i = 0; i < n; i++) {
      let s = 0
      for (let j = 0; j < n; j++) s += this.data[i * n + j] * x[j]
      y[i] = s
    }
  }
}
