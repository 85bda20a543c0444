import type { ItemDictionary } from './projectFile'

// Node types whose first coordinates are a position (Exudyn names, MODEL-FORMAT "Conventions");
// planar ones store [x, y] or [x, y, phi]. Other nodes (generic, data) have no place in space.
const SPATIAL_NODE_TYPES = new Set([
  'Point',
  'PointGround',
  'RigidBodyEP',
  'RigidBodyRxyz',
  'RigidBodyRotVecLG',
  'Point3DSlope1',
  'Point3DSlope23',
])
const PLANAR_NODE_TYPES = new Set(['Point2D', 'RigidBody2D', 'Point2DSlope1'])

/** The node's reference position, or null for a node type without a position. */
export function nodeReferencePosition(node: ItemDictionary): [number, number, number] | null {
  const planar = PLANAR_NODE_TYPES.has(node.type)
  if (!planar && !SPATIAL_NODE_TYPES.has(node.type)) return null
  const coordinates = Array.isArray(node.referenceCoordinates) ? node.referenceCoordinates : []
  const value = (i: number) => (typeof coordinates[i] === 'number' ? (coordinates[i] as number) : 0)
  return [value(0), value(1), planar ? 0 : value(2)]
}
