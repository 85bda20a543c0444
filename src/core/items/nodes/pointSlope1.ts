// NodePointSlope1: the 3D node of ANCF cable elements (ObjectANCFCable), 6 coordinates
// [x, y, z, r'x, r'y, r'z]: the position and the slope vector r' = dr/dx along the cable's reference
// arc length ([1, 0, 0] for a straight cable along x). All are second-order coordinates.
import type { ItemDefinition } from '../../model/definition'
import { TranslationPoint, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { NodeBase } from './nodeBase'

/** Position = the first three coordinates; the slope coordinates carry no position of their own. */
class Slope3DNode extends NodeBase {
  readonly kinematics: TranslationPoint
  constructor(ref: Float64Array, q0: Float64Array, v0: Float64Array) {
    super(6, ref, q0, v0)
    this.kinematics = new TranslationPoint(3, ref.slice(0, 3), new Int32Array(3))
  }
  onOffsetsAssigned(): void {
    for (let i = 0; i < 3; i++) this.kinematics.ltg[i] = this.ode2Index + i
  }
}

export const NodePointSlope1: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'PointSlope1',
  exudynName: 'NodePointSlope1',
  doc: "A 3D position-and-slope node for ANCF cable elements (ANCFCable) with 6 coordinates [x, y, z, r'x, r'y, r'z]: the position and the slope vector r' (derivative along the cable's reference arc length; [1, 0, 0] for a straight cable along x). Markers: NodePosition (the position), NodeCoordinate (any of the 6).",
  parameters: {
    referenceCoordinates: { type: 'vector', size: 6, default: [0, 0, 0, 1, 0, 0], doc: "reference coordinates [x, y, z, r'x, r'y, r'z] (m and 1)" },
    initialCoordinates: { type: 'vector', size: 6, default: [0, 0, 0, 0, 0, 0], doc: 'initial displacements of position and slope' },
    initialVelocities: { type: 'vector', size: 6, default: [0, 0, 0, 0, 0, 0], doc: 'initial velocities of position and slope' },
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { position: true },
  build: (it) => new Slope3DNode(it.params.vector('referenceCoordinates'), it.params.vector('initialCoordinates'), it.params.vector('initialVelocities')),
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow') || !c.kinematics) return
    const p = new Float64Array(3)
    c.kinematics.position(s, p)
    const size = it.params.number('VdrawSize')
    g.add({ shape: 'sphere', center: [...p], radius: size > 0 ? size / 2 : 0.01, color: colorOr(it.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.node) })
  },
}
