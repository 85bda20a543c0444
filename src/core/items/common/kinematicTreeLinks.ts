// Adding and removing a link of a KinematicTree: every per-link list of the tree, its per-coordinate
// joint forces and the node's coordinates change together in one edit. Each alone fails the tree's
// check (the lists must all have one entry per link and the node one coordinate per joint coordinate:
// one per link, three per Spherical link), so field by field the number of links could never change.
import { cloneJson } from '../../model/parameters'
import type { ItemSpec, JsonValue } from '../../model/types'
import { treeCoordinates } from '../objects/KinematicTree'

/** Per-link lists that always have one entry per link, with the entry a first link gets. */
const REQUIRED: Record<string, JsonValue> = {
  jointTypes: 'RevoluteZ',
  linkParents: -1,
  jointTransformations: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  jointOffsets: [0, 0, 0],
  linkInertiasCOM: [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ],
  linkCOMs: [0, 0, 0],
  linkMasses: 0,
}
/** Per-link loads that are either [] (none) or one entry per link; a new link gets no load. */
const OPTIONAL: Record<string, JsonValue> = { linkForces: [0, 0, 0], linkTorques: [0, 0, 0] }
/**
 * Tree and node vectors that are either [] (none, all zero) or one value per coordinate; new coordinates get
 * 0.
 */
const TREE_VECTORS = [
  'jointForceVector',
  'jointPositionOffsetVector',
  'jointVelocityOffsetVector',
  'jointPControlVector',
  'jointDControlVector',
]
const NODE_VECTORS = ['referenceCoordinates', 'initialCoordinates', 'initialCoordinates_t']

const listOf = (item: ItemSpec, key: string): JsonValue[] =>
  Array.isArray(item[key]) ? (item[key] as JsonValue[]) : []

/** The number of links of a KinematicTree item (its jointTypes). */
export function linkCount(tree: ItemSpec): number {
  return listOf(tree, 'jointTypes').length
}

/**
 * The tree and its node with a link added or removed, or why not. An added link is a copy of the last
 * (joint type, offset, inertia, mass) hanging on it, so a chain of alike links grows by one; the node
 * gets its zero coordinates (three for a Spherical joint). Removing takes the last link (no link hangs
 * on it: parents come before their children).
 */
export function resizeTreeLinks(
  tree: ItemSpec,
  node: ItemSpec | undefined,
  change: 'add' | 'remove',
): { tree: ItemSpec; node?: ItemSpec } | string {
  const n = linkCount(tree)
  const next: ItemSpec = { ...tree }
  const before = treeCoordinates(listOf(tree, 'jointTypes') as string[])
  if (change === 'add') {
    for (const [key, first] of Object.entries(REQUIRED)) {
      const list = listOf(tree, key)
      next[key] = [...list, key === 'linkParents' ? n - 1 : cloneJson(n > 0 ? list[n - 1] : first)]
    }
    for (const [key, zero] of Object.entries(OPTIONAL))
      if (listOf(tree, key).length === n && n > 0) next[key] = [...listOf(tree, key), zero]
  } else {
    if (n <= 1)
      return `KinematicTree "${tree.name}" has ${n} link${n === 1 ? '' : 's'}; it needs at least one`
    for (const key of [...Object.keys(REQUIRED), ...Object.keys(OPTIONAL)])
      if (listOf(tree, key).length === n) next[key] = listOf(tree, key).slice(0, -1)
  }
  const after = treeCoordinates(listOf(next, 'jointTypes') as string[])
  for (const key of TREE_VECTORS) resizeCoordinateVector(next, key, before, after)
  if (!node) return { tree: next }
  const nextNode: ItemSpec = { ...node, numberOfODE2Coordinates: after }
  for (const key of NODE_VECTORS) resizeCoordinateVector(nextNode, key, before, after)
  return { tree: next, node: nextNode }
}

/** A vector with one value per coordinate (before) padded with zeros or cut to after; [] stays []. */
function resizeCoordinateVector(item: ItemSpec, key: string, before: number, after: number): void {
  const values = listOf(item, key)
  if (values.length === before && before > 0)
    item[key] =
      after > before ? [...values, ...new Array<number>(after - before).fill(0)] : values.slice(0, after)
}
