// Markers on one ANCFCable2D element for connectors that act along the whole element rather than at a
// fixed point (Exudyn's names):
//   MarkerBodyCable2DCoordinates: the element's coordinates (JointSliding2D);
//   MarkerBodyCable2DShape: the element's surface as numberOfSegments straight segments between the
//     points r(x_i) + verticalOffset n(x_i), x_i = i L / numberOfSegments (ContactFrictionCircleCable2D).
// They provide none of the position/orientation/coordinate/mass traits; such connectors read the
// element through the marker.
import type { BuildContext, ResolvedItem } from '../../model/definition'
import type { MarkerComputation } from '../../system/computation'
import { AncfCable2DElement } from '../objects/ancfCable2D'
import { visualizationParams } from '../common'
import { defineMarker } from './markers'

const PROVIDES_NOTHING = { position: false, orientation: false, coordinate: false, bodyMass: false }

export class CableCoordinatesMarker implements MarkerComputation {
  readonly provides = PROVIDES_NOTHING
  constructor(readonly cable: AncfCable2DElement) {}
  setupLTG(): void {}
}

function cableOf(it: ResolvedItem, ctx: BuildContext): AncfCable2DElement {
  const cable = ctx.object(it.params.ref('bodyNumber'))
  if (!(cable instanceof AncfCable2DElement))
    throw new Error(`marker "${it.name}": bodyNumber must be an ANCFCable2D element`)
  return cable
}

export const MarkerBodyCable2DCoordinates = defineMarker(PROVIDES_NOTHING, {
  type: 'BodyCable2DCoordinates',
  doc: 'All coordinates of an ANCFCable2D element, for connectors acting anywhere along the element (JointSliding2D slidingMarkerNumbers).',
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', types: ['ANCFCable2D'], doc: 'the ANCFCable2D element' },
    ...visualizationParams(),
  },
  build: (it, ctx) => new CableCoordinatesMarker(cableOf(it, ctx)),
})

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
  doc: 'The surface of an ANCFCable2D element as numberOfSegments straight segments between the points r(x_i) + verticalOffset n(x_i) (x_i = i L / numberOfSegments, n the axis normal, the tangent turned by +90 degrees), for contact with the element (ContactFrictionCircleCable2D).',
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
      doc: "offset of the segment points from the axis along the cable's local y (e.g. half the cable height for the surface)",
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
