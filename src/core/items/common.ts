// Shared building blocks of item definitions: parameter specs that many items repeat, and small
// kinematics classes for points on nodes and bodies.
import type { ParamSchema } from '../model/parameters'
import type { ItemDefinition, ModelView, ResolvedItem } from '../model/definition'
import type { FrameKinematics, PointKinematics } from '../system/computation'
import type { SystemState } from '../system/state'
import type { ItemKind } from '../model/types'

/** Exudyn's visualization parameters (V-prefixed in item dictionaries). */
export function visualizationParams(extra: ParamSchema = {}): ParamSchema {
  return {
    Vshow: { type: 'boolean', default: true, doc: 'show the item in the viewport', visualization: true },
    ...extra,
  }
}

export const V_COLOR: ParamSchema = {
  Vcolor: {
    type: 'color',
    default: [-1, -1, -1, -1],
    doc: 'RGBA colour; [-1,-1,-1,-1] = default',
    visualization: true,
  },
}
export const V_DRAW_SIZE: ParamSchema = {
  VdrawSize: {
    type: 'number',
    default: -1,
    doc: 'drawing size; -1 = default',
    unit: 'm',
    visualization: true,
  },
}

export const NAME_DOC = 'unique name within its kind'

/** What an item definition gives when itemFactory fills in the rest. */
export type ItemFields<K extends ItemKind> = Omit<
  ItemDefinition<K>,
  'kind' | 'exudynName' | 'supportsCheckpoint'
>

/**
 * Definitions of the built-in items of one kind whose Exudyn name is the kind's prefix and the type
 * (LoadForceVector, MarkerNodeRigid, SensorBody) and that carry nothing from step to step, so
 * checkpoints support them. `shared` parameters, which every item of the kind has, follow its own.
 */
export function itemFactory<K extends ItemKind>(
  kind: K,
  exudynPrefix: string,
  shared: ParamSchema = {},
): (fields: ItemFields<K>) => ItemDefinition<K> {
  return (fields) => ({
    kind,
    exudynName: exudynPrefix + fields.type,
    supportsCheckpoint: true,
    ...fields,
    parameters: { ...fields.parameters, ...shared },
  })
}

/** "expected a marker that provides X" check used by loads and connectors. */
export function markerProvides(
  model: ModelView,
  markerIndex: number,
  what: 'position' | 'orientation' | 'coordinate' | 'bodyMass',
): boolean {
  const m = model.item('marker', markerIndex)
  return MARKER_PROVIDES[m.type]?.[what] ?? false
}

/** What each marker type provides; marker definitions register here (plugins too). */
export const MARKER_PROVIDES: Record<
  string,
  { position: boolean; orientation: boolean; coordinate: boolean; bodyMass: boolean }
> = {}

export function requireMarkers(
  item: ResolvedItem,
  model: ModelView,
  parameter: string,
  what: 'position' | 'orientation' | 'coordinate' | 'bodyMass',
): { parameter: string; message: string }[] {
  const v = item.params.raw(parameter)
  const list = Array.isArray(v) ? (v as number[]) : [v as number]
  const out: { parameter: string; message: string }[] = []
  list.forEach((mi, k) => {
    if (!markerProvides(model, mi, what)) {
      const m = model.item('marker', mi)
      out.push({
        parameter: Array.isArray(v) ? `${parameter}[${k}]` : parameter,
        message: `marker "${m.name}" (${m.type}) provides no ${what}; expected a marker with a ${what}`,
      })
    }
  })
  return out
}

export function itemKey(kind: ItemKind, index: number): string {
  return `${kind}:${index}`
}

/** A point rigidly attached to nothing (ground). */
export class FixedFrame implements FrameKinematics {
  readonly ltg = new Int32Array(0)
  constructor(
    private readonly p: Float64Array,
    private readonly R: Float64Array,
  ) {}
  position(_s: SystemState, out: Float64Array): void {
    out[0] = this.p[0]
    out[1] = this.p[1]
    out[2] = this.p[2]
  }
  velocity(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  acceleration(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  positionJacobian(): void {}
  rotationMatrix(_s: SystemState, out: Float64Array): void {
    out.set(this.R)
  }
  angularVelocity(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  rotationJacobian(): void {}
  rotationParameters(_s: SystemState, out: Float64Array): number {
    out.fill(0, 0, 3)
    return 3
  }
}

/**
 * A point on translational coordinates: position = reference + q[ltg] (+ a constant offset), with
 * `dim` = 3 for Point nodes and 2 for Point2D nodes (z stays at the reference).
 */
export class TranslationPoint implements PointKinematics {
  /**
   * @param ltg shared with the owner (node or body), which fills it in place at setup, so points
   *   created before assembly stay valid.
   */
  constructor(
    private readonly dim: 2 | 3,
    private readonly reference: Float64Array,
    readonly ltg: Int32Array,
    private readonly offset: Float64Array = new Float64Array(3),
  ) {}
  position(s: SystemState, out: Float64Array): void {
    const q = s.q,
      l = this.ltg
    out[0] = this.reference[0] + q[l[0]] + this.offset[0]
    out[1] = this.reference[1] + q[l[1]] + this.offset[1]
    out[2] = (this.dim === 3 ? this.reference[2] + q[l[2]] : (this.reference[2] ?? 0)) + this.offset[2]
  }
  velocity(s: SystemState, out: Float64Array): void {
    this.copy(s.v, out)
  }
  acceleration(s: SystemState, out: Float64Array): void {
    this.copy(s.a, out)
  }
  private copy(x: Float64Array, out: Float64Array): void {
    const l = this.ltg
    out[0] = x[l[0]]
    out[1] = x[l[1]]
    out[2] = this.dim === 3 ? x[l[2]] : 0
  }
  positionJacobian(_s: SystemState, out: Float64Array): void {
    const d = this.dim
    out.fill(0, 0, 3 * d)
    for (let i = 0; i < d; i++) out[i * d + i] = 1
  }
}

/** Reads a 3-vector parameter that may be given with 2 components for planar items. */
export function vec3(v: Float64Array): Float64Array {
  const out = new Float64Array(3)
  out.set(v.subarray(0, Math.min(3, v.length)))
  return out
}
