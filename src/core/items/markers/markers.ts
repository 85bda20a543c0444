// Markers, the glue between loads/connectors and nodes/bodies (seed 003): a load or connector acts
// on a marker and never needs to know whether it is attached to a node or to a point of a body.
import type { BuildContext, ItemDefinition, ModelView, ResolvedItem } from '../../model/definition'
import { getItemType } from '../../model/registry'
import { isFrame, type MarkerComputation, type PointKinematics } from '../../system/computation'
import { itemFactory, MARKER_PROVIDES, V_DRAW_SIZE, visualizationParams, type ItemFields } from '../common'
import { DEFAULT_COLORS } from '../../system/graphics'

type Provides = MarkerComputation['provides']

function trait(
  model: ModelView,
  kind: 'node' | 'object',
  index: number,
  t: 'body' | 'position' | 'orientation',
): boolean {
  return getItemType(kind, model.item(kind, index).type)?.traits?.[t] ?? false
}

function requireTrait(
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

const provides = (p: Partial<Provides>): Provides => ({
  position: false,
  orientation: false,
  coordinate: false,
  bodyMass: false,
  ...p,
})
const POSITION = provides({ position: true })
const FRAME = provides({ position: true, orientation: true })
const BODY_MASS = provides({ position: true, bodyMass: true })
const COORDINATE = provides({ coordinate: true })

const markerDefinition = itemFactory('marker', 'Marker')

/** A marker definition whose computations provide `p`; registered for the checks of loads and connectors. */
export function defineMarker(p: Provides, fields: ItemFields<'marker'>): ItemDefinition<'marker'> {
  MARKER_PROVIDES[fields.type] = p
  return markerDefinition(fields)
}

/** A marker that passes on the kinematics of a node or of a point on a body, drawn as a point or frame. */
function kinematicMarker(
  p: Provides,
  fields: Omit<ItemFields<'marker'>, 'build' | 'visualize'>,
  kinematics: (it: ResolvedItem, ctx: BuildContext) => PointKinematics,
): ItemDefinition<'marker'> {
  return defineMarker(p, {
    ...fields,
    build: (it, ctx) => new KinematicMarker(p, kinematics(it, ctx)),
    visualize: markerVisualization(),
  })
}

const bodyPoint = (it: ResolvedItem, ctx: BuildContext): PointKinematics =>
  ctx.object(it.params.ref('bodyNumber')).bodyPoint!(it.params.vector('localPosition'))
const nodeKinematics = (it: ResolvedItem, ctx: BuildContext): PointKinematics =>
  ctx.node(it.params.ref('nodeNumber')).kinematics!

export const MarkerBodyPosition = kinematicMarker(
  POSITION,
  {
    type: 'BodyPosition',
    doc: 'A position on a body, given in body coordinates (localPosition); provides position and its Jacobian.',
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
      localPosition: {
        type: 'vector',
        size: 3,
        default: [0, 0, 0],
        unit: 'm',
        doc: 'position in body coordinates',
      },
      ...visualizationParams(),
    },
    check: requireTrait('bodyNumber', 'object', 'body', 'a body'),
  },
  bodyPoint,
)

export const MarkerBodyRigid = kinematicMarker(
  FRAME,
  {
    type: 'BodyRigid',
    doc: 'A frame on a rigid body at localPosition with the body orientation; provides position and orientation.',
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the rigid body (or ground)' },
      localPosition: {
        type: 'vector',
        size: 3,
        default: [0, 0, 0],
        unit: 'm',
        doc: 'position in body coordinates',
      },
      ...visualizationParams(),
    },
    check: requireTrait('bodyNumber', 'object', 'orientation', 'a rigid body (it has no orientation)'),
  },
  bodyPoint,
)

export const MarkerNodePosition = kinematicMarker(
  POSITION,
  {
    type: 'NodePosition',
    doc: 'The position of a node (Point, Point2D, rigid-body nodes, ...).',
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
      ...visualizationParams(V_DRAW_SIZE),
    },
    check: requireTrait('nodeNumber', 'node', 'position', 'a node with a position'),
  },
  nodeKinematics,
)

export const MarkerNodeRigid = kinematicMarker(
  FRAME,
  {
    type: 'NodeRigid',
    doc: 'The position and orientation of a rigid-body node.',
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the rigid-body node' },
      ...visualizationParams(V_DRAW_SIZE),
    },
    check: requireTrait('nodeNumber', 'node', 'orientation', 'a rigid-body node (it has no orientation)'),
  },
  nodeKinematics,
)

class BodyMassMarker implements MarkerComputation {
  readonly provides = BODY_MASS
  constructor(
    readonly kinematics: PointKinematics,
    readonly mass: number,
  ) {}
  setupLTG(): void {}
}

export const MarkerBodyMass = defineMarker(BODY_MASS, {
  type: 'BodyMass',
  doc: "A body's mass at its centre of mass, for mass-proportional loads such as gravity.",
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
    ...visualizationParams(),
  },
  check: requireTrait('bodyNumber', 'object', 'body', 'a body'),
  build: (it, ctx) => {
    const b = ctx.object(it.params.ref('bodyNumber'))
    return new BodyMassMarker(b.centerOfMass!(), b.mass ?? 0)
  },
})

class NodeCoordinateMarker implements MarkerComputation {
  readonly provides = COORDINATE
  coordinateIndex = 0
  coordinateReference: number
  constructor(
    private readonly node: { ode2Index: number; nODE2: number; reference: Float64Array },
    private readonly coordinate: number,
  ) {
    this.coordinateReference = node.reference[coordinate] ?? 0
  }
  setupLTG(): void {
    // A node without coordinates (PointGround) gives a fixed coordinate: index -1, value 0.
    this.coordinateIndex = this.node.nODE2 === 0 ? -1 : this.node.ode2Index + this.coordinate
  }
}

export const MarkerNodeCoordinate = defineMarker(COORDINATE, {
  type: 'NodeCoordinate',
  doc: 'One ODE2 coordinate of a node (0-based), for coordinate loads, springs and constraints; acts on the displacement coordinate.',
  parameters: {
    nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
    coordinate: { type: 'integer', default: 0, min: 0, doc: 'the 0-based coordinate index within the node' },
    ...visualizationParams(),
  },
  check: (it, model) => {
    const n = model.item('node', it.params.ref('nodeNumber'))
    const count = nodeCoordinateCount(n)
    const c = it.params.integer('coordinate')
    return count !== undefined && c >= count
      ? [
          {
            parameter: 'coordinate',
            message: `node "${n.name}" (${n.type}) has ${count} ODE2 coordinates; expected 0..${count - 1}, got ${c}`,
          },
        ]
      : []
  },
  build: (it, ctx) =>
    new NodeCoordinateMarker(ctx.node(it.params.ref('nodeNumber')), it.params.integer('coordinate')),
})

/** ODE2 coordinate count of a node from its parameters (before anything is built). */
function nodeCoordinateCount(n: ResolvedItem): number | undefined {
  if (n.type === 'GenericODE2') return n.params.integer('numberOfODE2Coordinates')
  if (n.type === 'PointGround') return undefined
  const ref = n.params.values.referenceCoordinates
  return Array.isArray(ref) ? ref.length : undefined
}
