import { identity3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import { FixedFrame } from '../common/fixedKinematics'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { NodeBase } from '../common/nodeBase'
import { pointVisualization } from '../common/pointNode'

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

export const NodePointGround = defineItem({
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
})
