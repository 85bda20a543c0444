// A rigid body's inertia tied to its mass and shape: while a RigidBody's physicsInertia equals that
// of its one centred VgraphicsData shape (Brick, Sphere, Cylinder) for its mass, an edit of the mass
// or the shape sets the new inertia in the same edit (one undo step); an edit of the inertia unties
// it. The tie is read from the project itself, so it survives save and load with no extra field.
import type { ItemSpec, JsonValue } from '../../core'

export type BodyShape =
  | { type: 'Brick'; size: number[] }
  | { type: 'Sphere'; radius: number }
  /** From position -axis/2 to +axis/2: centred on the reference point. */
  | { type: 'Cylinder'; axis: number[]; radius: number }

/**
 * Inertia of a homogeneous shape of mass m about its centre, Exudyn's order [Jxx, Jyy, Jzz, Jyz,
 * Jxz, Jxy]: box m (b^2 + c^2) / 12 ...; sphere 2/5 m r^2; cylinder m r^2 / 2 about its axis u and
 * m (3 r^2 + L^2) / 12 across it, J = Jt I + (Ja - Jt) u u^T.
 */
export function shapeInertia(shape: BodyShape, m: number): number[] {
  if (shape.type === 'Brick') {
    const [a, b, c] = shape.size
    return [(m * (b * b + c * c)) / 12, (m * (a * a + c * c)) / 12, (m * (a * a + b * b)) / 12, 0, 0, 0]
  }
  const r = shape.radius
  if (shape.type === 'Sphere') {
    const j = (2 * m * r * r) / 5
    return [j, j, j, 0, 0, 0]
  }
  const length = Math.hypot(...shape.axis)
  const u = shape.axis.map((x) => x / length)
  const axial = (m * r * r) / 2
  const transverse = (m * (3 * r * r + length * length)) / 12
  const J = (i: number, k: number) => (i === k ? transverse : 0) + (axial - transverse) * u[i] * u[k]
  return [J(0, 0), J(1, 1), J(2, 2), J(1, 2), J(0, 2), J(0, 1)]
}

const isNumbers = (v: JsonValue | undefined, size: number): v is number[] =>
  Array.isArray(v) && v.length === size && v.every((x) => typeof x === 'number')
const isZero = (v: JsonValue | undefined) => v === undefined || (isNumbers(v, 3) && v.every((x) => x === 0))

/** The body's one shape centred on its reference point (with no centre-of-mass offset), if it has one. */
export function bodyShape(item: ItemSpec): BodyShape | undefined {
  const data = item.VgraphicsData
  if (item.type !== 'RigidBody' || !isZero(item.physicsCenterOfMass) || !Array.isArray(data)) return
  const e = data.length === 1 ? data[0] : undefined
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return
  if (e.type === 'Brick' && isNumbers(e.size, 3) && isZero(e.position)) return { type: 'Brick', size: e.size }
  if (typeof e.radius !== 'number' || e.radius <= 0) return
  if (e.type === 'Sphere' && isZero(e.position)) return { type: 'Sphere', radius: e.radius }
  const axis = e.axis
  const centred =
    isNumbers(axis, 3) && isNumbers(e.position, 3) && e.position.every((x, i) => x === -axis[i] / 2)
  if (e.type === 'Cylinder' && centred && axis.some((x) => x !== 0))
    return { type: 'Cylinder', axis, radius: e.radius }
}

/** The shape the body's inertia is tied to: its inertia is the shape's for its mass (to rounding). */
export function tiedShape(item: ItemSpec): BodyShape | undefined {
  const shape = bodyShape(item)
  const mass = item.physicsMass
  const inertia = item.physicsInertia
  if (!shape || typeof mass !== 'number' || !isNumbers(inertia, 6)) return
  const expected = shapeInertia(shape, mass)
  const scale = Math.max(...expected.map(Math.abs))
  // 1e-12 of the largest moment: the inertia the shape gives, written and read back as JSON decimals.
  const same = scale > 0 && expected.every((j, i) => Math.abs(inertia[i] - j) <= 1e-12 * scale)
  return same ? shape : undefined
}

/**
 * The parameters an edit of the item sets: when its inertia is tied and the edit changes mass,
 * shape or centre of mass, the inertia for the new values too (a shape that no longer fits ends the
 * tie and leaves the inertia as it is).
 */
export function withTiedInertia(
  item: ItemSpec,
  changes: Record<string, JsonValue | undefined>,
): Record<string, JsonValue | undefined> {
  const touches = ['physicsMass', 'VgraphicsData', 'physicsCenterOfMass'].some((key) => key in changes)
  if (!touches || 'physicsInertia' in changes || !tiedShape(item)) return changes
  const next = { ...item, ...changes } as ItemSpec
  const shape = bodyShape(next)
  const mass = next.physicsMass
  return shape && typeof mass === 'number' && mass > 0
    ? { ...changes, physicsInertia: shapeInertia(shape, mass) }
    : changes
}

/** Words for a shape: "box 0.4 x 0.1 x 0.1 m", "sphere r = 0.1 m", "cylinder r = 0.05 m, L = 0.2 m". */
export function describeShape(shape: BodyShape): string {
  if (shape.type === 'Brick') return `box ${shape.size.join(' x ')} m`
  if (shape.type === 'Sphere') return `sphere r = ${shape.radius} m`
  return `cylinder r = ${shape.radius} m, L = ${Math.hypot(...shape.axis)} m`
}

/** The shape as a VgraphicsData entry (a cylinder from -axis/2 to +axis/2), without a colour. */
export function shapeEntry(shape: BodyShape): Record<string, JsonValue> {
  if (shape.type !== 'Cylinder') return { ...shape }
  return { ...shape, position: shape.axis.map((x) => (x === 0 ? 0 : -x / 2)) }
}

/** The body's VgraphicsData with its one shape given the size of `shape` (colour and the rest kept). */
export function graphicsWithShape(item: ItemSpec, shape: BodyShape): JsonValue {
  const [entry] = item.VgraphicsData as Record<string, JsonValue>[]
  return [{ ...entry, ...shapeEntry(shape) }]
}

/** The shape's sizes as the editor shows them: box edges x, y, z; sphere r; cylinder r, L (m). */
export const shapeSizes = (shape: BodyShape): number[] =>
  shape.type === 'Brick'
    ? shape.size
    : shape.type === 'Sphere'
      ? [shape.radius]
      : [shape.radius, Math.hypot(...shape.axis)]

/** The shape with new sizes (in shapeSizes' order); a cylinder keeps its axis direction. */
export function resizedShape(shape: BodyShape, sizes: number[]): BodyShape {
  if (shape.type === 'Brick') return { type: 'Brick', size: sizes }
  if (shape.type === 'Sphere') return { type: 'Sphere', radius: sizes[0] }
  const length = Math.hypot(...shape.axis)
  return { type: 'Cylinder', radius: sizes[0], axis: shape.axis.map((x) => (x / length) * sizes[1]) }
}
