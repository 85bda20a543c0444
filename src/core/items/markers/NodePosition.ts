import { V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { kinematicMarker, nodeKinematics, POSITION, requireTrait } from '../common/markerBase'

export const MarkerNodePosition = kinematicMarker(
  POSITION,
  {
    type: 'NodePosition',
    doc: 'The position of a node (Point, Point2D, rigid-body nodes, ...).',
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
      ...visualizationParams(V_DRAW_SIZE),
    },
    check: requireTrait('nodeNumber', 'node', 'position', 'a node with a position'),
  },
  nodeKinematics,
)
