// Global quantities of a compiled system, assembled from the items' local contributions through
// their LTG indices: mass matrix, ODE2 residual, constraint equations, reaction forces and the
// Newton Jacobian blocks. All work buffers are allocated once here, so solver steps allocate nothing.
import type { CompiledSystem } from './compiledSystem'
import type { LoadComputation, LocalBlock, ObjectComputation, PackedForces, PackedLoads } from './computation'
import type { SparsePatternBuilder } from '../math/sparsePattern'
import { zeroRange } from '../math/smallArrays'
import type { SystemMatrix } from './matrix'
import type { SystemState } from './state'

/** Writes object o's local vector (forces, reactions, equations) at s into out. */
type LocalVector = (o: ObjectComputation, s: SystemState, out: Float64Array) => void

export interface NumericalDifferentiation {
  relativeEpsilon: number
  minimumCoordinateSize: number
}

/**
 * 1 where an index appears in ltg for the first time, 0 for its repeats (numerical Jacobians perturb each
 * coordinate once).
 */
function firstOccurrences(ltg: Int32Array): Uint8Array {
  const first = new Uint8Array(ltg.length)
  if (ltg.length > 64) {
    const seen = new Set<number>()
    for (let i = 0; i < ltg.length; i++)
      if (!seen.has(ltg[i])) {
        seen.add(ltg[i])
        first[i] = 1
      }
    return first
  }
  for (let i = 0; i < ltg.length; i++) {
    let j = 0
    while (j < i && ltg[j] !== ltg[i]) j++
    first[i] = j === i ? 1 : 0
  }
  return first
}

/**
 * One kind of block of every object in a list, back to back: object k's positions are slots[start[k] ..
 * start[k + 1]).
 */
interface PackedSlots {
  readonly slots: Int32Array
  readonly start: Int32Array
}

const BLOCK_NAMES: Record<LocalBlock, string> = {
  mass: 'mass matrix',
  stiffness: 'f_lhs Jacobian',
  constraint: 'constraint Jacobian',
  reaction: 'reaction stiffness',
}

/**
 * Packed slots of blocks stored in part: the local entry (row-major index) each slot takes its value from.
 */
interface PackedBlockSlots extends PackedSlots {
  readonly entries: Int32Array
}

const NO_ENTRIES = new Int32Array(0)

// The loops of the assembly's one-time setup are small functions of their own: the setup runs before
// the JIT has warmed up, and a loop inside a large function gets the whole function compiled
// on-stack (DeclaredBlocks' constructor took longer to optimize than to run).

/** 0, 1, ..., size - 1. */
function allEntries(size: number): Int32Array {
  const all = new Int32Array(size)
  for (let k = 0; k < size; k++) all[k] = k
  return all
}

/** Whether a and b hold the same bytes. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false
  return true
}

/** The indices k with (mask[k] !== 0) === (nonzero === 1), ascending. */
function entriesWhere(mask: Uint8Array, nonzero: 0 | 1): Int32Array {
  let count = 0
  for (let k = 0; k < mask.length; k++) if ((mask[k] !== 0 ? 1 : 0) === nonzero) count++
  const out = new Int32Array(count)
  for (let k = 0, at = 0; k < mask.length; k++) if ((mask[k] !== 0 ? 1 : 0) === nonzero) out[at++] = k
  return out
}

/**
 * One kind of block of every object in a list, as the objects declare it (structuralNonzeros): per
 * object the local entries (row-major; n x n, or nAE x n for constraint rows) that the pattern holds,
 * and the entries declared zero, packed back to back for all objects so that the check reads one
 * array front to back (object k's: zero[zeroStart[k] .. zeroStart[k + 1]); none: the whole block).
 */
class DeclaredBlocks {
  readonly nonzero: Int32Array[]
  readonly zero: Int32Array
  readonly zeroStart: Int32Array

  constructor(
    readonly objects: readonly ObjectComputation[],
    readonly block: LocalBlock,
    label: (o: ObjectComputation) => string,
  ) {
    const zeros: Int32Array[] = []
    this.nonzero = []
    let previous: Uint8Array | undefined
    for (const o of objects) {
      const n = o.ltgODE2.length,
        rows = block === 'constraint' ? o.nAE : n
      const mask = o.structuralNonzeros?.(block)
      if (mask && mask.length !== rows * n)
        throw new Error(
          `${label(o)}: structuralNonzeros('${block}') has ${mask.length} entries, expected ${rows} x ` +
            `${n} (${block === 'constraint' ? 'equations x coordinates' : 'coordinates squared'})`,
        )
      // Objects of a kind mostly declare the same mask: their entry lists are shared.
      const same = mask && previous && sameBytes(mask, previous)
      this.nonzero.push(
        same ? this.nonzero[this.nonzero.length - 1] : mask ? entriesWhere(mask, 1) : allEntries(rows * n),
      )
      zeros.push(same ? zeros[zeros.length - 1] : mask ? entriesWhere(mask, 0) : NO_ENTRIES)
      previous = mask
    }
    const packed = pack(zeros)
    this.zero = packed.slots
    this.zeroStart = packed.start
  }

