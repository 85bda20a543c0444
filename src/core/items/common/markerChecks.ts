// Shared building blocks of item definitions: parameter specs that many items repeat, and small
// kinematics classes for points on nodes and bodies.
import type { ModelView, ResolvedItem } from '../../model/definition'
import type { MarkerComputation } from '../../system/computation'
import type { ItemKind } from '../../model/types'

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

/** The computations of an item's markerNumbers, in order. */
export const markersOf = (
  it: ResolvedItem,
  ctx: { marker(i: number): MarkerComputation },
): MarkerComputation[] => it.params.refs('markerNumbers').map((m) => ctx.marker(m))
