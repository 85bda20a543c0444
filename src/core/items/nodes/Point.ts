import { defineItem } from '../../model/definition'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { PointNode, pointVisualization } from '../common/pointNode'

export const NodePoint = defineItem({
  kind: 'node',
  type: 'Point',
  exudynName: 'NodePoint',
  doc:
    'A 3D point node with 3 displacement coordinates [x, y, z]; position = referenceCoordinates + ' +
    'displacement.',
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
})
