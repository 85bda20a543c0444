// The global system matrix behind Newton. Solvers write into it through this interface so that the
// storage (dense now; sparse with a pattern computed once per assembly for large systems) can change
// without touching items or solvers.
import { DenseLU } from '../math/denseLU'

export interface SystemMatrix {
  readonly n: number
  zero(): void
  add(row: number, col: number, value: number): void
  /** Adds factor * local (rows.length x cols.length, row-major) at the given global rows/cols. */
  addBlock(rows: Int32Array, rowOffset: number, cols: Int32Array, colOffset: number, local: Float64Array, factor: number): void
  /** Adds factor * local^T. */
  addBlockTransposed(rows: Int32Array, rowOffset: number, cols: Int32Array, colOffset: number, local: Float64Array, factor: number): void
  /**
   * Factorizes; returns -1 or the index of a (numerically) singular pivot column. interruptCheck, when
   * given, is polled inside long (sparse) factorizations and may throw to abandon one; solve then
   * refuses until a factorization completes. The dense LU (small systems only) does not poll.
   */
  factorize(interruptCheck?: (() => void) | null): number
  /** Solves in place with the last factorization. */
  solve(b: Float64Array): void
  /** y = A x (with the current, unfactorized values). */
  multiply(x: Float64Array, y: Float64Array): void
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
  addBlock(rows: Int32Array, rowOffset: number, cols: Int32Array, colOffset: number, local: Float64Array, factor: number): void {
    const nc = cols.length
    for (let i = 0; i < rows.length; i++) {
      const r = (rows[i] + rowOffset) * this.n + colOffset
      for (let j = 0; j < nc; j++) this.data[r + cols[j]] += factor * local[i * nc + j]
    }
  }
  addBlockTransposed(rows: Int32Array, rowOffset: number, cols: Int32Array, colOffset: number, local: Float64Array, factor: number): void {
    const nr = rows.length
    for (let i = 0; i < rows.length; i++) {
      const r = (rows[i] + rowOffset) * this.n + colOffset
      for (let j = 0; j < cols.length; j++) this.data[r + cols[j]] += factor * local[j * nr + i]
    }
  }
  factorize(): number {
    return this.lu.factorize(this.data, this.n)
  }
  solve(b: Float64Array): void {
    this.lu.solve(b)
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
