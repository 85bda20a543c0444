// Nodes of ANCF cable elements (absolute nodal coordinate formulation): a position and the slope
// vector r' = dr/dx (the derivative along the cable's reference arc length), all second-order
// coordinates [r, r'] (2 dim). NodePoint2DSlope1 [x, y, r'x, r'y] for ANCFCable2D, NodePointSlope1
// [x, y, z, r'x, r'y, r'z] for ANCFCable; a straight cable along the global x-axis has r' = e_x.
import { defineItem } from '../../model/definition'
import { DEFAULT_COLORS } from '../../system/graphics'
import { TranslationPoint } from './fixedKinematics'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from './itemFields'
import { NodeBase } from './nodeBase'

/** Position = the first dim coordinates; the slope coordinates carry no position of their own. */
class SlopeNode extends NodeBase {
  readonly kinematics: TranslationPoint
  constructor(dim: 2 | 3, ref: Float64Array, q0: Float64Array, v0: Float64Array) {
    super(2 * dim, ref, q0, v0)
    const ref3 = new Float64Array(3)
    ref3.set(ref.subarray(0, dim))
    this.kinematics = new TranslationPoint(dim, ref3, new Int32Array(dim))
  }
  onOffsetsAssigned(): void {
    for (let i = 0; i < this.kinematics.ltg.length; i++) this.kinematics.ltg[i] = this.ode2Index + i
  }
}

/** The definition of the slope node with dim-vectors; coordinate names like "x, y, r'x, r'y". */
export function slopeNodeDefinition(dim: 2 | 3, type: string, doc: string) {
  const axes = ['x', 'y', 'z'].slice(0, dim)
  const zeros = new Array<number>(2 * dim).fill(0)
  const straightAlongX = [...zeros.slice(0, dim), 1, ...zeros.slice(dim + 1)]
  return defineItem({
    kind: 'node',
    type,
    exudynName: `Node${type}`,
    doc,
    parameters: {
      referenceCoordinates: {
        type: 'vector',
        size: 2 * dim,
        default: straightAlongX,
        doc: `reference coordinates [${[...axes, ...axes.map((a) => `r'${a}`)].join(', ')}] (m and 1)`,
      },
      initialCoordinates: {
        type: 'vector',
        size: 2 * dim,
        default: zeros,
        doc: 'initial displacements of position and slope',
      },
      initialVelocities: {
        type: 'vector',
        size: 2 * dim,
        default: zeros,
        doc: 'initial velocities of position and slope',
      },
      ...visualizationParams(V_DRAW_SIZE),
      ...V_COLOR,
    },
    supportsCheckpoint: true,
    traits: { position: true },
    build: (it) =>
      new SlopeNode(
        dim,
        it.params.vector('referenceCoordinates'),
        it.params.vector('initialCoordinates'),
        it.params.vector('initialVelocities'),
      ),
    visualize: (it, c, s, g) => {
      if (!it.params.bool('Vshow') || !c.kinematics) return
      const p = new Float64Array(3)
      c.kinematics.position(s, p)
      const size = it.params.number('VdrawSize')
      g.add({
        shape: 'sphere',
        center: [...p],
        radius: size > 0 ? size / 2 : 0.01,
        color: it.params.color('Vcolor', DEFAULT_COLORS.node),
      })
    },
  })
}
