// The items that carry a mode: each node's share of the mode's kinetic energy phi^T M phi, the sum
// of phi_i (M phi)_i over the node's coordinates (shares of all nodes add up to 1).
import type { CompiledSystem } from '../system/compiledSystem'

/** Nodes are dominant when they carry at least this share of a mode's kinetic energy. */
const DOMINANT_SHARE = 0.1
const MAX_DOMINANT = 3

export interface NodeShare {
  item: string
  share: number
}

/**
 * The nodes with at least DOMINANT_SHARE of the energy of `shape` (at most MAX_DOMINANT), largest
 * first; the mass matrix as a product y += M x (SystemEvaluator.addMassTimes: no dense M).
 */
export function dominantNodesBy(
  system: CompiledSystem,
  massTimes: (x: Float64Array, y: Float64Array) => void,
  shape: ArrayLike<number>,
): NodeShare[] {
  const n = shape.length
  const phi = Float64Array.from(shape)
  const Mphi = new Float64Array(n)
  massTimes(phi, Mphi)
  const energy = new Float64Array(n)
  let total = 0
  for (let i = 0; i < n; i++) {
    energy[i] = phi[i] * Mphi[i]
    total += energy[i]
  }
  const shares = system.nodes.map(({ item, computation: c }) => {
    let e = 0
    for (let i = 0; i < c.nODE2; i++) e += energy[c.ode2Index + i]
    return { item: item.name, share: total > 0 ? e / total : 0 }
  })
  return shares
    .filter((s) => s.share >= DOMINANT_SHARE)
    .sort((a, b) => b.share - a.share)
    .slice(0, MAX_DOMINANT)
}
