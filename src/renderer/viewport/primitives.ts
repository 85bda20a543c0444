// Engine graphics primitives -> Babylon instance buffers and line sets. Babylon multiplies row
// vectors by matrices, so an instance matrix holds the scaled local axes as its first three rows and
// the position as its fourth.
import { Color4 } from '@babylonjs/core/Maths/math.color'
import { Vector3 } from '@babylonjs/core/Maths/math.vector'
import type { GraphicsItem, GraphicsPrimitive } from '../../core'

/** 'dot': a sphere of at most DOT_RADIUS (node and marker markers), drawn with few triangles. */
export type InstanceShape = 'box' | 'sphere' | 'dot' | 'cylinder'
export const INSTANCE_SHAPES: readonly InstanceShape[] = ['box', 'sphere', 'dot', 'cylinder']

/**
 * Spheres up to this radius (m) are markers a few pixels wide: a full sphere for each of 1000 nodes
 * is 700k triangles, which software WebGL draws at under 1 fps.
 */
export const DOT_RADIUS = 0.02

function instanceShapeOf(p: GraphicsPrimitive): InstanceShape | null {
  if (p.shape === 'sphere') return p.radius <= DOT_RADIUS ? 'dot' : 'sphere'
  return p.shape === 'box' || p.shape === 'cylinder' ? p.shape : null
}

export interface InstanceBuffers {
  matrices: Float32Array
  colors: Float32Array
  owners: string[]
}

export interface LineSet {
  lines: Vector3[][]
  colors: Color4[][]
}

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1]

/**
 * The instance buffers of `items`. Buffers of `reuse` whose instance count still fits are written in
 * place (the frames of a run keep the model's shapes), so the viewport can update its GPU buffers
 * instead of creating new ones.
 */
export function instanceShapes(
  items: GraphicsItem[],
  selection: ReadonlySet<string>,
  selected: number[],
  reuse?: Record<InstanceShape, InstanceBuffers>,
): Record<InstanceShape, InstanceBuffers> {
  const counts: Record<InstanceShape, number> = { box: 0, sphere: 0, dot: 0, cylinder: 0 }
  for (const item of items)
    for (const p of item.primitives) {
      const shape = instanceShapeOf(p)
      if (shape) counts[shape]++
    }
  const out = {} as Record<InstanceShape, InstanceBuffers>
  for (const shape of INSTANCE_SHAPES) {
    const old = reuse?.[shape]
    out[shape] =
      old && old.matrices.length === 16 * counts[shape]
        ? { matrices: old.matrices, colors: old.colors, owners: [] }
        : {
            matrices: new Float32Array(16 * counts[shape]),
            colors: new Float32Array(4 * counts[shape]),
            owners: [],
          }
  }
  // Written element by element: this runs for every primitive of every frame of a run.
  for (const item of items) {
    const isSelected = selection.has(item.item)
    for (const p of item.primitives) {
      const shape = instanceShapeOf(p)
      if (!shape || !('color' in p)) continue
      const buffers = out[shape]
      const index = buffers.owners.length
      writeMatrix(p, buffers.matrices, 16 * index)
      const color = isSelected ? selected : p.color
      const c = buffers.colors
      c[4 * index] = color[0]
      c[4 * index + 1] = color[1]
      c[4 * index + 2] = color[2]
      c[4 * index + 3] = color.length === 4 ? color[3] : 1
      buffers.owners.push(item.item)
    }
  }
  return out
}

function writeMatrix(p: GraphicsPrimitive, m: Float32Array, o: number): void {
  if (p.shape === 'sphere') {
    const d = 2 * p.radius
    writeInstance(m, o, IDENTITY, d, d, d, p.center[0], p.center[1], p.center[2])
  } else if (p.shape === 'box') {
    writeInstance(m, o, p.rotation, p.size[0], p.size[1], p.size[2], p.center[0], p.center[1], p.center[2])
  } else if (p.shape === 'cylinder') {
    const d = [p.to[0] - p.from[0], p.to[1] - p.from[1], p.to[2] - p.from[2]]
    const length = Math.hypot(d[0], d[1], d[2]) || 1e-9
    const axes = frameAlongY(d.map((x) => x / length))
    const d2 = 2 * p.radius
    writeInstance(
      m,
      o,
      axes,
      d2,
      length,
      d2,
      p.from[0] + d[0] / 2,
      p.from[1] + d[1] / 2,
      p.from[2] + d[2] / 2,
    )
  }
}

/**
 * Instance matrix at m[o..o+15]: row r is local axis r (column r of the row-major `axes`) times its scale.
 */
export function writeInstance(
  m: Float32Array,
  o: number,
  axes: readonly number[],
  sx: number,
  sy: number,
  sz: number,
  x: number,
  y: number,
  z: number,
): void {
  m[o] = axes[0] * sx
  m[o + 1] = axes[3] * sx
  m[o + 2] = axes[6] * sx
  m[o + 3] = 0
  m[o + 4] = axes[1] * sy
  m[o + 5] = axes[4] * sy
  m[o + 6] = axes[7] * sy
  m[o + 7] = 0
  m[o + 8] = axes[2] * sz
  m[o + 9] = axes[5] * sz
  m[o + 10] = axes[8] * sz
  m[o + 11] = 0
  m[o + 12] = x
  m[o + 13] = y
  m[o + 14] = z
  m[o + 15] = 1
}

/** A row-major rotation whose second column (local y) is the unit vector `y`. */
function frameAlongY(y: number[]): number[] {
  const helper = Math.abs(y[0]) < 0.9 ? [1, 0, 0] : [0, 0, 1]
  const z = normalize(cross(helper, y))
  const x = cross(y, z)
  return [x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]]
}

