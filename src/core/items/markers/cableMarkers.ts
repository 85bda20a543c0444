// MarkerBodyCable2DCoordinates (Exudyn's name): the coordinates of one ANCFCable2D element, for
// connectors that act along the whole element rather than at a fixed point (JointSliding2D). It
// provides none of the position/orientation/coordinate/mass traits; such connectors read the element
// through the marker.
import type { ItemDefinition } from '../../model/definition'
import type { MarkerComputation } from '../../system/computation'
import { AncfCable2DElement } from '../objects/ancfCable2D'
import { MARKER_PROVIDES, visualizationParams } from '../common'

const PROVIDES_NOTHING = { position: false, orientation: false, coordinate: false, bodyMass: false }

export class CableCoordinatesMarker implements MarkerComputation {
  readonly provides = PROVIDES_NOTHING
  constructor(readonly cable: AncfCable2DElement) {}
  setupLTG(): void {}
}

export const MarkerBodyCable2DCoordinates: ItemDefinition<'marker'> = {
  kind: 'marker',
  type: 'BodyCable2DCoordinates',
  exudynName: 'MarkerBodyCable2DCoordinates',
  doc: 'All coordinates of an ANCFCable2D element, for connectors acting anywhere along the element (JointSliding2D slidingMarkerNumbers).',
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', types: ['ANCFCable2D'], doc: 'the ANCFCable2D element' },
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  build: (it, ctx) => {
    const cable = ctx.object(it.params.ref('bodyNumber'))
    if (!(cable instanceof AncfCable2DElement)) throw new Error(`marker "${it.name}": bodyNumber must be an ANCFCable2D element`)
    return new CableCoordinatesMarker(cable)
  },
}
MARKER_PROVIDES[MarkerBodyCable2DCoordinates.type] = PROVIDES_NOTHING
