// Exudyn-style graphicsData of bodies (VgraphicsData): a list of graphics dictionaries in body
// coordinates, drawn at the body's pose instead of its default shape; an entry without a color takes
// the item's Vcolor (else the default body colour). Supported entries:
//   {type: 'TriangleList', points: [x,y,z,...], triangles: [i0,i1,i2,...], color?}
//   {type: 'Brick', position?, size: [lx,ly,lz], color?}      (axis-aligned in body coordinates)
//   {type: 'Sphere', position?, radius, color?}
//   {type: 'Cylinder', position?, axis: [vx,vy,vz], radius, color?}  (from position to position + axis)
//   {type: 'Line', data: [x,y,z,...], color?}  (Exudyn's key; 'Lines' with 'points' is accepted too)
//   {type: 'Mesh', file, data?, scale?, position?, rotation?, color?}  (meshEntry.ts: a mesh file,
//      x_body = position + rotation (scale * x_file), drawn by the renderer; the core keeps the reference)
import type { ResolvedItem } from '../../model/definition'
import type { JsonValue } from '../../model/types'
import { DEFAULT_COLORS, type Graphics } from '../../system/graphics'
import { meshEntryProblem, meshPrimitive } from './meshEntry'

type Dict = Readonly<Record<string, JsonValue>>

type Problem = { parameter: string; message: string }

const PARAMETER = 'VgraphicsData'

const TYPES = ['TriangleList', 'Brick', 'Sphere', 'Cylinder', 'Line', 'Lines', 'Mesh'] as const

function isNumbers(v: JsonValue | undefined, size?: number): v is number[] {
  return (
    Array.isArray(v) &&
    (size === undefined || v.length === size) &&
    v.every((x) => typeof x === 'number' && Number.isFinite(x))
  )
}

/** What is wrong with one entry, or undefined. */
function entryProblem(e: Dict): string | undefined {
  const type = e.type
  if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type))
    return `expected "type" to be one of ${TYPES.join(', ')}, got ${JSON.stringify(type)}`
  if (e.color !== undefined && !isNumbers(e.color, 4)) return `"color" must be 4 numbers RGBA`
  if (e.position !== undefined && !isNumbers(e.position, 3))
    return `"position" must be 3 numbers (body coordinates)`
  switch (type) {
    case 'TriangleList': {
      if (!isNumbers(e.points) || e.points.length % 3 !== 0)
        return `TriangleList "points" must be a flat list of x, y, z numbers`
      const n = e.points.length / 3
      if (!isNumbers(e.triangles) || e.triangles.length % 3 !== 0)
        return `TriangleList "triangles" must be a flat list of vertex indices, 3 per triangle`
      const bad = e.triangles.find((i) => !Number.isInteger(i) || i < 0 || i >= n)
      return bad === undefined
        ? undefined
        : `TriangleList "triangles": index ${bad} is not a point (0..${n - 1})`
    }
    case 'Brick':
      return isNumbers(e.size, 3) && e.size.every((x) => x >= 0)
        ? undefined
        : `Brick "size" must be 3 non-negative numbers`
    case 'Sphere':
      return typeof e.radius === 'number' && e.radius > 0
        ? undefined
        : `Sphere "radius" must be a positive number`
    case 'Cylinder':
      if (!isNumbers(e.axis, 3))
        return `Cylinder "axis" must be 3 numbers (vector from the base to the top centre)`
      return typeof e.radius === 'number' && e.radius > 0
        ? undefined
        : `Cylinder "radius" must be a positive number`
    case 'Mesh':
      return meshEntryProblem(e)
    default: {
      const points = lineData(e)
      return isNumbers(points) && points.length % 3 === 0 && points.length >= 6
        ? undefined
        : `${type} "${type === 'Line' ? 'data' : 'points'}" must be a flat list of at least 2 points x, y, z`
    }
  }
}

const lineData = (e: Dict): JsonValue | undefined => (e.type === 'Line' ? e.data : e.points)

/**
 * Problems of an item's VgraphicsData (for the definition's check()); `parameter` and `prefix` name
 * another list (a KinematicTree's VgraphicsDataList, "link 2: ").
 */
export function graphicsDataProblems(list: JsonValue, parameter = PARAMETER, prefix = ''): Problem[] {
  if (!Array.isArray(list)) return []
  const problems: Problem[] = []
  list.forEach((e, i) => {
    const p =
      e !== null && typeof e === 'object' && !Array.isArray(e)
        ? entryProblem(e)
        : 'expected a graphics dictionary'
    if (p) problems.push({ parameter, message: `${prefix}entry ${i}: ${p}` })
  })
  return problems
}

/**
 * Draws the entries of `list` at the pose (position p, row-major rotation R), those without a colour
 * in `color`; false if the list is empty.
 */
export function drawGraphicsData(
  list: JsonValue,
  p: ArrayLike<number>,
  R: ArrayLike<number>,
  g: Graphics,
  color: readonly number[] = DEFAULT_COLORS.body,
): boolean {
  if (!Array.isArray(list) || list.length === 0) return false
  const toGlobal = (x: number, y: number, z: number): number[] =>
    [0, 1, 2].map((r) => p[r] + R[3 * r] * x + R[3 * r + 1] * y + R[3 * r + 2] * z)
  const transformPoints = (flat: number[]): number[] => {
    const out: number[] = []
    for (let i = 0; i + 2 < flat.length; i += 3) out.push(...toGlobal(flat[i], flat[i + 1], flat[i + 2]))
    return out
  }
  for (const item of list as Dict[]) {
    const entryColor = isNumbers(item.color, 4) ? [...item.color] : [...color]
    const local = isNumbers(item.position, 3) ? item.position : [0, 0, 0]
    const center = toGlobal(local[0], local[1], local[2])
    switch (item.type) {
      case 'TriangleList':
        g.add({
          shape: 'mesh',
          points: transformPoints(item.points as number[]),
          triangles: [...(item.triangles as number[])],
          color: entryColor,
        })
        break
      case 'Brick':
        g.add({
          shape: 'box',
          center,
          rotation: Array.from(R),
          size: [...(item.size as number[])],
          color: entryColor,
        })
        break
      case 'Sphere':
        g.add({ shape: 'sphere', center, radius: item.radius as number, color: entryColor })
        break
      case 'Cylinder': {
        const a = item.axis as number[]
        g.add({
          shape: 'cylinder',
          from: center,
          to: toGlobal(local[0] + a[0], local[1] + a[1], local[2] + a[2]),
          radius: item.radius as number,
          color: entryColor,
        })
        break
      }
      case 'Mesh':
        g.add(meshPrimitive(item, center, R, entryColor))
        break
      default:
        g.add({ shape: 'line', points: transformPoints(lineData(item) as number[]), color: entryColor })
    }
  }
  return true
}

const GRAPHICS_DOC =
  'Exudyn graphicsData: list of {type: "TriangleList"|"Brick"|"Sphere"|"Cylinder"|"Line"|"Mesh", ...} ' +
  'in body coordinates (see bodyGraphics.ts; "Mesh": a mesh file, docs/model-format.md); when not ' +
  'empty it is drawn instead of the default shape'

export const VGRAPHICS = {
  VgraphicsData: { type: 'graphicsList' as const, default: [], doc: GRAPHICS_DOC, visualization: true },
}

/** The check() of bodies without other checks: VgraphicsData entries. */
export const checkGraphicsData = (it: ResolvedItem): { parameter: string; message: string }[] =>
  graphicsDataProblems(it.params.raw('VgraphicsData'))
