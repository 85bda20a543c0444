// Markers, the glue between loads/connectors and nodes/bodies (docs/engine.md): a load or connector acts
// on a marker and never needs to know whether it is attached to a node or to a point of a body.
import type { BuildContext, ItemDefinition, ModelView, ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import { getItemType } from '../../model/registry'
import { isFrame, type MarkerComputation, type PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import { itemFactory, type ItemFields } from './itemFields'
import { MARKER_PROVIDES } from './markerChecks'

type Provides = MarkerComputation['provides']

function trait(
  model: ModelView,
  kind: 'node' | 'object',
  index: number,
  t: 'body' | 'position' | 'orientation',
): boolean {
  return getItemType(kind, model.item(kind, index).type)?.traits?.[t] ?? false
}

export function requireTrait(
  parameter: string,
  kind: 'node' | 'object',
  t: 'body' | 'position' | 'orientation',
  what: string,
) {
  return (it: ResolvedItem, model: ModelView) => {
    const ref = model.item(kind, it.params.ref(parameter))
    const ok =
      trait(model, kind, ref.index, t) &&
      (t !== 'orientation' || kind === 'node' || trait(model, kind, ref.index, 'body'))
    return ok ? [] : [{ parameter, message: `${kind} "${ref.name}" (${ref.type}) is not ${what}` }]
  }
}

class KinematicMarker implements MarkerComputation {
  constructor(
    readonly provides: Provides,
    readonly kinematics: PointKinematics,
  ) {}
  setupLTG(): void {}
}

function markerVisualization(): ItemDefinition<'marker'>['visualize'] {
  return (it, c, s, g) => {
    if (!it.params.bool('Vshow') || !c.kinematics) return
    const p = new Float64Array(3)
    c.kinematics.position(s, p)
    if (isFrame(c.kinematics)) {
      const R = new Float64Array(9)
      c.kinematics.rotationMatrix(s, R)
      g.add({ shape: 'frame', origin: [...p], rotation: [...R], size: 0.1 })
    } else g.add({ shape: 'sphere', center: [...p], radius: 0.01, color: DEFAULT_COLORS.marker })
  }
}

export const provides = (p: Partial<Provides>): Provides => ({
  position: false,
  orientation: false,
  coordinate: false,
  bodyMass: false,
  ...p,
})

export const POSITION = provides({ position: true })

export const FRAME = provides({ position: true, orientation: true })

const markerDefinition = itemFactory('marker', 'Marker', {})

/** A marker definition whose computations provide `p`; registered for the checks of loads and connectors. */
export function defineMarker<S extends ParamSchema>(
  p: Provides,
  fields: ItemFields<'marker', S>,
): ItemDefinition<'marker', S> {
  MARKER_PROVIDES[fields.type] = p
  return markerDefinition(fields)
}

/** A marker that passes on the kinematics of a node or of a point on a body, drawn as a point or frame. */
export function kinematicMarker<S extends ParamSchema>(
  p: Provides,
  fields: Omit<ItemFields<'marker', S>, 'build' | 'visualize'>,
  kinematics: (it: ResolvedItem, ctx: BuildContext) => PointKinematics,
): ItemDefinition<'marker', S> {
  return defineMarker<S>(p, {
    ...fields,
    build: (it, ctx) => new KinematicMarker(p, kinematics(it, ctx)),
    visualize: markerVisualization(),
  })
}

export const bodyPoint = (it: ResolvedItem, ctx: BuildContext): PointKinematics =>
  ctx.object(it.params.ref('bodyNumber')).bodyPoint!(it.params.vector('localPosition'))

export const nodeKinematics = (it: ResolvedItem, ctx: BuildContext): PointKinematics =>
  ctx.node(it.params.ref('nodeNumber')).kinematics!
