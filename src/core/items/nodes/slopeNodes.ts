// Nodes of ANCF cable elements (absolute nodal coordinate formulation): a position and the slope
// vector r' = dr/dx (the derivative along the cable's reference arc length), all second-order
// coordinates. NodePoint2DSlope1: [x, y, r'x, r'y]; NodePointSlope1: [x, y, z, r'x, r'y, r'z].
// A straight cable along the global x-axis has r' = [1, 0(, 0)].
import type { ItemDefinition } from '../../model/definition'
import { TranslationPoint, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { NodeBase } from './nodeBase'

class SlopeNode extends NodeBase {
  readonly kinematics: TranslationPoint
  constructor(private readonly dim: 2 | 3, ref: Float64Array, q0: Float64Array, v0: Float64Array) {
    super(2 * dim, ref, q0, v0)
    const ref3 = new Float64Array(3)
    ref3.set(ref.subarray(0, dim))
    this.kinematics = new TranslationPoint(dim, ref3, new Int32Array(dim))
  }
  onOffsetsAssigned(): void {
    for (let i = 0; i < this.dim; i++) this.kinematics.ltg[i] = this.ode2Index + i
  }
}

function slopeNode(type: 'Point2DSlope1' | 'PointSlope1', dim: 2 | 3): ItemDefinition<'node'> {
  const n = 2 * dim
  const straight = dim === 2 ? [0, 0, 1, 0] : [0, 0, 0, 1, 0, 0]
  const names = dim === 2 ? '[x, y, r\'x, r\'y]' : '[x, y, z, r\'x, r\'y, r\'z]'
  return {
    kind: 'node',
    type,
    exudynName: dim === 2 ? 'NodePoint2DSlope1' : 'NodePointSlope1',
    doc: `A ${dim === 2 ? 'planar ' : ''}position-and-slope node for ANCF cable elements with ${n} coordinates ${names}: the position and the slope vector r' (derivative along the cable's reference arc length; [1, 0${dim === 3 ? ', 0' : ''}] for a straight cable along x).`,
    parameters: {
      referenceCoordinates: { type: 'vector', size: n, default: straight, doc: `reference coordinates ${names} (m and 1)` },
      initialCoordinates: { type: 'vector', size: n, default: new Array<number>(n).fill(0), doc: 'initial displacements of position and slope' },
      initialVelocities: { type: 'vector', size: n, default: new Array<number>(n).fill(0), doc: 'initial velocities of position and slope' },
      ...visualizationParams(V_DRAW_SIZE),
      ...V_COLOR,
    },
    supportsCheckpoint: true,
    traits: { position: true },
    build: (it) => new SlopeNode(dim, it.params.vector('referenceCoordinates'), it.params.vector('initialCoordinates'), it.params.vector('initialVelocities')),
    visualize: (it, c, s, g) => {
      if (!it.params.bool('Vshow') || !c.kinematics) return
      const p = new Float64Array(3)
      c.kinematics.position(s, p)
      const size = it.params.number('VdrawSize')
      g.add({ shape: 'sphere', center: [...p], radius: size > 0 ? size / 2 : 0.01, color: colorOr(it.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.node) })
    },
  }
}

export const NodePoint2DSlope1 = slopeNode('Point2DSlope1', 2)
export const NodePointSlope1 = slopeNode('PointSlope1', 3)
