// Fill-reducing ordering: approximate minimum degree (AMD) on the graph of A + A^T, after the
// description by Amestoy, Davis and Duff (SIAM J. Matrix Anal. Appl. 17, 1996) and Davis, "Direct
// Methods for Sparse Linear Systems" (SIAM 2006), ch. 7. The elimination graph is kept as a
// quotient graph: each eliminated pivot p becomes an "element" whose variable list L_p is the clique
// its elimination creates, so the graph never grows. A variable's degree is the AMD upper bound
//   d_i <= |A_i \ i| + |L_p \ i| + sum over its other elements e of |L_e \ L_p|,
// with |L_e \ L_p| counted for all e at once by one pass over L_p. Elements whose variables all lie
// in L_p are absorbed. Supervariable detection is left out: the models here (chains, lattices,
// trees of bodies) have small cliques, and the ordering runs once per assembly.
// All lists live in flat integer arrays and each phase of a pivot is its own small method: the
// ordering runs once per process, mostly before the JIT has optimized it, and one large function
// with nested number[][] lists took the optimizing compiler longer than the ordering itself.
// Saddle-point systems: a variable whose diagonal is structurally zero (a Lagrange multiplier) can be
// made to wait until a neighbour has been eliminated, whose pivot fills its diagonal (-C M^-1 C^T).
// Minimum degree assumes diagonal pivots; a multiplier taken first must pivot off the diagonal, and
// the fill then follows rows the order never saw (perf3DRigidBodies with the reaction stiffness, its
// rotation equations without translation columns: L + U 0.13 M -> 5.4 M entries; 0.12 M deferred).
import type { SparsePattern } from './sparsePattern'

/**
 * Elimination order: order[k] is the index eliminated k-th. deferred[i] = 1: i has a structurally zero
 * diagonal and is eligible only once it is in the clique of an eliminated neighbour (or nothing else is
 * left).
 */
export function approximateMinimumDegree(p: SparsePattern, deferred?: Uint8Array): Int32Array {
  const g = new QuotientGraph(p, deferred)
  const order = new Int32Array(p.n)
  for (let k = 0; k < p.n; k++) order[k] = g.eliminateNext(p.n - k - 1)
  return order
}

/** Room for a variable's element list when it gets its first element. */
const FIRST_ELEMENT_ROOM = 4

class QuotientGraph {
  private readonly n: number
  // A_i is adjList[adjStart[i] .. adjStart[i] + adjLen[i]); it only shrinks.
  private readonly adjStart: Int32Array
  private readonly adjList: Int32Array
  private readonly adjLen: Int32Array
  // The elements of i, in order: elemList[elemStart[i] .. elemStart[i] + elemCount[i]), with room for
  // elemRoom[i]; a full list moves to the end of elemList with twice the room.
  private readonly elemStart: Int32Array
  private readonly elemCount: Int32Array
  private readonly elemRoom: Int32Array
  private elemList: Int32Array
  private elemEnd = 0
  // The variables L_e of element e: varList[varStart[e] .. varStart[e] + varLen[e]) (0 once absorbed).
  private readonly varStart: Int32Array
  private readonly varLen: Int32Array
  private varList: Int32Array
  private varEnd = 0
  private readonly eliminated: Uint8Array
  private readonly absorbed: Uint8Array
  private readonly degree: Int32Array
  // Degree buckets as doubly linked lists.
  private readonly head: Int32Array
  private readonly next: Int32Array
  private readonly prev: Int32Array
  /** Stamp: inLp[i] === pivot while i is in L_pivot. */
  private readonly inLp: Int32Array
  /** |L_e \ L_p| for the elements touched in this step (-1 otherwise). */
  private readonly w: Int32Array
  private readonly touched: Int32Array
  private nTouched = 0
  private minDegree = 0
  /** Deferred and not yet in a degree list. */
  private readonly waiting: Uint8Array

  constructor(p: SparsePattern, deferred?: Uint8Array) {
    const n = (this.n = p.n)
    const adj = symmetricAdjacency(p)
    this.adjStart = adj.adjStart
    this.adjList = adj.adjList
    this.adjLen = adj.adjLen
    this.elemStart = new Int32Array(n)
    this.elemCount = new Int32Array(n)
    this.elemRoom = new Int32Array(n)
    this.elemList = new Int32Array(FIRST_ELEMENT_ROOM * n)
    this.varStart = new Int32Array(n)
    this.varLen = new Int32Array(n)
    // Room for the elements' lists: they take about as much as the adjacency; growing it first
    // happened after the ordering had been compiled and deoptimized it.
    this.varList = new Int32Array(adj.adjList.length + 2 * n)
    this.eliminated = new Uint8Array(n)
    this.absorbed = new Uint8Array(n)
    this.degree = new Int32Array(n)
    this.head = new Int32Array(n + 1).fill(-1)
    this.next = new Int32Array(n).fill(-1)
    this.prev = new Int32Array(n).fill(-1)
    this.inLp = new Int32Array(n).fill(-1)
    this.w = new Int32Array(n).fill(-1)
    this.touched = new Int32Array(n)
    this.waiting = new Uint8Array(n)
    for (let i = 0; i < n; i++) {
      this.degree[i] = this.adjLen[i]
      if (deferred && deferred[i]) this.waiting[i] = 1
      else this.insert(i)
    }
  }

