// Node1D: one scalar ODE2 coordinate (a translation or a rotation angle) without a position in
// space; carries ObjectMass1D and ObjectRotationalMass1D (drive trains, 1D oscillators).
import { defineItem } from '../../model/definition'
import { visualizationParams } from '../common/itemFields'
import { PositionlessNode } from '../common/nodeBase'

export const Node1D = defineItem({
  kind: 'node',
  type: 'Node1D',
  exudynName: 'Node1D',
  doc:
    'A node with one ODE2 coordinate (a translation or an angle) and no position of its own; the ' +
    'coordinate of ObjectMass1D and ObjectRotationalMass1D. Total value = referenceCoordinates[0] + ' +
    'displacement.',
  parameters: {
    referenceCoordinates: {
      type: 'vector',
      size: 1,
      default: [0],
      doc: 'reference value of the coordinate (m or rad)',
    },
    initialCoordinates: {
      type: 'vector',
      size: 1,
      default: [0],
      doc: 'initial displacement of the coordinate (m or rad)',
    },
    initialVelocities: {
      type: 'vector',
      size: 1,
      default: [0],
      doc: 'initial velocity of the coordinate (m/s or rad/s)',
    },
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  build: (it) =>
    new PositionlessNode(
      1,
      it.params.vector('referenceCoordinates'),
      it.params.vector('initialCoordinates'),
      it.params.vector('initialVelocities'),
    ),
})
