// Nodes of ANCF cable elements (absolute nodal coordinate formulation): a position and the slope
// vector r' = dr/dx (the derivative along the cable's reference arc length), all second-order
// coordinates. NodePoint2DSlope1: [x, y, r'x, r'y]; a straight cable along the global x-axis has
// r' = [1, 0].
import type { ItemDefinition } from '../../model/definition'
import { TranslationPoint, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { NodeBase } from './nodeBase'

/** Position = the first two coordinates; the slope coordinates carry no position of their own. */
class Slope2DNode extends NodeBase {
  readonly kinematics: TranslationPoint
  constructor(ref: Float64Array, q0: Float64Array, v0: Float64Array) {
    super(4, ref, q0, v0)
    const ref3 = new Float64Array(3)
    ref3.set(ref.subarray(0, 2))
    this.kinematics = new TranslationPoint(2, ref3, new Int32Array(2))
  }
  onOffsetsAssigned(): void {
    this.kinematics.ltg[0] = this.ode2Index
    this.kinematics.ltg[1] = this.ode2Index + 1
  }
}

export const NodePoint2DSlope1: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'Point2DSlope1',
  exudynName: 'NodePoint2DSlope1',
  doc: "A planar position-and-slope node for ANCF cable elements with 4 coordinates [x, y, r'x, r'y]: the position and the slope vector r' (derivative along the cable's reference arc length; [1, 0] for a straight cable along x). Markers: NodePosition (the position), NodeCoordinate (any of the 4).",
  parameters: {
    referenceCoordinates: { type: 'vector', size: 4, default: [0, 0, 1, 0], doc: "reference coordinates [x, y, r'x, r'y] (m and 1)" },
    initialCoordinates: { type: 'vector', size: 4, default: [0, 0, 0, 0], doc: 'initial displacements of position and slope' },
    initialVelocities: { type: 'vector', size: 4, default: [0, 0, 0, 0], doc: 'initial velocities of position and slope' },
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { position: true },
  build: (it) => new Slope2DNode(it.params.vector('referenceCoordinates'), it.params.vector('initialCoordinates'), it.params.vector('initialVelocities')),
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow') || !c.kinematics) return
    const p = new Float64Array(3)
    c.kinematics.position(s, p)
    const size = it.params.number('VdrawSize')
    g.add({ shape: 'sphere', center: [...p], radius: size > 0 ? size / 2 : 0.01, color: colorOr(it.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.node) })
  },
}