  /** Whether these are the blocks of `objects`: the same computations, in the same order. */
  declares(objects: readonly ObjectComputation[]): boolean {
    if (objects.length !== this.objects.length) return false
    for (let k = 0; k < objects.length; k++) if (objects[k] !== this.objects[k]) return false
    return true
  }

  /**
   * Object k declared no zeros: its block is stored whole and added contiguously (no index to read per
   * entry).
   */
  whole(k: number): boolean {
    return this.zeroStart[k] === this.zeroStart[k + 1]
  }

  /**
   * Sum of |local| over object k's entries declared zero: 0 when the declaration holds (one
   * branch-free pass; NaN, which fails the test too, is left to the solvers' finite-value checks).
   */
  zeroMagnitude(k: number, local: Float64Array): number {
    const zero = this.zero
    let sum = 0
    for (let p = this.zeroStart[k]; p < this.zeroStart[k + 1]; p++) sum += Math.abs(local[zero[p]])
    return sum
  }
}

/**
 * The declared blocks of each system, shared by its evaluators (a study worker makes one per case on the
 * system it keeps): an object's structure is fixed by its computation, since parameters a built system
 * takes in place change nothing of the solver's structure (inPlaceChange.ts).
 */
const declaredOfSystem = new WeakMap<CompiledSystem, Map<LocalBlock, DeclaredBlocks>>()

/** Adds object k's stored entries of a local block. */
function addBlock(
  m: SystemMatrix,
  table: PackedBlockSlots,
  k: number,
  declared: DeclaredBlocks,
  local: Float64Array,
  factor: number,
): void {
  if (declared.whole(k)) m.addAt(table.slots, table.start[k], table.start[k + 1], local, factor)
  else m.addGathered(table.slots, table.entries, table.start[k], table.start[k + 1], local, factor)
}

function pack(tables: readonly Int32Array[]): PackedSlots {
  const start = new Int32Array(tables.length + 1)
  tables.forEach((t, k) => (start[k + 1] = start[k] + t.length))
  const slots = new Int32Array(start[tables.length])
  tables.forEach((t, k) => slots.set(t, start[k]))
  return { slots, start }
}

/**
 * Where the objects' blocks land in one system matrix (SystemMatrix.slots), looked up on first use
 * per matrix and kind of block, so that a refresh adds every entry without a search. One packed
 * array per kind, read front to back during assembly. Valid as long as the matrix's pattern: both
 * follow the ltg arrays of one assembly.
 */
class MatrixSlots {
  mass: PackedBlockSlots | null = null
  stiffness: PackedBlockSlots | null = null
  reaction: PackedBlockSlots | null = null
  /**
   * Constraint rows C_q (nAE x n, row-major like the local Jacobian) and their transposes C_q^T, for
   * aeOffset.
   */
  private constraintSlots: { rows: PackedBlockSlots; columns: PackedBlockSlots; aeOffset: number } | null =
    null

  /** equationRows: 0, 1, ..., the most equations of an object - 1 (offset per object). */
  constructor(
    readonly matrix: SystemMatrix,
    private readonly equationRows: Int32Array,
  ) {}

  /** The declared nonzeros of each object's ltg x ltg block. */
  blocks(objects: readonly ObjectComputation[], declared: DeclaredBlocks): PackedBlockSlots {
    return this.declared(objects, declared, (o, entries) =>
      this.matrix.slots(o.ltgODE2, 0, o.ltgODE2, 0, false, entries),
    )
  }

  /** The positions of each object's declared entries (slotsOf(o, its entries), row-major) packed. */
  private declared(
    objects: readonly ObjectComputation[],
    declared: DeclaredBlocks,
    slotsOf: (o: ObjectComputation, entries: Int32Array) => Int32Array,
  ): PackedBlockSlots {
    const tables = objects.map((o, k) => slotsOf(o, declared.nonzero[k]))
    return { ...pack(tables), entries: pack(declared.nonzero).slots }
  }

  /** Constraint rows and their transposes, as declared. */
  constraints(
    objects: readonly ObjectComputation[],
    declared: DeclaredBlocks,
    aeOffset: number,
  ): { rows: PackedBlockSlots; columns: PackedBlockSlots } {
    const kept = this.constraintSlots
    return kept?.aeOffset === aeOffset ? kept : this.lookUpConstraints(objects, declared, aeOffset)
  }

