import type { MarkerComputation } from '../../system/computation'
import { cableOf, PROVIDES_NOTHING } from '../common/cableMarker'
import { visualizationParams } from '../common/itemFields'
import { defineMarker } from '../common/markerBase'
import type { AncfCable2DElement } from '../objects/ANCFCable2D'

export class CableShapeMarker implements MarkerComputation {
  readonly provides = PROVIDES_NOTHING
  constructor(
    readonly cable: AncfCable2DElement,
    readonly numberOfSegments: number,
    readonly verticalOffset: number,
  ) {}
  setupLTG(): void {}
}

export const MarkerBodyCable2DShape = defineMarker(PROVIDES_NOTHING, {
  type: 'BodyCable2DShape',
  doc:
    'The surface of an ANCFCable2D element as numberOfSegments straight segments between the points ' +
    'r(x_i) + verticalOffset n(x_i) (x_i = i L / numberOfSegments, n the axis normal, the tangent turned ' +
    'by +90 degrees), for contact with the element (ContactFrictionCircleCable2D).',
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', types: ['ANCFCable2D'], doc: 'the ANCFCable2D element' },
    numberOfSegments: {
      type: 'integer',
      default: 3,
      min: 1,
      doc: 'number of straight segments along the element; must equal numberOfContactSegments of the contact',
    },
    verticalOffset: {
      type: 'number',
      default: 0,
      unit: 'm',
      doc:
        "offset of the segment points from the axis along the cable's local y (e.g. half the cable " +
        'height for the surface)',
    },
    ...visualizationParams(),
  },
  build: (it, ctx) =>
    new CableShapeMarker(
      cableOf(it, ctx),
      it.params.integer('numberOfSegments'),
      it.params.number('verticalOffset'),
    ),
})
