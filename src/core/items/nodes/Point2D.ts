import { defineItem } from '../../model/definition'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { PointNode, pointVisualization } from '../common/pointNode'

export const NodePoint2D = defineItem({
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
})