  /** constraints' lookup (apart: its closures would allocate a context at every call of constraints). */
  private lookUpConstraints(
    objects: readonly ObjectComputation[],
    declared: DeclaredBlocks,
    aeOffset: number,
  ): { rows: PackedBlockSlots; columns: PackedBlockSlots; aeOffset: number } {
    const rows = this.equationRows
    const slots = (transposed: boolean) => (o: ObjectComputation, entries: Int32Array) =>
      this.matrix.slots(rows, aeOffset + o.aeIndex, o.ltgODE2, 0, transposed, entries)
    return (this.constraintSlots = {
      rows: this.declared(objects, declared, slots(false)),
      columns: this.declared(objects, declared, slots(true)),
      aeOffset,
    })
  }
}

/** A run of force objects or loads: packed (one kernel call for all) or a single item (packed null). */
interface Run<T, P> {
  readonly items: readonly T[]
  readonly packed: P | null
}

/**
 * Runs of consecutive items with the same packing kind, the others one by one. A run of one is packed
 * too: its kernel is one call where the item's path is several (a spring and a load in 0.1 us steps).
 */
function packedRuns<T, P>(
  items: readonly T[],
  kindOf: (item: T) => { pack(items: readonly T[]): P } | undefined,
): Run<T, P>[] {
  const runs: Run<T, P>[] = []
  for (let k = 0; k < items.length;) {
    const kind = kindOf(items[k])
    let end = k + 1
    while (kind && end < items.length && kindOf(items[end]) === kind) end++
    const run = items.slice(k, end)
    runs.push({ items: run, packed: kind ? kind.pack(run) : null })
    k = end
  }
  return runs
}

type ForceRun = Run<ObjectComputation, PackedForces>
type LoadRun = Run<LoadComputation, PackedLoads>

export class SystemEvaluator {
  /** Square work block (n x n of an object), grown on first use by localSquare. */
  private localA = new Float64Array(0)
  private readonly localB: Float64Array
  private readonly localC: Float64Array
  private readonly localJ: Float64Array
  /** 0, 1, ..., the most equations of an object - 1: an object's rows, offset by its first. */
  private readonly equationRows: Int32Array
  private readonly massObjects: ObjectComputation[]
  private readonly forceObjects: ObjectComputation[]
  private readonly constraintObjects: ObjectComputation[]
  /**
   * Per algebraic equation, 1 where it depends on the others and is dropped (constraintRank.ts): its
   * row becomes lambda = 0 (g = lambda, Jacobian row the identity, no reaction), like an inactive
   * connector's. Null while no row is dropped.
   */
  dependentRows: Uint8Array | null = null
  private readonly loads: LoadComputation[]
  /**
   * Per object (made on first use by firstColumns): first occurrence of each global index in its ltg
   * (duplicates get false).
   */
  private readonly uniqueColumn = new Map<ObjectComputation, Uint8Array>()
  /**
   * Per mass object (index in massObjects): its constant local mass matrix once computed (state-independent).
   */
  private readonly constantMass: (Float64Array | undefined)[]
  /**
   * Declared structure of each mass object's mass matrix, force object's f_lhs Jacobian, constraint
   * object's C_q and reaction stiffness (fixed per assembly), built when an assembly first needs it:
   * a kinematic tree under an explicit solver never assembles, and its whole n x n blocks would take
   * a second to index for n = 3000.
   */
  private readonly structures = new Map<LocalBlock, DeclaredBlocks>()
  /**
   * Per list of force objects given to ode2Residual: its runs (packedRuns), made on first use and again
   * when the coordinate layout changed; the packed kernels reload when parameters changed in place.
   */
  private readonly forcePlans = new Map<readonly ObjectComputation[], ForceRun[]>()
  private loadPlan: LoadRun[] | null = null
  private plansLayout = -1
  private plansParameters = -1
  /** The list ode2Residual was last given and its runs: a solver passes the same list every step. */
  private lastObjects: readonly ObjectComputation[] | null = null
  private lastRuns: ForceRun[] = []
  /** Slot tables per matrix (a solver keeps one or two per assembly: Newton's and a projection's). */
  private readonly matrixSlots = new WeakMap<SystemMatrix, MatrixSlots>()

  constructor(readonly system: CompiledSystem) {
    this.reactionStiffness = system.experimental.has('newtonReactionStiffness')
    let maxN = 1,
      maxAE = 1
    const objs = system.objects.map((r) => r.computation)
    for (const o of objs) {
      maxN = Math.max(maxN, o.ltgODE2.length)
      maxAE = Math.max(maxAE, o.nAE)
    }
    this.localB = new Float64Array(maxN)
    this.localC = new Float64Array(maxN)
    this.localJ = new Float64Array(maxAE * maxN)
    this.equationRows = allEntries(maxAE)
    this.massObjects = objs.filter((o) => o.computeMassMatrix)
    this.forceObjects = objs.filter((o) => o.computeODE2LHS)
    this.constraintObjects = objs.filter((o) => o.nAE > 0)
    this.loads = system.loads.map((r) => r.computation)
    this.constantMass = this.massObjects.map(() => undefined)
  }

