// Sparse system matrix: the pattern (CSC) is fixed at assembly from the items' LTG maps, values are
// refilled in place each Newton refresh, and the factorization reuses the symbolic analysis (ordering,
// buffers, and the last pivot sequence where the pivot search would choose it again). Also the factory
// that picks dense or sparse storage for a solver.
import { SparseLU } from '../math/sparseLU'
import { patternNonzeros, patternSlot, SparsePatternBuilder, type SparsePattern } from '../math/sparsePattern'
import type { SimulationSettings } from '../model/settings'
import type { SystemEvaluator } from './evaluator'
import { blockPositions, DenseSystemMatrix, type SystemMatrix } from './matrix'

export class SparseSystemMatrix implements SystemMatrix {
  readonly n: number
  /** One value per pattern entry (a view of storage). */
  readonly values: Float64Array
  /**
   * values and, past them, one sink entry: slots outside the pattern point there, so addAt adds
   * without a branch per entry and checks once per call that only zeros went outside.
   */
  private readonly storage: Float64Array
  private readonly sink: number
  readonly lu = new SparseLU()

  /** zeroDiagonal: see SparseLU.analyze. */
  constructor(
    readonly pattern: SparsePattern,
    zeroDiagonal?: Uint8Array,
  ) {
    this.n = pattern.n
    this.sink = patternNonzeros(pattern)
    this.storage = new Float64Array(this.sink + 1)
    this.values = this.storage.subarray(0, this.sink)
    this.lu.analyze(pattern, zeroDiagonal)
  }

  zero(): void {
    this.storage.fill(0)
  }

  private slot(row: number, col: number): number {
    const k = patternSlot(this.pattern, row, col)
    if (k < 0)
      throw new Error(
        `sparse system matrix: entry (${row}, ${col}) is not in the pattern computed at assembly (an ` +
          `item writes outside its LTG coordinates)`,
      )
    return k
  }

  add(row: number, col: number, value: number): void {
    this.values[this.slot(row, col)] += value
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
    for (let p = 0; p < slots.length; p++) {
      const slot = patternSlot(this.pattern, row[p], col[p])
      slots[p] = slot >= 0 ? slot : this.sink
    }
    return slots
  }

  addAt(slots: Int32Array, begin: number, end: number, local: Float64Array, factor: number): void {
    const storage = this.storage
    for (let p = begin; p < end; p++) storage[slots[p]] += factor * local[p - begin]
    this.checkSink()
  }

  addGathered(
    slots: Int32Array,
    entries: Int32Array,
    begin: number,
    end: number,
    local: Float64Array,
    factor: number,
  ): void {
    const storage = this.storage
    for (let p = begin; p < end; p++) storage[slots[p]] += factor * local[entries[p]]
    this.checkSink()
  }

  private checkSink(): void {
    if (this.storage[this.sink] !== 0) {
      this.storage[this.sink] = 0
      throw new Error(
        'sparse system matrix: a block writes a nonzero outside the pattern computed at assembly (an ' +
          'item writes outside the blocks it declared)',
      )
    }
  }

  /**
   * The refactorization reuses the previous pivot sequence only where the pivot search would choose
   * it again (SparseLU.refactor), so the factors are those of a full factorization of these values,
   * whatever was factorized before: a restarted run, whose first factorization is a full one,
   * continues bit for bit (a refactorization that merely kept stable pivots made the rounding depend
   * on the run's history; seen with GA on the cable-over-pulley example). With keepPivots it keeps
   * every acceptable pivot, and the history is the pivot sequence, saved with checkpoints.
   */
  factorize(): number {
    return this.lu.factorize(this.values)
  }

  solve(b: Float64Array): void {
    this.lu.solve(b)
  }

  keepPivots(): void {
    this.lu.keepPivots = true
  }

  pivotSequence(): Int32Array | null {
    return this.lu.pivotSequence()
  }

  startFromPivots(rows: Int32Array | null): void {
    this.lu.startFromPivots(rows)
  }

  multiply(x: Float64Array, y: Float64Array): void {
    const { colStart, rowIndex } = this.pattern
    y.fill(0, 0, this.n)
    for (let j = 0; j < this.n; j++) {
      const xj = x[j]
      if (xj === 0) continue
      for (let p = colStart[j]; p < colStart[j + 1]; p++) y[rowIndex[p]] += this.values[p] * xj
    }
  }
}

/** Linear solver choice: Exudyn's names, plus 'auto' (dense for small systems, sparse for large). */
export type LinearSolverType = SimulationSettings['linearSolverType']

/**
 * Below this many unknowns the dense LU is as fast: its n^3/3 flops on contiguous memory offset the
 * sparse bookkeeping (the crossover of the sphere chain, docs/performance.md).
 */
export const AUTO_SPARSE_MIN_UNKNOWNS = 80

/**
 * The matrix of a solver with nODE2 + nAE unknowns: rows/columns [ODE2 | AE]. The sparse pattern is
 * the union of the blocks the solver writes: mass, stiffness/damping (withStiffness: Newton solvers;
 * explicit solvers only need mass and constraints, and a lattice of springs would otherwise fill
 * the pattern), constraint rows and their transposes, and the diagonal (projection and inactive
 * constraints write there).
 */
export function createSystemMatrix(
  evaluator: SystemEvaluator,
  type: LinearSolverType,
  withStiffness = true,
  setupWork: SetupWork = (work) => work(),
): SystemMatrix {
  const n = evaluator.system.nODE2 + evaluator.system.nAE
  const sparse = type === 'EigenSparse' || (type === 'auto' && n >= AUTO_SPARSE_MIN_UNKNOWNS)
  if (!sparse) return new DenseSystemMatrix(n)
  return setupWork(() => sparseSystemMatrix(evaluator, n, withStiffness))
}

/** Runs work done once per run (SolverOptions.setupWork) and returns its result. */
export type SetupWork = <T>(work: () => T) => T

/** createSystemMatrix's sparse matrix: its pattern, ordering and symbolic analysis. */
function sparseSystemMatrix(evaluator: SystemEvaluator, n: number, withStiffness: boolean): SystemMatrix {
  const builder = new SparsePatternBuilder(n)
  builder.addDiagonal()
  evaluator.addPattern(builder, withStiffness)
  // With the reaction stiffness, a coordinate's row spans its neighbours' rotations, and a multiplier
  // that minimum degree takes first pivots on such a row: the ordering then takes multipliers after a
  // neighbour (sparseOrdering.ts). Without it the rows are narrow and the plain order has less fill
  // (perf3DRigidBodies: 0.29 M multiply-adds per refactorization against 0.54 M with the rule).
  const reaction = withStiffness && evaluator.reactionStiffness
  const multipliers = reaction ? new Uint8Array(n).fill(1, evaluator.system.nODE2) : undefined
  return new SparseSystemMatrix(builder.build(), multipliers)
}