  /** Eliminates a variable of least approximate degree and returns it; remaining: variables left after. */
  eliminateNext(remaining: number): number {
    this.minDegree = this.lowestDegree(this.minDegree)
    if (this.minDegree > this.n) this.releaseWaiting()
    const piv = this.head[this.minDegree]
    this.remove(piv)
    this.eliminated[piv] = 1
    this.collectLp(piv)
    this.countExternal(piv)
    const start = this.varStart[piv],
      end = start + this.varLen[piv]
    for (let q = start; q < end; q++) this.update(this.varList[q], piv, remaining)
    for (let t = 0; t < this.nTouched; t++) this.w[this.touched[t]] = -1
    this.nTouched = 0
    return piv
  }

  /** The least degree from d up with a variable (n + 1: none). */
  private lowestDegree(d: number): number {
    const head = this.head
    while (d <= this.n && head[d] < 0) d++
    return d
  }

  /**
   * L_p = (A_p united with the variables of p's elements) without p, stored as element p's list; those
   * elements are absorbed.
   */
  private collectLp(piv: number): void {
    if (this.varEnd + this.n > this.varList.length) {
      const grown = new Int32Array(Math.max(2 * this.varList.length, this.varEnd + this.n))
      grown.set(this.varList.subarray(0, this.varEnd))
      this.varList = grown
    }
    const { adjList, eliminated, inLp, varList, varStart, varLen, absorbed, elemList } = this
    const start = this.varEnd
    let len = 0
    for (let q = this.adjStart[piv], end = q + this.adjLen[piv]; q < end; q++) {
      const v = adjList[q]
      if (!eliminated[v] && inLp[v] !== piv) {
        inLp[v] = piv
        varList[start + len++] = v
      }
    }
    for (let c = this.elemStart[piv], cEnd = c + this.elemCount[piv]; c < cEnd; c++) {
      const e = elemList[c]
      if (absorbed[e]) continue
      for (let q = varStart[e], end = q + varLen[e]; q < end; q++) {
        const v = varList[q]
        if (v !== piv && !eliminated[v] && inLp[v] !== piv) {
          inLp[v] = piv
          varList[start + len++] = v
        }
      }
      absorbed[e] = 1
      varLen[e] = 0
    }
    this.adjLen[piv] = 0
    this.elemCount[piv] = 0
    varStart[piv] = start
    varLen[piv] = len
    this.varEnd = start + len
  }

  /** w[e] = |L_e \ L_p| for every element adjacent to L_p. */
  private countExternal(piv: number): void {
    const { varList, elemList, elemStart, elemCount, absorbed, w, varLen, touched } = this
    for (let q = this.varStart[piv], end = q + varLen[piv]; q < end; q++) {
      const i = varList[q]
      for (let c = elemStart[i], cEnd = c + elemCount[i]; c < cEnd; c++) {
        const e = elemList[c]
        if (absorbed[e]) continue
        if (w[e] < 0) {
          w[e] = varLen[e]
          touched[this.nTouched++] = e
        }
        w[e]--
      }
    }
  }

  /**
   * Variable i of L_p: elements entirely inside L_p are absorbed into p (its list compacted in place,
   * in order, p appended), variables of L_p pruned from A_i (now reached through p), degree bound anew.
   */
  private update(i: number, piv: number, remaining: number): void {
    if (this.waiting[i]) this.waiting[i] = 0
    else this.remove(i)
    const { elemList, absorbed, w, varLen } = this
    let extern = 0
    const base = this.elemStart[i]
    let kept = 0
    for (let c = base, cEnd = base + this.elemCount[i]; c < cEnd; c++) {
      const e = elemList[c]
      if (absorbed[e]) continue
      if (w[e] === 0) {
        absorbed[e] = 1
        varLen[e] = 0
        continue
      }
      extern += w[e]
      elemList[base + kept++] = e
    }
    if (kept === this.elemRoom[i]) this.moveElements(i, kept)
    this.elemList[this.elemStart[i] + kept++] = piv
    this.elemCount[i] = kept
    const { adjList, eliminated, inLp } = this
    const first = this.adjStart[i]
    let end = first
    for (let q = first, qEnd = first + this.adjLen[i]; q < qEnd; q++) {
      const v = adjList[q]
      if (!eliminated[v] && inLp[v] !== piv) adjList[end++] = v
    }
    this.adjLen[i] = end - first
    const lpLength = varLen[piv]
    const bound = this.adjLen[i] + lpLength - 1 + extern
    const d = Math.max(0, Math.min(remaining, this.degree[i] + lpLength - 1, bound))
    this.degree[i] = d
    this.insert(i)
    // Written every time (not only when lower): code compiled before a variable's degree first fell
    // below the minimum deoptimized there.
    this.minDegree = Math.min(this.minDegree, d)
  }