  /**
   * The square work block for an object of n coordinates. Grown on demand rather than sized for the
   * largest object up front: a kinematic tree of 3000 coordinates would take 72 MB for it, which
   * explicit solvers (the tree solves its own mass matrix) never use.
   */
  private localSquare(n: number): Float64Array {
    if (this.localA.length < n * n) this.localA = new Float64Array(n * n)
    return this.localA
  }

  /** "object \"name\" (Type)" of a computation, for messages. */
  private label(o: ObjectComputation): string {
    return this.system.label(
      'object',
      this.system.objects.findIndex((r) => r.computation === o),
    )
  }

  /**
   * Throws when an item wrote a nonzero where it declared its block structurally zero: the sparse
   * pattern lacks those entries, so the matrix would silently differ from the item's (perf3D: 30
   * reads per body and block, of a local block in L1 cache).
   */
  private checkDeclaredZeros(
    o: ObjectComputation,
    declared: DeclaredBlocks,
    k: number,
    local: Float64Array,
  ): void {
    if (declared.zeroMagnitude(k, local) > 0) this.reportDeclaredZero(o, declared, k, local)
  }

  private reportDeclaredZero(
    o: ObjectComputation,
    declared: DeclaredBlocks,
    k: number,
    local: Float64Array,
  ): never {
    const n = o.ltgODE2.length,
      block = declared.block
    const e = declared.zero
      .subarray(declared.zeroStart[k], declared.zeroStart[k + 1])
      .find((z) => local[z] !== 0)!
    throw new Error(
      `${this.label(o)}: its ${BLOCK_NAMES[block]} has ${local[e]} at local entry (${Math.floor(e / n)}, ` +
        `${e % n}), which structuralNonzeros('${block}') declares zero (the sparse pattern has no place ` +
        `for it)`,
    )
  }

  /** Object o's first-occurrence mask of its ltg, made when a numerical Jacobian first needs it. */
  private firstColumns(o: ObjectComputation): Uint8Array {
    let mask = this.uniqueColumn.get(o)
    if (!mask) {
      mask = firstOccurrences(o.ltgODE2)
      this.uniqueColumn.set(o, mask)
    }
    return mask
  }

  private structure(block: LocalBlock): DeclaredBlocks {
    return this.structures.get(block) ?? this.declareStructure(block)
  }

  /**
   * structure's first use (a function of its own: a closure anywhere in a function makes V8 allocate
   * its context at every call, 40 B per refresh and block).
   */
  private declareStructure(block: LocalBlock): DeclaredBlocks {
    const objects =
      block === 'mass' ? this.massObjects : block === 'stiffness' ? this.forceObjects : this.constraintObjects
    let shared = declaredOfSystem.get(this.system)
    if (!shared) declaredOfSystem.set(this.system, (shared = new Map()))
    let s = shared.get(block)
    if (!s?.declares(objects))
      shared.set(block, (s = new DeclaredBlocks(objects, block, (o) => this.label(o))))
    this.structures.set(block, s)
    return s
  }

  get hasConstraints(): boolean {
    return this.constraintObjects.length > 0
  }

