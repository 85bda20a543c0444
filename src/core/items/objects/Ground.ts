import { matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { ObjectComputation, PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import { checkGraphicsData, drawGraphicsData, VGRAPHICS } from '../common/bodyGraphics'
import { FixedFrame } from '../common/fixedKinematics'
import { V_COLOR, visualizationParams } from '../common/itemFields'

class GroundBody implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly mass = 0
  private readonly R = new Float64Array(9)
  constructor(
    readonly position: Float64Array,
    rotation: Float64Array,
  ) {
    this.R.set(rotation)
  }
  setupLTG(): void {}
  bodyPoint(local: Float64Array): PointKinematics {
    const p = new Float64Array(3)
    matVec3(this.R, local, p)
    for (let i = 0; i < 3; i++) p[i] += this.position[i]
    return new FixedFrame(p, this.R)
  }
  centerOfMass(): PointKinematics {
    return this.bodyPoint(new Float64Array(3))
  }
}

export const ObjectGround = defineItem({
  kind: 'object',
  type: 'Ground',
  exudynName: 'ObjectGround',
  doc: 'The fixed reference body: no coordinates; markers on it are fixed points and frames.',
  parameters: {
    referencePosition: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'position of the ground frame',
    },
    referenceRotation: {
      type: 'matrix',
      rows: 3,
      cols: 3,
      default: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      doc: 'rotation matrix of the ground frame',
    },
    ...visualizationParams(),
    ...V_COLOR,
    ...VGRAPHICS,
  },
  supportsCheckpoint: true,
  traits: { body: true, orientation: true },
  check: checkGraphicsData,
  build: (it) => new GroundBody(it.params.vector('referencePosition'), it.params.matrix('referenceRotation')),
  visualize: (it, _c, _s, g) => {
    if (it.params.bool('Vshow'))
      drawGraphicsData(
        it.params.raw('VgraphicsData'),
        it.params.vector('referencePosition'),
        it.params.matrix('referenceRotation'),
        g,
        it.params.color('Vcolor', DEFAULT_COLORS.body),
      )
  },
})