  /** Only deferred variables without an eliminated neighbour are left: all become eligible. */
  private releaseWaiting(): void {
    for (let i = 0; i < this.n; i++)
      if (this.waiting[i]) {
        this.waiting[i] = 0
        this.insert(i)
        this.minDegree = Math.min(this.minDegree, this.degree[i])
      }
  }

  /** Moves i's element list (count entries) to the end of elemList with twice the room (at least 4). */
  private moveElements(i: number, count: number): void {
    const room = Math.max(FIRST_ELEMENT_ROOM, 2 * this.elemRoom[i])
    if (this.elemEnd + room > this.elemList.length) {
      const grown = new Int32Array(Math.max(2 * this.elemList.length, this.elemEnd + room))
      grown.set(this.elemList.subarray(0, this.elemEnd))
      this.elemList = grown
    }
    const from = this.elemStart[i]
    this.elemList.copyWithin(this.elemEnd, from, from + count)
    this.elemStart[i] = this.elemEnd
    this.elemRoom[i] = room
    this.elemEnd += room
  }

  private insert(i: number): void {
    const d = this.degree[i]
    this.next[i] = this.head[d]
    this.prev[i] = -1
    if (this.head[d] >= 0) this.prev[this.head[d]] = i
    this.head[d] = i
  }

  private remove(i: number): void {
    if (this.prev[i] >= 0) this.next[this.prev[i]] = this.next[i]
    else this.head[this.degree[i]] = this.next[i]
    if (this.next[i] >= 0) this.prev[this.next[i]] = this.prev[i]
  }
}

/**
 * Neighbour lists of the graph of A + A^T in one array, without self loops or repeats (first
 * occurrences kept, in the order of a column sweep).
 */
function symmetricAdjacency(p: SparsePattern): {
  adjStart: Int32Array
  adjList: Int32Array
  adjLen: Int32Array
} {
  const n = p.n
  const adjStart = adjacencyStarts(p)
  const adjList = new Int32Array(adjStart[n])
  const adjLen = new Int32Array(n)
  fillAdjacency(p, adjStart, adjList, adjLen)
  dropRepeats(adjStart, adjList, adjLen)
  return { adjStart, adjList, adjLen }
}

// The phases of symmetricAdjacency as functions of their own (see the header: compiled on-stack in
// its first loop, the whole function deoptimized at each next one).

/** Where each variable's neighbours start in the adjacency list, repeats included (n + 1). */
function adjacencyStarts(p: SparsePattern): Int32Array {
  const { n, colStart, rowIndex } = p
  const adjStart = new Int32Array(n + 1)
  for (let j = 0; j < n; j++)
    for (let k = colStart[j]; k < colStart[j + 1]; k++) {
      const i = rowIndex[k]
      if (i === j) continue
      adjStart[i + 1]++
      adjStart[j + 1]++
    }
  for (let i = 0; i < n; i++) adjStart[i + 1] += adjStart[i]
  return adjStart
}

/** The neighbours of each variable in column-sweep order (repeats included). */
function fillAdjacency(
  p: SparsePattern,
  adjStart: Int32Array,
  adjList: Int32Array,
  adjLen: Int32Array,
): void {
  const { n, colStart, rowIndex } = p
  for (let j = 0; j < n; j++)
    for (let k = colStart[j]; k < colStart[j + 1]; k++) {
      const i = rowIndex[k]
      if (i === j) continue
      adjList[adjStart[i] + adjLen[i]++] = j
      adjList[adjStart[j] + adjLen[j]++] = i
    }
}

/** Each variable's neighbours without repeats, first occurrences kept in order. */
function dropRepeats(adjStart: Int32Array, adjList: Int32Array, adjLen: Int32Array): void {
  const n = adjLen.length
  const seenBy = new Int32Array(n).fill(-1)
  for (let i = 0; i < n; i++) {
    let end = adjStart[i]
    for (let q = adjStart[i]; q < adjStart[i] + adjLen[i]; q++) {
      const v = adjList[q]
      if (seenBy[v] === i) continue
      seenBy[v] = i
      adjList[end++] = v
    }
    adjLen[i] = end - adjStart[i]
  }
}
