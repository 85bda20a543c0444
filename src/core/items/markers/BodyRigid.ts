import { visualizationParams } from '../common/itemFields'
import { bodyPoint, FRAME, kinematicMarker, requireTrait } from '../common/markerBase'

export const MarkerBodyRigid = kinematicMarker(
  FRAME,
  {
    type: 'BodyRigid',
    doc:
      'A frame on a rigid body at localPosition with the body orientation; provides position and ' +
      'orientation.',
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the rigid body (or ground)' },
      localPosition: {
        type: 'vector',
        size: 3,
        default: [0, 0, 0],
        unit: 'm',
        doc: 'position in body coordinates',
      },
      ...visualizationParams(),
    },
    check: requireTrait('bodyNumber', 'object', 'orientation', 'a rigid body (it has no orientation)'),
  },
  bodyPoint,
)
