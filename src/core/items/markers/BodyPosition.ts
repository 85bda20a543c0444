import { visualizationParams } from '../common/itemFields'
import { bodyPoint, kinematicMarker, POSITION, requireTrait } from '../common/markerBase'

export const MarkerBodyPosition = kinematicMarker(
  POSITION,
  {
    type: 'BodyPosition',
    doc:
      'A position on a body, given in body coordinates (localPosition); provides position and its ' +
      'Jacobian.',
    parameters: {
      bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
      localPosition: {
        type: 'vector',
        size: 3,
        default: [0, 0, 0],
        unit: 'm',
        doc: 'position in body coordinates',
      },
      ...visualizationParams(),
    },
    check: requireTrait('bodyNumber', 'object', 'body', 'a body'),
  },
  bodyPoint,
)
