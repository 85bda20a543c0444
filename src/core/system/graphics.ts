// Neutral graphics data produced by items' visualization part; the renderer maps it to meshes.
// No rendering library is imported here.

export type GraphicsPrimitive =
  | { shape: 'sphere'; center: number[]; radius: number; color: number[] }
  | { shape: 'box'; center: number[]; rotation: number[]; size: number[]; color: number[] }
  | { shape: 'cylinder'; from: number[]; to: number[]; radius: number; color: number[] }
  | { shape: 'line'; points: number[]; color: number[] }
  | { shape: 'helix'; from: number[]; to: number[]; radius: number; turns: number; color: number[] }
  | { shape: 'frame'; origin: number[]; rotation: number[]; size: number }
  /**
   * A vector (e.g. a contact force) from its point of application to its tip; the renderer adds a head
   * at `to` whose size is a fixed share of the length, so a scaled-down arrow keeps its proportions.
   */
  | { shape: 'arrow'; from: number[]; to: number[]; color: number[] }
  /**
   * Triangle mesh: points flat [x0, y0, z0, x1, ...] in global coordinates, triangles flat vertex indices.
   */
  | { shape: 'mesh'; points: number[]; triangles: number[]; color: number[] }
  /**
   * A mesh file (a VgraphicsData "Mesh" entry, meshEntry.ts) the renderer loads: a file point x is
   * drawn at position + rotation (scale .* x), rotation row-major in global coordinates.
   */
  | {
      shape: 'meshFile'
      file: string
      data?: string
      position: number[]
      rotation: number[]
      scale: number[]
      color: number[]
    }

export interface GraphicsItem {
  /** "object:3", "node:0", ... so the viewport can select the item. */
  item: string
  primitives: GraphicsPrimitive[]
}

/** Collects primitives for one item at a time. */
export class Graphics {
  readonly items: GraphicsItem[] = []
  /**
   * Scratch for an item's drawing, overwritten by the next item: the viewport draws every body each
   * frame, and small typed arrays made per body were most of a 1000-body frame's time with their GC.
   */
  readonly position = new Float64Array(3)
  readonly rotation = new Float64Array(9)
  private current: GraphicsItem | undefined

  begin(item: string): void {
    this.current = { item, primitives: [] }
    this.items.push(this.current)
  }

  add(p: GraphicsPrimitive): void {
    if (!this.current) throw new Error('Graphics.add before begin')
    this.current.primitives.push(p)
  }
}

export const DEFAULT_COLORS = {
  body: [0.45, 0.6, 0.85, 1],
  ground: [0.5, 0.5, 0.5, 1],
  connector: [0.9, 0.5, 0.2, 1],
  joint: [0.85, 0.25, 0.25, 1],
  node: [0.2, 0.8, 0.3, 1],
  marker: [0.9, 0.8, 0.2, 1],
  /** Magenta, which no other default uses, so force arrows stand out against bodies, joints and axes. */
  force: [0.85, 0.2, 0.85, 1],
}

/**
 * An arrow `length` long from `from` along `vector` (a force at its point of application), or null for
 * a zero vector, which has no direction.
 */
export function arrowAlong(
  from: readonly number[],
  vector: readonly number[],
  length: number,
  color: number[],
): GraphicsPrimitive | null {
  const size = Math.hypot(vector[0], vector[1], vector[2])
  if (!(size > 0)) return null
  const to = [0, 1, 2].map((k) => from[k] + (length * vector[k]) / size)
  return { shape: 'arrow', from: [...from], to, color }
}

/** The item's colour parameter, or the default when it is [-1, -1, -1, -1] (Exudyn's convention). */
export function colorOr(c: readonly number[] | undefined, fallback: number[]): number[] {
  return !c || c[0] < 0 ? fallback : [...c]
}
