// Nodes with translational coordinates: Point (3D), Point2D (planar) and PointGround (no coordinates).
import type { ItemDefinition } from '../../model/definition'
import type { NodeComputation } from '../../system/computation'
import { FixedFrame, TranslationPoint, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { NodeBase, PositionlessNode } from './nodeBase'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { identity3 } from '../../math/vec3'

class PointNode extends NodeBase {
  readonly kinematics: TranslationPoint
  constructor(dim: 2 | 3, ref: Float64Array, q0: Float64Array, v0: Float64Array) {
    super(dim, ref, q0, v0)
    const ref3 = new Float64Array(3)
    ref3.set(ref)
    this.kinematics = new TranslationPoint(dim, ref3, new Int32Array(dim))
  }
  onOffsetsAssigned(): void {
    for (let i = 0; i < this.nODE2; i++) this.kinematics.ltg[i] = this.ode2Index + i
  }
}

const pointVisualization =
  <K extends 'node'>(): ItemDefinition<K>['visualize'] =>
  (item, c, s, g) => {
    if (!item.params.bool('Vshow') || !c.kinematics) return
    const p = new Float64Array(3)
    c.kinematics.position(s, p)
    const size = item.params.number('VdrawSize')
    g.add({
      shape: 'sphere',
      center: [...p],
      radius: size > 0 ? size / 2 : 0.02,
      color: colorOr(item.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.node),
    })
  }

export const NodePoint: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'Point',
  exudynName: 'NodePoint',
  doc: 'A 3D point node with 3 displacement coordinates [x, y, z]; position = referenceCoordinates + displacement.',
  parameters: {
    referenceCoordinates: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'reference position',
    },
    initialCoordinates: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'initial displacement',
    },
    initialVelocities: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'm/s', doc: 'initial velocity' },
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { position: true },
  build: (it) =>
    new PointNode(
      3,
      it.params.vector('referenceCoordinates'),
      it.params.vector('initialCoordinates'),
      it.params.vector('initialVelocities'),
    ),
  visualize: pointVisualization(),
}

export const NodePoint2D: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'Point2D',
  exudynName: 'NodePoint2D',
  doc: 'A planar point node with 2 displacement coordinates [x, y] in the x-y plane.',
  parameters: {
    referenceCoordinates: { type: 'vector', size: 2, default: [0, 0], unit: 'm', doc: 'reference position' },
    initialCoordinates: { type: 'vector', size: 2, default: [0, 0], unit: 'm', doc: 'initial displacement' },
    initialVelocities: { type: 'vector', size: 2, default: [0, 0], unit: 'm/s', doc: 'initial velocity' },
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { position: true },
  build: (it) =>
    new PointNode(
      2,
      it.params.vector('referenceCoordinates'),
      it.params.vector('initialCoordinates'),
      it.params.vector('initialVelocities'),
    ),
  visualize: pointVisualization(),
}

class GroundNode extends NodeBase {
  readonly kinematics: FixedFrame
  constructor(ref: Float64Array) {
    super(0, ref, new Float64Array(0), new Float64Array(0))
    const R = new Float64Array(9)
    identity3(R)
    this.kinematics = new FixedFrame(ref, R)
  }
  onOffsetsAssigned(): void {}
}

export const NodePointGround: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'PointGround',
  exudynName: 'NodePointGround',
  doc: 'A fixed point without coordinates, e.g. to attach coordinate constraints or springs to ground.',
  parameters: {
    referenceCoordinates: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'm', doc: 'position' },
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { position: true, orientation: true },
  build: (it) => new GroundNode(it.params.vector('referenceCoordinates')),
  visualize: pointVisualization(),
}

export const NodeGenericODE2: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'GenericODE2',
  exudynName: 'NodeGenericODE2',
  doc: 'A node with numberOfODE2Coordinates generic second-order coordinates (no position), for ObjectGenericODE2-like systems and coordinate connectors.',
  parameters: {
    numberOfODE2Coordinates: { type: 'integer', min: 0, doc: 'number of coordinates' },
    referenceCoordinates: {
      type: 'vector',
      default: [],
      doc: 'reference coordinates (length numberOfODE2Coordinates)',
    },
    initialCoordinates: {
      type: 'vector',
      default: [],
      doc: 'initial displacements (length numberOfODE2Coordinates)',
    },
    initialCoordinates_t: {
      type: 'vector',
      default: [],
      doc: 'initial velocities (length numberOfODE2Coordinates)',
    },
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it) => {
    const n = it.params.integer('numberOfODE2Coordinates')
    return ['referenceCoordinates', 'initialCoordinates', 'initialCoordinates_t']
      .filter((p) => it.params.vector(p).length !== n && it.params.vector(p).length !== 0)
      .map((p) => ({
        parameter: p,
        message: `expected ${n} values (numberOfODE2Coordinates) or [] for zeros, got ${it.params.vector(p).length}`,
      }))
  },
  build: (it): NodeComputation => {
    const n = it.params.integer('numberOfODE2Coordinates')
    const sized = (p: string): Float64Array => {
      const v = new Float64Array(n)
      v.set(it.params.vector(p))
      return v
    }
    return new PositionlessNode(
      n,
      sized('referenceCoordinates'),
      sized('initialCoordinates'),
      sized('initialCoordinates_t'),
    )
  },
}
