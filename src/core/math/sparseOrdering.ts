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
  const adj = symmetricAdjacency(p)
  const elems: number[][] = Array.from({ length: n }, () => [])
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
    degree[i] = adj[i].length
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
    for (const v of adj[piv])
      if (!eliminated[v] && inLp[v] !== piv) {
        inLp[v] = piv
        Lp.push(v)
      }
    for (const e of elems[piv]) {
      if (absorbed[e]) continue
      for (const v of elemVars[e])
        if (v !== piv && !eliminated[v] && inLp[v] !== piv) {
          inLp[v] = piv
          Lp.push(v)
        }
      absorbed[e] = 1
      elemVars[e] = []
    }
    adj[piv] = []
    elems[piv] = []
    elemVars[piv] = Lp
    order[k] = piv
    // |L_e \ L_p| for every element adjacent to L_p.
    for (const i of Lp)
      for (const e of elems[i]) {
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
      // Elements entirely inside L_p are absorbed into p.
      let extern = 0
      const keptElems: number[] = []
      for (const e of elems[i]) {
        if (absorbed[e]) continue
        if (w[e] === 0) {
          absorbed[e] = 1
          elemVars[e] = []
          continue
        }
        extern += w[e]
        keptElems.push(e)
      }
      keptElems.push(piv)
      elems[i] = keptElems
      // Variables in L_p are now reached through element p: prune them from A_i.
      adj[i] = adj[i].filter((v) => !eliminated[v] && inLp[v] !== piv)
      const bound = adj[i].length + Lp.length - 1 + extern
      degree[i] = Math.max(0, Math.min(remaining, degree[i] + Lp.length - 1, bound))
      insert(i)
      if (degree[i] < minDegree) minDegree = degree[i]
    }
    for (const e of touched) w[e] = -1
    touched.length = 0
  }
  return order
}

/** Neighbour lists of the graph of A + A^T, without self loops. */
function symmetricAdjacency(p: SparsePattern): number[][] {
  const n = p.n
  const adj: number[][] = Array.from({ length: n }, () => [])
  for (let j = 0; j < n; j++)
    for (let k = p.colStart[j]; k < p.colStart[j + 1]; k++) {
      const i = p.rowIndex[k]
      if (i === j) continue
      adj[i].push(j)
      adj[j].push(i)
    }
  for (let i = 0; i < n; i++) adj[i] = [...new Set(adj[i])]
  return adj
}