  /**
   * Every matrix position a solver may write (rows/columns [ODE2 | AE]): the declared nonzeros of
   * the mass and (for Newton) stiffness blocks on each object's ltg, and of the constraint rows with
   * their transposes. Called once per assembly by the sparse matrix factory.
   */
  addPattern(builder: SparsePatternBuilder, withStiffness: boolean): void {
    const addDeclared = (objects: readonly ObjectComputation[], nonzero: Int32Array[]): void => {
      for (let k = 0; k < objects.length; k++)
        builder.addEntries(objects[k].ltgODE2, 0, objects[k].ltgODE2, nonzero[k])
    }
    addDeclared(this.massObjects, this.structure('mass').nonzero)
    if (withStiffness) addDeclared(this.forceObjects, this.structure('stiffness').nonzero)
    if (withStiffness && this.reactionStiffness)
      addDeclared(this.constraintObjects, this.structure('reaction').nonzero)
    const n2 = this.system.nODE2
    const constraint = this.structure('constraint').nonzero
    const rows = this.equationRows
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      builder.addEntries(rows, n2 + o.aeIndex, o.ltgODE2, constraint[c], true)
    }
  }

  /**
   * The local mass matrix (n x n) of massObjects[k] at s: cached for constant mass matrices, else computed
   * into localA.
   */
  private localMass(k: number, s: SystemState): Float64Array {
    const cached = this.constantMass[k]
    if (cached) return cached
    const o = this.massObjects[k]
    const n = o.ltgODE2.length
    const local = o.constantMassMatrix ? new Float64Array(n * n) : this.localSquare(n)
    zeroRange(local, 0, n * n)
    o.computeMassMatrix!(s, local)
    if (o.constantMassMatrix) this.constantMass[k] = local
    return local
  }

  private slotsOf(m: SystemMatrix): MatrixSlots {
    let slots = this.matrixSlots.get(m)
    if (!slots) this.matrixSlots.set(m, (slots = new MatrixSlots(m, this.equationRows)))
    return slots
  }

  /** Adds factor * M(q) into the ODE2 block of the matrix. */
  addMassMatrix(s: SystemState, m: SystemMatrix, factor: number): void {
    const slotTables = this.slotsOf(m),
      structure = this.structure('mass')
    const table = (slotTables.mass ??= slotTables.blocks(this.massObjects, structure))
    for (let k = 0; k < this.massObjects.length; k++) {
      const local = this.localMass(k, s)
      this.checkDeclaredZeros(this.massObjects[k], structure, k, local)
      addBlock(m, table, k, structure, local, factor)
    }
  }

  /**
   * A constant diagonal mass matrix (lumped masses) without forming it: its diagonal into out (length
   * nODE2; the sums the assembly makes) and true. False when a mass matrix depends on the state or has
   * an off-diagonal entry, or a coordinate has no mass (the matrix path names it).
   */
  constantDiagonalMass(s: SystemState, out: Float64Array): boolean {
    zeroRange(out, 0, out.length)
    for (let k = 0; k < this.massObjects.length; k++) {
      const o = this.massObjects[k]
      if (o.constantMassMatrix !== true) return false
      const ltg = o.ltgODE2,
        n = ltg.length,
        local = this.localMass(k, s)
      for (let i = 0; i < n * n; i++) if (i % (n + 1) !== 0 && local[i] !== 0) return false
      for (let i = 0; i < n; i++) out[ltg[i]] += local[i * (n + 1)]
    }
    return out.every((m) => m !== 0 && Number.isFinite(m))
  }

  /** y += M(q) x, without forming the global matrix. */
  addMassTimes(s: SystemState, x: Float64Array, y: Float64Array): void {
    for (let k = 0; k < this.massObjects.length; k++) {
      const o = this.massObjects[k]
      if (o.addMassTimes) {
        o.addMassTimes(s, x, y)
        continue
      }
      const ltg = o.ltgODE2
      const n = ltg.length
      const local = this.localMass(k, s)
      for (let i = 0; i < n; i++) {
        let sum = 0
        for (let j = 0; j < n; j++) sum += local[i * n + j] * x[ltg[j]]
        y[ltg[i]] += sum
      }
    }
  }

  /**
   * out = f_lhs(q, q', t) - loadFactor * f_loads(t) (length nODE2); no mass or reaction terms.
   * loadFactor < 1 is used by the static solver's load steps. objects: the force objects to include
   * (explicit solvers leave out those that take their own f_lhs into computeAccelerations).
   */
  ode2Residual(
    s: SystemState,
    out: Float64Array,
    loadFactor = 1,
    objects: readonly ObjectComputation[] = this.forceObjects,
  ): void {
    zeroRange(out, 0, out.length)
    // The same list with the same layout and parameters takes the same runs, without the map lookup.
    const system = this.system
    const runs =
      objects === this.lastObjects &&
      this.plansLayout === system.layoutVersion &&
      this.plansParameters === system.parametersVersion
        ? this.lastRuns
        : this.forcePlan(objects)
    for (let r = 0; r < runs.length; r++) {
      const { items: run, packed } = runs[r]
      if (packed) {
        packed.add(s, out)
        continue
      }
      for (let k = 0; k < run.length; k++) {
        const o = run[k]
        const ltg = o.ltgODE2
        const n = ltg.length
        const local = this.localB
        zeroRange(local, 0, n)
        o.computeODE2LHS!(s, local)
        for (let i = 0; i < n; i++) out[ltg[i]] += local[i]
      }
    }
    const loadPlan = this.loadPlan!
    for (let r = 0; r < loadPlan.length; r++) {
      const { items: loads, packed } = loadPlan[r]
      if (packed) packed.add(s, out, -loadFactor)
      else for (let k = 0; k < loads.length; k++) loads[k].addLoad(s, out, -loadFactor)
    }
  }

  /** The runs of a list of force objects (forcePlans) and of the loads, with current parameters. */
  private forcePlan(objects: readonly ObjectComputation[]): ForceRun[] {
    const system = this.system
    if (this.plansLayout !== system.layoutVersion) {
      this.forcePlans.clear()
      this.loadPlan = packedRuns(this.loads, (l) => l.packedLoads)
      this.plansLayout = system.layoutVersion
      this.plansParameters = system.parametersVersion
    }
    let runs = this.forcePlans.get(objects)
    if (!runs) {
      if (this.forcePlans.size >= 4) this.forcePlans.clear() // lists of solvers set up again
      runs = packedRuns(objects, (o) => o.packedForces)
      this.forcePlans.set(objects, runs)
    }
    if (this.plansParameters !== system.parametersVersion) {
      this.plansParameters = system.parametersVersion
      for (const plan of this.forcePlans.values()) for (const run of plan) run.packed?.reload()
      for (const run of this.loadPlan!) run.packed?.reload()
    }
    this.lastObjects = objects
    this.lastRuns = runs
    return runs
  }

  /** out += C_q^T lambda (position-level, or C_q'^T for velocity-level constraints). */
  addReactionForces(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      if (o.inactiveConstraint) continue
      if (o.addReactionForces) {
        o.addReactionForces(s, out)
        continue
      }
      const ltg = o.ltgODE2
      const n = ltg.length
      const J = this.localJ
      o.computeAEJacobian!(s, J, velocityLevel || o.velocityLevelConstraint === true)
      for (let k = 0; k < o.nAE; k++) {
        const lam = s.lambda[o.aeIndex + k]
        if (lam === 0) continue
        for (let j = 0; j < n; j++) out[ltg[j]] += J[k * n + j] * lam
      }
    }
  }

  /** out[0..n) = C_q^T lambda of one constraint object on its local coordinates. */
  private localReactions(o: ObjectComputation, s: SystemState, out: Float64Array): void {
    const n = o.ltgODE2.length,
      J = this.localJ
    o.computeAEJacobian!(s, J, o.velocityLevelConstraint === true)
    out.fill(0, 0, n)
    for (let k = 0; k < o.nAE; k++) {
      const lam = s.lambda[o.aeIndex + k]
      if (lam !== 0) for (let j = 0; j < n; j++) out[j] += J[k * n + j] * lam
    }
  }

  /**
   * The Newton matrix gets addReactionStiffness (and the sparse pattern its blocks): from the
   * experimental flag newtonReactionStiffness, or switched on by a solver after a failed step (a
   * matrix made after that has the pattern for it).
   */
  reactionStiffness: boolean

  /**
   * Experimental flag newtonReactionStiffness: adds factor * d(C_q^T lambda)/dq, the geometric stiffness
   * of the constraint reactions (C_q turns with the bodies), analytic for objects with
   * addReactionJacobian (joints, Euler-parameter bodies), by forward differences of C_q^T lambda on the
   * object's own coordinates for the others. Only the Newton matrix uses it: it changes how fast
   * Newton converges, not the solution.
   */
  addReactionStiffness(s: SystemState, m: SystemMatrix, factor: number, nd: NumericalDifferentiation): void {
    const slotTables = this.slotsOf(m),
      structure = this.structure('reaction')
    const table = (slotTables.reaction ??= slotTables.blocks(this.constraintObjects, structure))
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      if (o.inactiveConstraint) continue
      const ltg = o.ltgODE2,
        n = ltg.length
      let active = false
      for (let k = 0; k < o.nAE; k++) if (s.lambda[o.aeIndex + k] !== 0) active = true
      if (!active) continue
      const out = this.localSquare(n)
      zeroRange(out, 0, n * n)
      if (o.addReactionJacobian) {
        o.addReactionJacobian(s, factor, out)
        this.checkDeclaredZeros(o, structure, c, out)
        addBlock(m, table, c, structure, out, 1)
        continue
      }
      this.numericalColumns(o, s, s.q, this.localReactionVector, n, factor, nd, out)
      addBlock(m, table, c, structure, out, 1)
    }
  }

  private savedQ = new Float64Array(0)
  private plusAE = new Float64Array(0)

  /**
   * out = -(d/dt C_q) q' per algebraic equation, by a central difference of C_q q' along q' (exact for
   * linear constraints, O(delta^2) otherwise): the velocity term of the acceleration-level constraints
   * C_q q'' = -(d/dt C_q) q' used for consistent accelerations and by the explicit solvers.
   */
  constraintVelocityTerm(s: SystemState, out: Float64Array): void {
    const q = s.q,
      v = s.v
    let vmax = 0
    for (let i = 0; i < v.length; i++) vmax = Math.max(vmax, Math.abs(v[i]))
    if (vmax === 0) {
      out.fill(0)
      return
    }
    // Work buffers follow the system's size (allocated only when the coordinate layout changed).
    if (this.savedQ.length !== q.length) this.savedQ = new Float64Array(q.length)
    if (this.plusAE.length !== out.length) this.plusAE = new Float64Array(out.length)
    const delta = 1e-5 / vmax
    const saved = this.savedQ,
      plus = this.plusAE
    saved.set(q)
    for (let i = 0; i < q.length; i++) q[i] = saved[i] + delta * v[i]
    this.constraintJacobianTimesVelocity(s, plus)
    for (let i = 0; i < q.length; i++) q[i] = saved[i] - delta * v[i]
    this.constraintJacobianTimesVelocity(s, out)
    q.set(saved)
    for (let k = 0; k < out.length; k++) out[k] = -(plus[k] - out[k]) / (2 * delta)
  }

  /** out = C_q q' per algebraic equation (inactive connectors: 0); used for consistent accelerations. */
  constraintJacobianTimesVelocity(s: SystemState, out: Float64Array): void {
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      const n = o.ltgODE2.length
      if (o.inactiveConstraint) {
        for (let k = 0; k < o.nAE; k++) out[o.aeIndex + k] = 0
        continue
      }
      const J = this.localJ
      o.computeAEJacobian!(s, J, o.velocityLevelConstraint === true)
      for (let k = 0; k < o.nAE; k++) {
        let sum = 0
        for (let j = 0; j < n; j++) sum += J[k * n + j] * s.v[o.ltgODE2[j]]
        out[o.aeIndex + k] = sum
      }
    }
    this.zeroDependent(out)
  }

  /** out[k] = 0 for the dropped (dependent) equations. */
  private zeroDependent(out: Float64Array): void {
    const d = this.dependentRows
    if (d) for (let k = 0; k < d.length; k++) if (d[k]) out[k] = 0
  }

  /**
   * out += factor * the explicit time terms of rheonomic constraints (drives) at velocity or acceleration
   * level.
   */
  addConstraintTimeTerm(
    s: SystemState,
    out: Float64Array,
    level: 'velocity' | 'acceleration',
    factor: number,
  ): void {
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      if (o.inactiveConstraint || !o.computeAETimeTerm) continue
      const local = this.localB
      o.computeAETimeTerm(s, local, level)
      const d = this.dependentRows
      for (let k = 0; k < o.nAE; k++) if (!d?.[o.aeIndex + k]) out[o.aeIndex + k] += factor * local[k]
    }
  }

  /** Algebraic equations g (length nAE); inactive connectors give g = lambda. */
  constraints(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      if (o.inactiveConstraint) {
        for (let k = 0; k < o.nAE; k++) out[o.aeIndex + k] = s.lambda[o.aeIndex + k]
        continue
      }
      const local = this.localB
      o.computeAE!(s, local, velocityLevel || o.velocityLevelConstraint === true)
      for (let k = 0; k < o.nAE; k++) out[o.aeIndex + k] = local[k]
    }
    const d = this.dependentRows
    if (d) for (let k = 0; k < d.length; k++) if (d[k]) out[k] = s.lambda[k]
  }

  /**
   * Adds the constraint blocks of the Newton matrix: rows [aeOffset + ae] get factorAE * C_q (the
   * position- or velocity-level factor, whichever the constraint is) and columns [aeOffset + ae] of
   * the ODE2 rows get factorReaction * C_q^T. Inactive connectors add the identity on their multipliers.
   */
  addConstraintJacobian(
    s: SystemState,
    m: SystemMatrix,
    aeOffset: number,
    velocityLevel: boolean,
    factorAEPosition: number,
    factorAEVelocity: number,
    factorReaction: number,
  ): void {
    const structure = this.structure('constraint')
    const { rows, columns } = this.slotsOf(m).constraints(this.constraintObjects, structure, aeOffset)
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      if (o.inactiveConstraint) {
        for (let k = 0; k < o.nAE; k++) m.add(aeOffset + o.aeIndex + k, aeOffset + o.aeIndex + k, 1)
        continue
      }
      const J = this.localJ
      const vel = velocityLevel || o.velocityLevelConstraint === true
      o.computeAEJacobian!(s, J, vel)
      const d = this.dependentRows
      if (d)
        for (let k = 0; k < o.nAE; k++)
          if (d[o.aeIndex + k]) {
            J.fill(0, k * o.ltgODE2.length, (k + 1) * o.ltgODE2.length)
            m.add(aeOffset + o.aeIndex + k, aeOffset + o.aeIndex + k, 1)
          }
      this.checkDeclaredZeros(o, structure, c, J)
      // Rows and columns are different entries (AE x ODE2, ODE2 x AE): each gets its additions in the same
      // order as entry by entry.
      addBlock(m, rows, c, structure, J, vel ? factorAEVelocity : factorAEPosition)
      addBlock(m, columns, c, structure, J, factorReaction)
    }
  }

  /**
   * Adds factor * d(g_v)/dq into the rows of the velocity-level constraints g_v = C_q(q) q' + g_t (all
   * of them with velocityLevel, else those of velocity-level objects), by forward differences on each
   * object's coordinates. In the index-2 Newton matrix q_T moves with the accelerations by h^2 beta'
   * against q'_T by h gamma', so the row is C_q + (h beta / gamma) d(g_v)/dq; without the second term
   * Newton diverges where C_q nearly loses rank (the A02 four-bar's horizontal pose: there the term
   * outweighs C_q's smallest singular values). Entries outside C_q's declared pattern are left out.
   */
  addVelocityConstraintPositionJacobian(
    s: SystemState,
    m: SystemMatrix,
    aeOffset: number,
    velocityLevel: boolean,
    factor: number,
    nd: NumericalDifferentiation,
  ): void {
    const structure = this.structure('constraint')
    const { rows } = this.slotsOf(m).constraints(this.constraintObjects, structure, aeOffset)
    const J = this.localJ
    for (let c = 0; c < this.constraintObjects.length; c++) {
      const o = this.constraintObjects[c]
      if (o.inactiveConstraint || !(velocityLevel || o.velocityLevelConstraint === true)) continue
      const ltg = o.ltgODE2,
        n = ltg.length,
        nAE = o.nAE
      zeroRange(J, 0, nAE * n)
      this.numericalColumns(o, s, s.q, this.localVelocityConstraints, nAE, factor, nd, J)
      const d = this.dependentRows
      if (d) for (let k = 0; k < nAE; k++) if (d[o.aeIndex + k]) J.fill(0, k * n, (k + 1) * n)
      addBlock(m, rows, c, structure, J, 1)
    }
  }

  /**
   * Adds factorK * d(f_lhs)/dq + factorD * d(f_lhs)/dq' of every object: analytic where the item has
   * it, otherwise a local numerical Jacobian (forward differences on the object's own coordinates).
   */
  addStiffnessDamping(
    s: SystemState,
    m: SystemMatrix,
    factorK: number,
    factorD: number,
    nd: NumericalDifferentiation,
  ): void {
    const slotTables = this.slotsOf(m),
      structure = this.structure('stiffness')
    const table = (slotTables.stiffness ??= slotTables.blocks(this.forceObjects, structure))
    for (let k = 0; k < this.forceObjects.length; k++) {
      const o = this.forceObjects[k]
      const n = o.ltgODE2.length
      const local = this.localSquare(n)
      zeroRange(local, 0, n * n)
      if (o.computeODE2LHSJacobian) o.computeODE2LHSJacobian(s, factorK, factorD, local)
      else {
        if (factorK !== 0) this.numericalColumns(o, s, s.q, this.localLHS, n, factorK, nd, local)
        if (factorD !== 0) this.numericalColumns(o, s, s.v, this.localLHS, n, factorD, nd, local)
      }
      this.checkDeclaredZeros(o, structure, k, local)
      addBlock(m, table, k, structure, local, 1)
    }
  }

  /** The local vectors numericalColumns differentiates (made once: passing them allocates nothing). */
  private readonly localLHS: LocalVector = (o, s, out) => {
    out.fill(0, 0, o.ltgODE2.length)
    o.computeODE2LHS!(s, out)
  }
  private readonly localReactionVector: LocalVector = (o, s, out) => this.localReactions(o, s, out)
  private readonly localVelocityConstraints: LocalVector = (o, s, out) => o.computeAE!(s, out, true)

  /**
   * out[i * n + j] += factor * df_i/dx_j for the rows entries of f (object o's local vector) over
   * its n coordinates, by forward differences, each coordinate once (x: s.q or s.v).
   */
  private numericalColumns(
    o: ObjectComputation,
    s: SystemState,
    x: Float64Array,
    f: LocalVector,
    rows: number,
    factor: number,
    nd: NumericalDifferentiation,
    out: Float64Array,
  ): void {
    const ltg = o.ltgODE2
    const n = ltg.length
    const f0 = this.localB
    const f1 = this.localC
    f(o, s, f0)
    const unique = this.firstColumns(o)
    for (let j = 0; j < n; j++) {
      if (!unique[j]) continue
      const g = ltg[j]
      const saved = x[g]
      // Perturbation relative to the total coordinate size (reference + displacement would be better
      // for large reference values; displacement plus a floor is what Exudyn does).
      const eps = nd.relativeEpsilon * Math.max(nd.minimumCoordinateSize, Math.abs(saved))
      x[g] = saved + eps
      f(o, s, f1)
      x[g] = saved
      const scale = factor / eps
      for (let i = 0; i < rows; i++) out[i * n + j] += (f1[i] - f0[i]) * scale
    }
  }
}
