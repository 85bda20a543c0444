// Fill-reducing ordering: approximate minimum degree (AMD) on the graph of A + A^T, after the
// description by Amestoy, Davis and Duff (SIAM J. Matrix Anal. Appl. 17, 1996) and Davis, "Direct
// Methods for Sparse Linear Systems" (SIAM 2006), ch. 7. The elimination graph is kept as a
// quotient graph: each eliminated pivot p becomes an "element" whose variable list L_p is the clique
// its elimination creates, so the graph never grows. A variable's degree is the AMD upper bound
//   d_i <= |A_i \ i| + |L_p \ i| + sum over its other elements e of |L_e \ L_p|,
// with |L_e \ L_p| counted for all e at once by one pass over L_p. Elements whose variables all lie
// in L_p are absorbed. Supervariable detection is left out: the models here (chains, lattices,
// trees of bodies) have small cliques, and the ordering runs once per assembly.
import type { SparsePattern } from './sparsePattern'

/** Elimination order: order[k] is the index eliminated k-th. */
export function approximateMinimumDegree(p: SparsePattern): Int32Array {
  const n = p.n
  // A_i is adjList[adjStart[i] .. adjStart[i] + adjLen[i]); it only shrinks.
  const { adjStart, adjList, adjLen } = symmetricAdjacency(p)
  // The elements of i are elems[i][0 .. elemCount[i]) (an array length is slow to set).
  const elems: number[][] = Array.from({ length: n }, () => [])
  const elemCount = new Int32Array(n)
  const elemVars: number[][] = Array.from({ length: n }, () => [])
  const eliminated = new Uint8Array(n)
  const absorbed = new Uint8Array(n)
  const degree = new Int32Array(n)
  // Degree buckets as doubly linked lists.
  const head = new Int32Array(n + 1).fill(-1)
  const next = new Int32Array(n).fill(-1)
  const prev = new Int32Array(n).fill(-1)
  const insert = (i: number): void => {
    const d = degree[i]
    next[i] = head[d]
    prev[i] = -1
    if (head[d] >= 0) prev[head[d]] = i
    head[d] = i
  }
  const remove = (i: number): void => {
    if (prev[i] >= 0) next[prev[i]] = next[i]
    else head[degree[i]] = next[i]
    if (next[i] >= 0) prev[next[i]] = prev[i]
  }
  for (let i = 0; i < n; i++) {
    degree[i] = adjLen[i]
    insert(i)
  }
  const inLp = new Int32Array(n).fill(-1) // stamp: inLp[i] === pivot while i is in L_pivot
  const w = new Int32Array(n).fill(-1) // |L_e \ L_p| for elements touched in this step
  const touched: number[] = []
  const order = new Int32Array(n)
  let minDegree = 0
  for (let k = 0; k < n; k++) {
    while (head[minDegree] < 0) minDegree++
    const piv = head[minDegree]
    remove(piv)
    eliminated[piv] = 1
    // L_p = (A_p united with the variables of p's elements) without p; those elements are absorbed.
    const Lp: number[] = []
    for (let q = adjStart[piv]; q < adjStart[piv] + adjLen[piv]; q++) {
      const v = adjList[q]
      if (!eliminated[v] && inLp[v] !== piv) {
        inLp[v] = piv
        Lp.push(v)
      }
    }
    for (let c = 0; c < elemCount[piv]; c++) {
      const e = elems[piv][c]
      if (absorbed[e]) continue
      for (const v of elemVars[e])
        if (v !== piv && !eliminated[v] && inLp[v] !== piv) {
          inLp[v] = piv
          Lp.push(v)
        }
      absorbed[e] = 1
      elemVars[e] = []
    }
    adjLen[piv] = 0
    elems[piv] = []
    elemCount[piv] = 0
    elemVars[piv] = Lp
    order[k] = piv
    // |L_e \ L_p| for every element adjacent to L_p.
    for (const i of Lp)
      for (let c = 0; c < elemCount[i]; c++) {
        const e = elems[i][c]
        if (absorbed[e]) continue
        if (w[e] < 0) {
          w[e] = elemVars[e].length
          touched.push(e)
        }
        w[e]--
      }
    const remaining = n - k - 1
    for (const i of Lp) {
      remove(i)
      // Elements entirely inside L_p are absorbed into p (lists compacted in place, in order).
      let extern = 0
      const ei = elems[i]
      let kept = 0
      for (let c = 0; c < elemCount[i]; c++) {
        const e = ei[c]
        if (absorbed[e]) continue
        if (w[e] === 0) {
          absorbed[e] = 1
          elemVars[e] = []
          continue
        }
        extern += w[e]
        ei[kept++] = e
      }
      ei[kept++] = piv
      elemCount[i] = kept
      // Variables in L_p are now reached through element p: prune them from A_i.
      const first = adjStart[i]
      let end = first
      for (let q = first; q < first + adjLen[i]; q++) {
        const v = adjList[q]
        if (!eliminated[v] && inLp[v] !== piv) adjList[end++] = v
      }
      adjLen[i] = end - first
      const bound = adjLen[i] + Lp.length - 1 + extern
      degree[i] = Math.max(0, Math.min(remaining, degree[i] + Lp.length - 1, bound))
      insert(i)
      if (degree[i] < minDegree) minDegree = degree[i]
    }
    for (const e of touched) w[e] = -1
    touched.length = 0
  }
  return order
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
  const adjStart = new Int32Array(n + 1)
  const forEachPair = (visit: (i: number, j: number) => void): void => {
    for (let j = 0; j < n; j++)
      for (let k = p.colStart[j]; k < p.colStart[j + 1]; k++) {
        const i = p.rowIndex[k]
        if (i === j) continue
        visit(i, j)
        visit(j, i)
      }
  }
  forEachPair((i) => adjStart[i + 1]++)
  for (let i = 0; i < n; i++) adjStart[i + 1] += adjStart[i]
  const adjList = new Int32Array(adjStart[n])
  const adjLen = new Int32Array(n)
  forEachPair((i, j) => (adjList[adjStart[i] + adjLen[i]++] = j))
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
  return { adjStart, adjList, adjLen }
}
