// Markers on one ANCFCable2D element for connectors that act along the whole element rather than at a
// fixed point (Exudyn's names):
//   MarkerBodyCable2DCoordinates: the element's coordinates (JointSliding2D);
//   MarkerBodyCable2DShape: the element's surface as numberOfSegments straight segments between the
//     points r(x_i) + verticalOffset n(x_i), x_i = i L / numberOfSegments (ContactFrictionCircleCable2D).
// They provide none of the position/orientation/coordinate/mass traits; such connectors read the
// element through the marker.
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

export class CableShapeMarker implements MarkerComputation {
  readonly provides = PROVIDES_NOTHING
  constructor(
    readonly cable: AncfCable2DElement,
    readonly numberOfSegments: number,
    readonly verticalOffset: number,
  ) {}
  setupLTG(): void {}
}

export const MarkerBodyCable2DShape: ItemDefinition<'marker'> = {
  kind: 'marker',
  type: 'BodyCable2DShape',
  exudynName: 'MarkerBodyCable2DShape',
  doc: "The surface of an ANCFCable2D element as numberOfSegments straight segments between the points r(x_i) + verticalOffset n(x_i) (x_i = i L / numberOfSegments, n the axis normal, the tangent turned by +90 degrees), for contact with the element (ContactFrictionCircleCable2D).",
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', types: ['ANCFCable2D'], doc: 'the ANCFCable2D element' },
    numberOfSegments: { type: 'integer', default: 3, min: 1, doc: 'number of straight segments along the element; must equal numberOfContactSegments of the contact' },
    verticalOffset: { type: 'number', default: 0, unit: 'm', doc: "offset of the segment points from the axis along the cable's local y (e.g. half the cable height for the surface)" },
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  build: (it, ctx) => {
    const cable = ctx.object(it.params.ref('bodyNumber'))
    if (!(cable instanceof AncfCable2DElement)) throw new Error(`marker "${it.name}": bodyNumber must be an ANCFCable2D element`)
    return new CableShapeMarker(cable, it.params.integer('numberOfSegments'), it.params.number('verticalOffset'))
  },
}
MARKER_PROVIDES[MarkerBodyCable2DShape.type] = PROVIDES_NOTHING
