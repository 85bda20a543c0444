// Markers, the glue between loads/connectors and nodes/bodies (seed 003): a load or connector acts
// on a marker and never needs to know whether it is attached to a node or to a point of a body.
import type { ItemDefinition, ModelView, ResolvedItem } from '../../model/definition'
import { getItemType } from '../../model/registry'
import { isFrame, type MarkerComputation, type PointKinematics } from '../../system/computation'
import { MARKER_PROVIDES, V_DRAW_SIZE, visualizationParams } from '../common'
import { DEFAULT_COLORS } from '../../system/graphics'

type Provides = MarkerComputation['provides']

function trait(model: ModelView, kind: 'node' | 'object', index: number, t: 'body' | 'position' | 'orientation'): boolean {
  return getItemType(kind, model.item(kind, index).type)?.traits?.[t] ?? false
}

function requireTrait(parameter: string, kind: 'node' | 'object', t: 'body' | 'position' | 'orientation', what: string) {
  return (it: ResolvedItem, model: ModelView) => {
    const ref = model.item(kind, it.params.ref(parameter))
    const ok = trait(model, kind, ref.index, t) && (t !== 'orientation' || kind === 'node' || trait(model, kind, ref.index, 'body'))
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

const provides = (p: Partial<Provides>): Provides => ({ position: false, orientation: false, coordinate: false, bodyMass: false, ...p })

function define(def: ItemDefinition<'marker'>, p: Provides): ItemDefinition<'marker'> {
  MARKER_PROVIDES[def.type] = p
  return def
}

export const MarkerBodyPosition = define(
  {
    kind: 'marker',
    type: 'BodyPosition',
    exudynName: 'MarkerBodyPosition',
    doc: 'A position on a body, given in body coordinates (localPosition); provides position and its Jacobian.',
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
      localPosition: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'm', doc: 'position in body coordinates' },
      ...visualizationParams(),
    },
    supportsCheckpoint: true,
    check: requireTrait('bodyNumber', 'object', 'body', 'a body'),
    build: (it, ctx) => new KinematicMarker(provides({ position: true }), ctx.object(it.params.ref('bodyNumber')).bodyPoint!(it.params.vector('localPosition'))),
    visualize: markerVisualization(),
  },
  provides({ position: true }),
)

export const MarkerBodyRigid = define(
  {
    kind: 'marker',
    type: 'BodyRigid',
    exudynName: 'MarkerBodyRigid',
    doc: 'A frame on a rigid body at localPosition with the body orientation; provides position and orientation.',
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the rigid body (or ground)' },
      localPosition: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'm', doc: 'position in body coordinates' },
      ...visualizationParams(),
    },
    supportsCheckpoint: true,
    check: requireTrait('bodyNumber', 'object', 'orientation', 'a rigid body (it has no orientation)'),
    build: (it, ctx) => new KinematicMarker(provides({ position: true, orientation: true }), ctx.object(it.params.ref('bodyNumber')).bodyPoint!(it.params.vector('localPosition'))),
    visualize: markerVisualization(),
  },
  provides({ position: true, orientation: true }),
)

export const MarkerNodePosition = define(
  {
    kind: 'marker',
    type: 'NodePosition',
    exudynName: 'MarkerNodePosition',
    doc: "The position of a node (Point, Point2D, rigid-body nodes, ...).",
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
      ...visualizationParams(V_DRAW_SIZE),
    },
    supportsCheckpoint: true,
    check: requireTrait('nodeNumber', 'node', 'position', 'a node with a position'),
    build: (it, ctx) => new KinematicMarker(provides({ position: true }), ctx.node(it.params.ref('nodeNumber')).kinematics!),
    visualize: markerVisualization(),
  },
  provides({ position: true }),
)

export const MarkerNodeRigid = define(
  {
    kind: 'marker',
    type: 'NodeRigid',
    exudynName: 'MarkerNodeRigid',
    doc: 'The position and orientation of a rigid-body node.',
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the rigid-body node' },
      ...visualizationParams(V_DRAW_SIZE),
    },
    supportsCheckpoint: true,
    check: requireTrait('nodeNumber', 'node', 'orientation', 'a rigid-body node (it has no orientation)'),
    build: (it, ctx) => new KinematicMarker(provides({ position: true, orientation: true }), ctx.node(it.params.ref('nodeNumber')).kinematics!),
    visualize: markerVisualization(),
  },
  provides({ position: true, orientation: true }),
)

class BodyMassMarker implements MarkerComputation {
  readonly provides = provides({ position: true, bodyMass: true })
  constructor(
    readonly kinematics: PointKinematics,
    readonly mass: number,
  ) {}
  setupLTG(): void {}
}

export const MarkerBodyMass = define(
  {
    kind: 'marker',
    type: 'BodyMass',
    exudynName: 'MarkerBodyMass',
    doc: "A body's mass at its centre of mass, for mass-proportional loads such as gravity.",
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
      ...visualizationParams(),
    },
    supportsCheckpoint: true,
    check: requireTrait('bodyNumber', 'object', 'body', 'a body'),
    build: (it, ctx) => {
      const b = ctx.object(it.params.ref('bodyNumber'))
      return new BodyMassMarker(b.centerOfMass!(), b.mass ?? 0)
    },
  },
  provides({ position: true, bodyMass: true }),
)

class NodeCoordinateMarker implements MarkerComputation {
  readonly provides = provides({ coordinate: true })
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

export const MarkerNodeCoordinate = define(
  {
    kind: 'marker',
    type: 'NodeCoordinate',
    exudynName: 'MarkerNodeCoordinate',
    doc: 'One ODE2 coordinate of a node (0-based), for coordinate loads, springs and constraints; acts on the displacement coordinate.',
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
      coordinate: { type: 'integer', default: 0, min: 0, doc: 'the 0-based coordinate index within the node' },
      ...visualizationParams(),
    },
    supportsCheckpoint: true,
    check: (it, model) => {
      const n = model.item('node', it.params.ref('nodeNumber'))
      const count = nodeCoordinateCount(n)
      const c = it.params.integer('coordinate')
      return count !== undefined && c >= count ? [{ parameter: 'coordinate', message: `node "${n.name}" (${n.type}) has ${count} ODE2 coordinates; expected 0..${count - 1}, got ${c}` }] : []
    },
    build: (it, ctx) => new NodeCoordinateMarker(ctx.node(it.params.ref('nodeNumber')), it.params.integer('coordinate')),
  },
  provides({ coordinate: true }),
)

/** ODE2 coordinate count of a node from its parameters (before anything is built). */
function nodeCoordinateCount(n: ResolvedItem): number | undefined {
  if (n.type === 'GenericODE2') return n.params.integer('numberOfODE2Coordinates')
  if (n.type === 'PointGround') return undefined
  const ref = n.params.values.referenceCoordinates
  return Array.isArray(ref) ? ref.length : undefined
}
