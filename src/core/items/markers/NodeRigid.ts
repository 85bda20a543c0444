import { V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { FRAME, kinematicMarker, nodeKinematics, requireTrait } from '../common/markerBase'

export const MarkerNodeRigid = kinematicMarker(
  FRAME,
  {
    type: 'NodeRigid',
    doc: 'The position and orientation of a rigid-body node.',
    parameters: {
      nodeNumber: { type: 'ref', kind: 'node', doc: 'the rigid-body node' },
      ...visualizationParams(V_DRAW_SIZE),
    },
    check: requireTrait('nodeNumber', 'node', 'orientation', 'a rigid-body node (it has no orientation)'),
  },
  nodeKinematics,
)
