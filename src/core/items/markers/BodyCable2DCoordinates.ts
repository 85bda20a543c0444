import type { MarkerComputation } from '../../system/computation'
import { cableOf, PROVIDES_NOTHING } from '../common/cableMarker'
import { visualizationParams } from '../common/itemFields'
import { defineMarker } from '../common/markerBase'
import type { AncfCable2DElement } from '../objects/ANCFCable2D'

export class CableCoordinatesMarker implements MarkerComputation {
  readonly provides = PROVIDES_NOTHING
  constructor(readonly cable: AncfCable2DElement) {}
  setupLTG(): void {}
}

export const MarkerBodyCable2DCoordinates = defineMarker(PROVIDES_NOTHING, {
  type: 'BodyCable2DCoordinates',
  doc:
    'All coordinates of an ANCFCable2D element, for connectors acting anywhere along the element ' +
    '(JointSliding2D slidingMarkerNumbers).',
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', types: ['ANCFCable2D'], doc: 'the ANCFCable2D element' },
    ...visualizationParams(),
  },
  build: (it, ctx) => new CableCoordinatesMarker(cableOf(it, ctx)),
})