const cross = (a: number[], b: number[]) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
const normalize = (a: number[]) => {
  const n = Math.hypot(a[0], a[1], a[2]) || 1
  return a.map((x) => x / n)
}

const FRAME_COLORS = [
  new Color4(0.9, 0.3, 0.3, 1),
  new Color4(0.35, 0.85, 0.35, 1),
  new Color4(0.35, 0.55, 1, 1),
]

/**
 * The lines last built for an item object, by whether it was highlighted. Graphics items are never
 * changed once made (a frame makes new ones), and an edit keeps the objects of the items it does not
 * touch (patchedSceneModel): redrawing after an edit rebuilds only the lines of the touched items.
 */
const builtLines = new WeakMap<
  GraphicsItem,
  { highlighted: boolean; lines: Vector3[][]; colors: Color4[][] }
>()

export function buildLines(
  items: GraphicsItem[],
  selection: ReadonlySet<string>,
  selected: number[],
): LineSet {
  const set: LineSet = { lines: [], colors: [] }
  const add = (points: Vector3[], color: Color4) => {
    set.lines.push(points)
    set.colors.push(new Array<Color4>(points.length).fill(color))
  }
  for (const item of items) {
    const highlighted = selection.has(item.item)
    const built = builtLines.get(item)
    if (built && built.highlighted === highlighted) {
      for (let k = 0; k < built.lines.length; k++) {
        set.lines.push(built.lines[k])
        set.colors.push(built.colors[k])
      }
      continue
    }
    const first = set.lines.length
    const highlight = highlighted ? new Color4(selected[0], selected[1], selected[2], 1) : null
    for (const p of item.primitives) {
      if (p.shape === 'line') {
        const points: Vector3[] = []
        for (let i = 0; i + 2 < p.points.length; i += 3)
          points.push(new Vector3(p.points[i], p.points[i + 1], p.points[i + 2]))
        add(points, highlight ?? toColor(p.color))
      } else if (p.shape === 'helix')
        add(helixPoints(p.from, p.to, p.radius, p.turns), highlight ?? toColor(p.color))
      else if (p.shape === 'arrow')
        for (const segment of arrowLines(p.from, p.to)) add(segment, highlight ?? toColor(p.color))
      else if (p.shape === 'frame') {
        const [x, y, z] = p.origin
        const R = p.rotation
        const origin = new Vector3(x, y, z)
        for (let axis = 0; axis < 3; axis++) {
          const tip = new Vector3(x + R[axis] * p.size, y + R[3 + axis] * p.size, z + R[6 + axis] * p.size)
          add([origin, tip], highlight ?? FRAME_COLORS[axis])
        }
      }
    }
    builtLines.set(item, { highlighted, lines: set.lines.slice(first), colors: set.colors.slice(first) })
  }
  return set
}

const toColor = (c: number[]) => new Color4(c[0], c[1], c[2], c[3] ?? 1)

/** Head length as a share of the arrow's length, and the head's half-width as a share of the head length. */
export const ARROW_HEAD_LENGTH = 0.2
export const ARROW_HEAD_HALF_WIDTH = 0.4

/**
 * An arrow as line segments: the shaft from -> to and four barbs to the tip from points a head length
 * back and beside the shaft, in two perpendicular planes, so the head reads from any side.
 */
export function arrowLines(from: number[], to: number[]): Vector3[][] {
  const d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]]
  const length = Math.hypot(d[0], d[1], d[2])
  const tip = new Vector3(to[0], to[1], to[2])
  const shaft = [new Vector3(from[0], from[1], from[2]), tip]
  if (!(length > 0)) return [shaft]
  const frame = frameAlongY(d.map((x) => x / length))
  const back = tip.subtract(new Vector3(d[0], d[1], d[2]).scaleInPlace(ARROW_HEAD_LENGTH))
  const halfWidth = ARROW_HEAD_HALF_WIDTH * ARROW_HEAD_LENGTH * length
  // Columns 0 and 2 of the frame are the two unit vectors across the shaft.
  const barbs = [0, 2].flatMap((column) => {
    const side = new Vector3(frame[column], frame[3 + column], frame[6 + column]).scaleInPlace(halfWidth)
    return [
      [back.add(side), tip],
      [back.subtract(side), tip],
    ]
  })
  return [shaft, ...barbs]
}

/** A helix of `turns` windings around the segment from -> to (a spring). */
export function helixPoints(from: number[], to: number[], radius: number, turns: number): Vector3[] {
  const d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]]
  const length = Math.hypot(d[0], d[1], d[2]) || 1e-9
  const frame = frameAlongY(d.map((x) => x / length))
  const u = [frame[0], frame[3], frame[6]]
  const w = [frame[2], frame[5], frame[8]]
  const segments = Math.max(8, Math.round(turns * 16))
  const points: Vector3[] = []
  for (let i = 0; i <= segments; i++) {
    const s = i / segments
    // Straight ends, windings in between, like a drawn coil spring.
    const r = s < 0.08 || s > 0.92 ? 0 : radius
    const angle = 2 * Math.PI * turns * s
    const c = r * Math.cos(angle)
    const sn = r * Math.sin(angle)
    points.push(
      new Vector3(
        from[0] + s * d[0] + c * u[0] + sn * w[0],
        from[1] + s * d[1] + c * u[1] + sn * w[1],
        from[2] + s * d[2] + c * u[2] + sn * w[2],
      ),
    )
  }
  return points
}
